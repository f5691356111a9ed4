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

/** Sends a waiting or parked item again at the next drain. */
export const retryOutboxEntry = (seq: number): Promise<void> => retryEntry(getDb(), seq);

/** Discards items, the last queued first (so nothing is left waiting on a discarded one). */
export async function discardOutboxEntries(seqs: readonly number[]): Promise<void> {
  for (const seq of [...seqs].reverse()) await discardEntry(getDb(), seq);
}
