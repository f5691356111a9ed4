import { pathOf, type Envelope, type WebhookState } from '../../domain';
import { WEBHOOK_ROUTES, type WebhookEndpointView, type WebhookEventView } from '../../domain/routes/webhooks.table';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export type { WebhookDeliveryView, WebhookEndpointView, WebhookEventView } from '../../domain/routes/webhooks.table';

/** Where the lender's events go (the URL, never the secret). */
export function fetchWebhookEndpoint(): Promise<Envelope<WebhookEndpointView>> {
  return requestEnvelope(mainApi.get(pathOf(WEBHOOK_ROUTES.endpoint)));
}

/** The tenant's loan events, newest first, each with its delivery attempts. */
export function listWebhookEvents(state?: WebhookState): Promise<Envelope<WebhookEventView[]>> {
  return requestEnvelope(mainApi.get(pathOf(WEBHOOK_ROUTES.events), { params: state ? { state } : {} }));
}

/** "Redeliver": the event is due again at once; the key makes a retried tap the same request. */
export function redeliverWebhookEvent(id: string, idempotencyKey: string): Promise<Envelope<WebhookEventView>> {
  return requestEnvelope(
    mainApi.post(pathOf(WEBHOOK_ROUTES.redeliver, { id }), undefined, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}
