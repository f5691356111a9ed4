import * as z from 'zod/mini';
import { routeTable } from './route';

/**
 * Liveness (the process answers) and readiness (send it traffic? 503 while it drains or its
 * database does not answer): docs/operations.md.
 */
export const HEALTH_ROUTES = routeTable({
  live: { method: 'GET', path: '/api/health', answer: z.object({ status: z.literal('ok') }) },
  ready: { method: 'GET', path: '/api/health/ready', answer: z.object({ status: z.literal('ready') }) },
});
