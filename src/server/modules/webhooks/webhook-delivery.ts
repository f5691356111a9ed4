import type { Tenant } from '../../../domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { LoanEventRow } from '../../db/schema';
import type { WebhookDelivery } from '../../types';
import { nextAttemptAt, RETRY_WINDOW_MS } from './webhook-backoff';
import type { WebhookEndpoints } from './webhook-endpoints';
import { postWebhook, type PostResult } from './webhook-post';
import { signatureHeader } from './webhook-signature';
import { claimDueEvents, recordAttempt, type AttemptOutcome } from './webhooks.queries';

export type WebhookDeliveryOptions = {
  db: Db;
  clock: Clock;
  endpoints: WebhookEndpoints;
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  /** [0, 1): the backoff's jitter; tests fix it. */
  random?: () => number;
  /** Events attempted at once by one node. */
  batch?: number;
  log?: (fields: Record<string, unknown>, message: string) => void;
};

/** The body an event is delivered with (docs/webhooks.md): the same bytes on every attempt. */
export function eventBody(event: Pick<LoanEventRow, 'id' | 'type' | 'created_at' | 'payload'>): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at.toISOString(), data: event.payload });
}

export function eventHeaders(event: Pick<LoanEventRow, 'id' | 'type'>, secret: string, unixSeconds: number, body: string) {
  return {
    'user-agent': 'Sahyog-Webhooks/1',
    'sahyog-event-id': event.id,
    'sahyog-event-type': event.type,
    'sahyog-signature': signatureHeader(secret, unixSeconds, body),
  };
}

const isSuccess = (result: PostResult) => result.status !== null && result.status >= 200 && result.status < 300;

/**
 * Delivers the tenants' loan events at least once: each due event is claimed for one attempt,
 * POSTed signed to its tenant's endpoint, and the attempt recorded with its outcome (2xx:
 * delivered; otherwise the next attempt after an exponential, jittered wait, until 72 hours are
 * over and it is marked failed).
 */
export function createWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { db, clock, endpoints, timeoutMs, allowPrivateAddresses } = options;
  const random = options.random ?? Math.random;
  const batch = options.batch ?? 20;
  const tenants = Object.keys(endpoints) as Tenant[];
  // Past the attempt's time limit, with room for recording it, before another node may take the event.
  const leaseMs = timeoutMs + 30_000;

  async function attempt(event: LoanEventRow): Promise<AttemptOutcome> {
    const tenant = event.tenant_id as Tenant;
    const endpoint = endpoints[tenant]!;
    const attemptedAt = clock.now();
    const body = eventBody(event);
    const headers = eventHeaders(event, endpoint.secret, Math.floor(attemptedAt / 1000), body);
    const result = await postWebhook(endpoint.url, headers, body, { timeoutMs, allowPrivateAddresses });
    const now = clock.now();
    const until = (event.deliver_until ?? new Date(event.created_at.getTime() + RETRY_WINDOW_MS)).getTime();
    let outcome: AttemptOutcome;
    if (isSuccess(result)) outcome = { state: 'delivered', at: now };
    else {
      const next = nextAttemptAt(event.attempts, now, until, random());
      outcome = next === null ? { state: 'failed' } : { state: 'pending', nextAt: next };
    }
    await recordAttempt(db, { tenant, id: event.id, attempt: event.attempts }, { attemptedAt, ...result }, outcome);
    options.log?.(
      {
        tenant,
        event: event.id,
        attempt: event.attempts,
        status: result.status,
        error: result.error,
        ms: result.durationMs,
        state: outcome.state,
      },
      'webhook attempt',
    );
    return outcome;
  }

  /** One pass: every event due now, in batches; answers how many attempts were made. */
  async function deliverDue(): Promise<number> {
    let made = 0;
    for (;;) {
      const claimed = await claimDueEvents(db, tenants, clock.now(), leaseMs, batch);
      await Promise.all(claimed.map(attempt));
      made += claimed.length;
      if (claimed.length < batch) return made;
    }
  }

  // "Soon": a pass started now, or, when one is running, one more right after it (never two at once).
  let running: Promise<void> | undefined;
  let again = false;
  function deliverSoon(): Promise<void> {
    if (tenants.length === 0) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue().catch((err: unknown) =>
          options.log?.({ err: err instanceof Error ? err.message : 'unknown' }, 'webhook delivery failed'),
        );
      } while (again);
      running = undefined;
    })();
    return running;
  }

  return {
    deliverDue,
    deliverSoon,
    /** Resolves once no pass is running (app close, tests). */
    idle: async () => {
      while (running) await running;
    },
    endpointOf: (tenant: Tenant) => endpoints[tenant],
  };
}
