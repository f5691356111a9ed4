import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { loginMobileSchema } from '../../../domain';
import { requireDesignation, requireUser } from '../../http/auth-guards';
import { fail, ok, parseInput } from '../../http/envelope';
import { createDraftApplication } from '../applications/applications.service';
import { listOutbox } from './dev.service';

const smsQuery = z.object({ mobile: loginMobileSchema });

/** Development helpers; app.ts does not register them when NODE_ENV=production. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sms', async (request, reply) => {
    const query = parseInput(smsQuery, request.query, 'Query');
    if (!query.ok) return fail(reply, 400, query.message);
    return ok(await listOutbox(app.db, request.tenant, query.value.mobile));
  });

  // A DRAFT application for the signed-in officer: a fixture for tests and training until the
  // mobile-validation flow (which creates applications in production) is built.
  app.post('/applications', { preHandler: [requireUser, requireDesignation('RELATIONSHIP_OFFICER')] }, async (request) =>
    ok({ application_id: await createDraftApplication(app.db, request.tenant, request.user!.id, app.clock.now()) }),
  );
}
