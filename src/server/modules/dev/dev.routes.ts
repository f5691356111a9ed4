import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEV_ROUTES } from '../../../domain/routes/dev.table';
import { requireDesignation } from '../../http/auth-guards';
import { fail, ok } from '../../http/envelope';
import { createDraftApplication } from '../applications/applications.service';
import { listOutbox } from './dev.service';
import { noBody } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';

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
  return isLoopbackClient(request) ? undefined : fail(reply, 404, 'Route not found');
}

/** Development helpers; app.ts does not register them when NODE_ENV=production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...tableRoute(app, DEV_ROUTES.sms),
    onRequest: loopbackOnly,
    handler: async (request) => ok(await listOutbox(app.db, request.tenant, request.query.mobile)),
  });

  // A DRAFT application for the signed-in officer: a fixture for tests and training until the
  // mobile-validation flow (which creates applications in production) is built.
  app.route({
    ...tableRoute(app, DEV_ROUTES.applications, { body: noBody }),
    onRequest: [requireDesignation('RELATIONSHIP_OFFICER')],
    handler: async (request) =>
      ok({ application_id: await createDraftApplication(app.db, request.tenant, request.user!.id, app.clock.now()) }),
  });
};
