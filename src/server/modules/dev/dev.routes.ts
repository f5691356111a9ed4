import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { loginMobileSchema } from '../../../domain';
import { fail, ok, parseInput } from '../../http/envelope';
import { listOutbox } from './dev.service';

const smsQuery = z.object({ mobile: loginMobileSchema });

/** Development helpers; app.ts does not register them when NODE_ENV=production. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sms', async (request, reply) => {
    const query = parseInput(smsQuery, request.query, 'Query');
    if (!query.ok) return fail(reply, 400, query.message);
    return ok(await listOutbox(app.db, request.tenant, query.value.mobile));
  });
}
