import type { SahyogDb } from './db';
import { newIdempotencyKey } from './ids';
import type { OutboxEffect, OutboxEntry, OutboxRequest } from './records';

export type QueueItem = {
  label: string;
  applicationLocalId?: string;
  request: OutboxRequest;
  effect?: OutboxEffect;
};

/**
 * Adds entries to the outbox, in order, with their idempotency keys fixed now: a replay weeks
 * later carries the same key. Call inside a caller's transaction to write them with the step.
 */
export async function queueItems(db: SahyogDb, items: QueueItem[], now = Date.now()): Promise<number[]> {
  const entries: OutboxEntry[] = items.map((item) => ({
    idempotencyKey: newIdempotencyKey(),
    label: item.label,
    applicationLocalId: item.applicationLocalId,
    request: item.request,
    effect: item.effect ?? { type: 'none' },
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  }));
  return db.transaction('rw', [db.outbox, db.applications], async () => {
    const seqs = (await db.outbox.bulkAdd(entries, { allKeys: true })) as number[];
    for (const id of new Set(items.map((i) => i.applicationLocalId).filter((x): x is string => !!x))) {
      await db.applications.update(id, { syncState: 'pending', updatedAt: now });
    }
    return seqs;
  });
}

/** Retry now: clears the backoff (and a parked state) of one entry. */
export async function retryEntry(db: SahyogDb, seq: number, now = Date.now()): Promise<void> {
  await db.outbox.update(seq, { state: 'pending', nextAttemptAt: now });
}

/** Discard is a person's decision (the UI asks first); the entry's files stay on the device. */
export async function discardEntry(db: SahyogDb, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.applications], async () => {
    const entry = await db.outbox.get(seq);
    await db.outbox.delete(seq);
    if (entry?.applicationLocalId) {
      const rest = await db.outbox.where('applicationLocalId').equals(entry.applicationLocalId).toArray();
      const syncState = rest.some((e) => e.state === 'needs_attention') ? 'needs_attention' : rest.length ? 'pending' : 'synced';
      await db.applications.update(entry.applicationLocalId, { syncState });
    }
  });
}

export async function countUnsynced(db: SahyogDb): Promise<number> {
  return db.outbox.count();
}
