import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { loginMobileSchema } from '../../../domain';
import { requireDesignation } from '../../http/auth-guards';
import { fail, ok } from '../../http/envelope';
import { createDraftApplication } from '../applications/applications.service';
import { listOutbox } from './dev.service';
import { noBody } from '../../http/route-schemas';
import { answers } from '../../http/route-responses';
import { said } from '../../kernels/messages';

const outboxResponse = z.array(z.object({ to: z.string(), text: z.string(), otp: z.nullable(z.string()), sent_at: z.string() }));

const smsQuery = z.object({ mobile: loginMobileSchema });

/**
 * Whether the request comes straight from this machine: the socket's peer (never a forwarded
 * address, whatever trustProxy says) is loopback and no proxy forwarded it. A demo server on a
 * branch network must not hand out other people's codes.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/** onRequest: any other client is told the route does not exist, before its query is looked at. */
async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  return isLoopbackClient(request) ? undefined : fail(reply, 404, said('text.routeNotFound'));
}

/** Development helpers; app.ts does not register them when NODE_ENV=production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sms', { onRequest: loopbackOnly, schema: { querystring: smsQuery, response: answers(outboxResponse) } }, async (request) =>
    ok(await listOutbox(app.db, request.tenant, request.query.mobile)),
  );

  // A DRAFT application for the signed-in officer: a fixture for tests and training until the
  // mobile-validation flow (which creates applications in production) is built.
  app.post(
    '/applications',
    {
      onRequest: [requireDesignation('RELATIONSHIP_OFFICER')],
      schema: { body: noBody, response: answers(z.object({ application_id: z.string() })) },
    },
    async (request) => ok({ application_id: await createDraftApplication(app.db, request.tenant, request.user!.id, app.clock.now()) }),
  );
};
