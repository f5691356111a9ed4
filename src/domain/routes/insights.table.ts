import { insightsExportQuerySchema, insightsQuerySchema, insightsSchema } from '../ops/insights';
import { routeTable } from './route';

// Online only (the branch pipeline screen): not in the domain's barrel; the build keeps this file
// in the screen's chunk (vite.config.ts, insights-screen).

/**
 * The branch pipeline dashboard (issue 36, docs/insights.md) and its export: the export answers
 * the file itself (a workbook or a CSV, not the envelope), which its route declares.
 */
export const INSIGHTS_ROUTES = routeTable({
  figures: { method: 'GET', path: '/api/v1/insights', query: insightsQuerySchema, answer: insightsSchema },
  export: { method: 'GET', path: '/api/v1/insights/export', query: insightsExportQuerySchema },
});
