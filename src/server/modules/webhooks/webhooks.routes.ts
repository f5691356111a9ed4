import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBHOOK_MANAGER } from '../../../domain';
import { WEBHOOK_ROUTES } from '../../../domain/routes/webhooks.table';
import { requireDesignation } from '../../http/auth-guards';
import { answer, ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';
import { listWebhookEvents, redeliverWebhookEvent } from './webhooks.service';
import { said } from '../../kernels/messages';

/**
 * The branch manager's view of the loan events sent to the lender's loan-management system: the
 * endpoint (never its secret), each event with its attempts, and "redeliver".
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = { onRequest: [requireDesignation(WEBHOOK_MANAGER)] };

  app.route({
    ...tableRoute(app, WEBHOOK_ROUTES.endpoint),
    ...manager,
    handler: async (request) => {
      const endpoint = app.webhooks.endpointOf(request.tenant);
      return ok({ configured: !!endpoint, url: endpoint?.url ?? null });
    },
  });

  app.route({
    ...tableRoute(app, WEBHOOK_ROUTES.events),
    ...manager,
    handler: async (request) => ok(await listWebhookEvents(app.db, request.tenant, request.query)),
  });

  app.route({
    ...tableRoute(app, WEBHOOK_ROUTES.redeliver, { body: noBody }),
    ...manager,
    handler: async (request, reply) => {
      const configured = !!app.webhooks.endpointOf(request.tenant);
      const outcome = await redeliverWebhookEvent(app.db, request.tenant, request.params.id, app.clock.now(), configured);
      return answer(reply, outcome, said('webhook.redeliverySoon'));
    },
  });
};
