import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { WEBHOOK_MANAGER, WEBHOOK_STATES, webhookEventParams, webhookEventsQuery } from '../../../domain';
import { requireDesignation } from '../../http/auth-guards';
import { answer, ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { answers } from '../../http/route-responses';
import { listWebhookEvents, redeliverWebhookEvent } from './webhooks.service';
import { said } from '../../kernels/messages';

const deliveryView = z.object({
  attempt: z.number(),
  attempted_at: z.string(),
  duration_ms: z.number(),
  status_code: z.nullable(z.number()),
  error: z.nullable(z.string()),
});
const eventView = z.object({
  id: z.string(),
  type: z.enum(['loan.disbursed', 'loan.cancelled']),
  application_id: z.string(),
  created_at: z.string(),
  state: z.enum(WEBHOOK_STATES),
  attempts: z.number(),
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  deliveries: z.array(deliveryView),
});
const endpointView = z.object({ configured: z.boolean(), url: z.nullable(z.string()) });

/**
 * The branch manager's view of the loan events sent to the lender's loan-management system: the
 * endpoint (never its secret), each event with its attempts, and "redeliver".
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = { onRequest: [requireDesignation(WEBHOOK_MANAGER)] };

  app.get('/endpoint', { ...manager, schema: { response: answers(endpointView) } }, async (request) => {
    const endpoint = app.webhooks.endpointOf(request.tenant);
    return ok({ configured: !!endpoint, url: endpoint?.url ?? null });
  });

  app.get('/events', { ...manager, schema: { querystring: webhookEventsQuery, response: answers(z.array(eventView)) } }, async (request) =>
    ok(await listWebhookEvents(app.db, request.tenant, request.query)),
  );

  app.post(
    '/events/:id/redeliver',
    { ...manager, schema: { params: webhookEventParams, body: noBody, response: answers(eventView) } },
    async (request, reply) => {
      const configured = !!app.webhooks.endpointOf(request.tenant);
      const outcome = await redeliverWebhookEvent(app.db, request.tenant, request.params.id, app.clock.now(), configured);
      return answer(reply, outcome, said('webhook.redeliverySoon'));
    },
  );
};
