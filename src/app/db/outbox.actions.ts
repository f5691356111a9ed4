import { getDb } from './db';
import { countUnsynced, discardEntry, retryEntry } from './outbox.repository';

/** Items on this device not yet accepted by the server; 0 when the device database cannot open. */
export async function countUnsyncedHere(): Promise<number> {
  try {
    return await countUnsynced(getDb());
  } catch {
    return 0; // no device database: nothing can be waiting in it
  }
}

/**
 * Items a forgotten PIN loses: those queued before the app had the server's key, sealed with the
 * data key. Items sealed for the server stay and are still sent.
 */
export async function countLostWithPinHere(): Promise<number> {
  try {
    return await getDb()
      .outbox.filter((entry) => entry.sealed === undefined)
      .count();
  } catch {
    return 0;
  }
}

/** How many items of one application this device has not yet sent (waiting, retrying or parked). */
export const countUnsyncedOf = (applicationLocalId: string): Promise<number> =>
  getDb().outbox.where('applicationLocalId').equals(applicationLocalId).count();

/** Sends a waiting or parked item again at the next drain. */
export const retryOutboxEntry = (seq: number): Promise<void> => retryEntry(getDb(), seq);

/**
 * Discards items all together or none (one transaction), the last queued first, so no item is
 * ever left waiting for one already gone.
 */
export async function discardOutboxEntries(seqs: readonly number[]): Promise<void> {
  const db = getDb();
  await db.transaction('rw', [db.outbox, db.files, db.applications], async () => {
    for (const seq of [...seqs].reverse()) await discardEntry(db, seq);
  });
}
