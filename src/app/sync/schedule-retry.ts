import type { SahyogDb } from '../db/db';
import type { OutboxEntry } from '../db/records';
import { backoffDelayMs } from './backoff';
import { tablesReadable } from './tables-readable';

/** Marks the entry for another try after its backoff; returns when that try is due. */
export async function scheduleRetry(
  db: SahyogDb,
  entry: OutboxEntry,
  failure: { message: string; status?: number },
  clock: { now: () => number; random: () => number },
): Promise<number> {
  const attempts = entry.attempts + 1;
  const nextAttemptAt = clock.now() + backoffDelayMs(attempts, clock.random);
  if (entry.request.kind === 'upload' && tablesReadable(db)) {
    await db.files.bulkUpdate(entry.request.fileLocalIds.map((key) => ({ key, changes: { uploadState: 'pending' as const } })));
  }
  await db.outbox.update(entry.seq!, {
    state: 'retrying',
    attempts,
    lastError: failure.message,
    lastStatus: failure.status,
    nextAttemptAt,
  });
  return nextAttemptAt;
}
