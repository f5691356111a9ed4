/**
 * The branch pipeline's screen, lazily loaded and never precached (issue 36): one loader for its
 * route and for the dashboard, which fetches the file while a manager is there (features do not
 * import one another).
 */
export const loadInsightsScreen = () => import('./features/insights/insights-screen');
