import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { fail, ok } from '../../http/envelope';
import { answers } from '../../shared/route-responses';

/** How long the readiness probe waits for the database before calling it unreachable. */
const READY_DB_TIMEOUT_MS = 2000;

export const NOT_READY_DRAINING = 'This server is stopping';
export const NOT_READY_DATABASE = 'The database is not reachable';

async function databaseAnswers(query: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([query().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness, GET /api/health: the process answers (no database work; the benchmark's baseline).
 * Readiness, GET /api/health/ready: send it traffic? 503 while it drains (a SIGTERM) or while its
 * database does not answer; the load balancer checks this one. A server that is still migrating
 * does not listen yet, so it is not ready either.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: answers(z.object({ status: z.literal('ok') })) } }, async () => ok({ status: 'ok' as const }));
  app.get('/health/ready', { schema: { response: answers(z.object({ status: z.literal('ready') }), [503]) } }, async (_request, reply) => {
    if (app.lifecycle.draining) return fail(reply, 503, NOT_READY_DRAINING);
    if (!(await databaseAnswers(() => app.db.execute(sql`select 1`)))) return fail(reply, 503, NOT_READY_DATABASE);
    return ok({ status: 'ready' as const });
  });
};
