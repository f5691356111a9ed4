import type { Envelope, WebhookEndpointView, WebhookEventView, WebhookState } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** Where the lender's events go (the URL, never the secret). */
export function fetchWebhookEndpoint(): Promise<Envelope<WebhookEndpointView>> {
  return requestEnvelope(mainApi.get('/v1/webhooks/endpoint'));
}

/** The tenant's loan events, newest first, each with its delivery attempts. */
export function listWebhookEvents(state?: WebhookState): Promise<Envelope<WebhookEventView[]>> {
  return requestEnvelope(mainApi.get('/v1/webhooks/events', { params: state ? { state } : {} }));
}

/** "Redeliver": the event is due again at once; the key makes a retried tap the same request. */
export function redeliverWebhookEvent(id: string, idempotencyKey: string): Promise<Envelope<WebhookEventView>> {
  return requestEnvelope(
    mainApi.post(`/v1/webhooks/events/${encodeURIComponent(id)}/redeliver`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}
