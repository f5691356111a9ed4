import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { loanEvents, webhookDeliveries, type LoanEventRow, type WebhookDeliveryRow } from '../../db/schema';

const due = (now: Date) =>
  and(eq(loanEvents.delivery_state, 'pending'), or(isNull(loanEvents.next_attempt_at), lte(loanEvents.next_attempt_at, now)));

/**
 * Takes up to `limit` due events of these tenants for one attempt each: the attempt is counted and
 * the event leased (its next attempt pushed past the attempt's time limit) in one statement, rows
 * another node is taking skipped, so each attempt is made by one node. A node that dies mid-attempt
 * leaves the lease to run out, and the event is tried again.
 */
export async function claimDueEvents(
  db: Db,
  tenants: readonly Tenant[],
  now: number,
  leaseMs: number,
  limit: number,
): Promise<LoanEventRow[]> {
  if (tenants.length === 0) return [];
  const at = new Date(now);
  const chosen = db
    .select({ tenant_id: loanEvents.tenant_id, id: loanEvents.id })
    .from(loanEvents)
    .where(and(inArray(loanEvents.tenant_id, [...tenants]), due(at)))
    .orderBy(asc(loanEvents.created_at))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(loanEvents)
    .set({ attempts: sql`${loanEvents.attempts} + 1`, next_attempt_at: new Date(now + leaseMs) })
    .where(and(sql`(${loanEvents.tenant_id}, ${loanEvents.id}) in ${chosen}`, due(at)))
    .returning();
}

export type AttemptOutcome = { state: 'delivered'; at: number } | { state: 'pending'; nextAt: number } | { state: 'failed' };

/**
 * Records attempt `attempt` of an event and what follows from it, in one transaction. The event is
 * changed only if no later attempt was claimed meanwhile (a redelivery while this one ran).
 */
export async function recordAttempt(
  db: Db,
  event: { tenant: Tenant; id: string; attempt: number },
  delivery: { attemptedAt: number; durationMs: number; status: number | null; error: string | null },
  outcome: AttemptOutcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(webhookDeliveries)
      .values({
        tenant_id: event.tenant,
        event_id: event.id,
        attempt: event.attempt,
        attempted_at: new Date(delivery.attemptedAt),
        duration_ms: delivery.durationMs,
        status_code: delivery.status,
        error: delivery.error,
      })
      .onConflictDoNothing();
    const change =
      outcome.state === 'delivered'
        ? { delivery_state: 'delivered' as const, delivered_at: new Date(outcome.at), next_attempt_at: null }
        : outcome.state === 'failed'
          ? { delivery_state: 'failed' as const, next_attempt_at: null }
          : { next_attempt_at: new Date(outcome.nextAt) };
    await tx
      .update(loanEvents)
      .set(change)
      .where(and(eq(loanEvents.tenant_id, event.tenant), eq(loanEvents.id, event.id), eq(loanEvents.attempts, event.attempt)));
  });
}

/** A redelivery: the event is due now, with a new window, whatever its state. */
export async function markForRedelivery(db: Db, tenant: Tenant, id: string, now: number, windowMs: number): Promise<void> {
  await db
    .update(loanEvents)
    .set({ delivery_state: 'pending', next_attempt_at: new Date(now), deliver_until: new Date(now + windowMs) })
    .where(and(eq(loanEvents.tenant_id, tenant), eq(loanEvents.id, id)));
}

export type EventWithDeliveries = LoanEventRow & { deliveries: WebhookDeliveryRow[] };

/** The tenant's events, newest first, each with its attempts (oldest first). */
export async function eventsWithDeliveries(
  db: Db,
  tenant: Tenant,
  filter: { state?: LoanEventRow['delivery_state']; id?: string; before?: Date; limit: number },
): Promise<EventWithDeliveries[]> {
  const events = await db
    .select()
    .from(loanEvents)
    .where(
      and(
        eq(loanEvents.tenant_id, tenant),
        filter.state ? eq(loanEvents.delivery_state, filter.state) : undefined,
        filter.id ? eq(loanEvents.id, filter.id) : undefined,
        filter.before ? sql`${loanEvents.created_at} < ${filter.before.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(desc(loanEvents.created_at), desc(loanEvents.id))
    .limit(filter.limit);
  if (events.length === 0) return [];
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenant_id, tenant),
        inArray(
          webhookDeliveries.event_id,
          events.map((e) => e.id),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.attempt));
  return events.map((e) => ({ ...e, deliveries: deliveries.filter((d) => d.event_id === e.id) }));
}
