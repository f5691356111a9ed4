import type { Tenant } from '../../../domain';
import type { WebhookEventView } from '../../../domain/routes/webhooks.table';
import type { Db } from '../../db/client';
import { accept, refuse, type Outcome } from '../../outcome';
import { RETRY_WINDOW_MS } from './webhook-backoff';
import { eventsWithDeliveries, markForRedelivery, type EventWithDeliveries } from './webhooks.queries';
import { said } from '../../kernels/messages';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function eventView(event: EventWithDeliveries): WebhookEventView {
  return {
    id: event.id,
    type: event.type as WebhookEventView['type'],
    application_id: event.application_id,
    created_at: event.created_at.toISOString(),
    state: event.delivery_state,
    attempts: event.attempts,
    next_attempt_at: event.delivery_state === 'pending' ? iso(event.next_attempt_at ?? event.created_at) : null,
    delivered_at: iso(event.delivered_at),
    deliveries: event.deliveries.map((d) => ({
      attempt: d.attempt,
      attempted_at: d.attempted_at.toISOString(),
      duration_ms: d.duration_ms,
      status_code: d.status_code,
      error: d.error,
    })),
  };
}

export async function listWebhookEvents(
  db: Db,
  tenant: Tenant,
  query: { state?: WebhookEventView['state']; limit?: number; before?: string },
): Promise<WebhookEventView[]> {
  const events = await eventsWithDeliveries(db, tenant, {
    state: query.state,
    before: query.before ? new Date(query.before) : undefined,
    limit: query.limit ?? 50,
  });
  return events.map(eventView);
}

/**
 * "Redeliver": the event is due now, with a fresh 72-hour window, whatever its state. Asking twice
 * leaves it as asking once (one event due now, not two deliveries queued); the attempt follows the
 * answer (webhooks.job.ts).
 */
export async function redeliverWebhookEvent(
  db: Db,
  tenant: Tenant,
  id: string,
  now: number,
  configured: boolean,
): Promise<Outcome<WebhookEventView>> {
  // Another tenant's event does not exist here: 404 before anything about this tenant's endpoint.
  if ((await eventsWithDeliveries(db, tenant, { id, limit: 1 })).length === 0) return refuse(404, said('webhook.eventNotFound'));
  if (!configured) return refuse(409, said('webhook.notConfigured'));
  await markForRedelivery(db, tenant, id, now, RETRY_WINDOW_MS);
  const [event] = await eventsWithDeliveries(db, tenant, { id, limit: 1 });
  return accept(eventView(event!));
}
