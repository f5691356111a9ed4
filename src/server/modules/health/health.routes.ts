import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_ROUTES } from '../../../domain/routes/health.table';
import { fail, ok } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { databaseAnswers } from './health.service';

export const NOT_READY_DRAINING = 'This server is stopping';
export const NOT_READY_DATABASE = 'The database is not reachable';

/**
 * Liveness, GET /api/health: the process answers (no database work; the benchmark's baseline).
 * Readiness, GET /api/health/ready: send it traffic? 503 while it drains (a SIGTERM) or while its
 * database does not answer; the load balancer checks this one. A server that is still migrating
 * does not listen yet, so it is not ready either.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...tableRoute(app, HEALTH_ROUTES.live), handler: async () => ok({ status: 'ok' as const }) });
  app.route({
    ...tableRoute(app, HEALTH_ROUTES.ready, { more: [503] }),
    handler: async (_request, reply) => {
      if (app.lifecycle.draining) return fail(reply, 503, NOT_READY_DRAINING);
      if (!(await databaseAnswers(app.db))) return fail(reply, 503, NOT_READY_DATABASE);
      return ok({ status: 'ready' as const });
    },
  });
};
