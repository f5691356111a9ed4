import type { SahyogDb } from '../db/db';
import type { OutboxEntry } from '../db/records';
import { answeredOf, learnedIds, receiptOf, refreshSyncState, withoutQuotedValues, writeParked, writeSuccess } from './apply-answer';
import { answerMessage } from './reconcile';
import { tablesReadable } from './tables-readable';
import type { TransportResponse } from './transport';

/**
 * Writes what a success means into the local tables and removes the entry, atomically. Locked,
 * the entry goes, the ids it taught are kept clear, and a receipt waits for the unlock.
 */
export async function applySuccess(db: SahyogDb, entry: OutboxEntry, response: TransportResponse, at: number): Promise<void> {
  const answered = answeredOf(entry);
  const learned = learnedIds(answered, response);
  if (!tablesReadable(db)) {
    await db.transaction('rw', [db.outbox, db.serverIds, db.receipts], async () => {
      if (learned.length) await db.serverIds.bulkPut(learned);
      await db.receipts.add(receiptOf(entry, response, false, at));
      await db.outbox.delete(entry.seq!);
    });
    return;
  }
  await db.transaction('rw', [db.outbox, db.applications, db.files, db.records, db.serverIds], async () => {
    if (learned.length) await db.serverIds.bulkPut(learned);
    await writeSuccess(db, answered, response, at);
    await db.outbox.delete(entry.seq!);
    if (entry.applicationLocalId) await refreshSyncState(db, entry.applicationLocalId, at);
  });
}

/** The entry waits for the person (the server refused it), with the server's reason. */
export async function parkEntry(db: SahyogDb, entry: OutboxEntry, response: TransportResponse, at: number): Promise<void> {
  const message = answerMessage(response.body, response.status);
  // An entry sealed for the server is stored in clear: quoted values of the message (a file's
  // name) stay only on the sealed file and application.
  const lastError = entry.sealed ? withoutQuotedValues(message) : message;
  const parked = { state: 'needs_attention' as const, lastError, lastStatus: response.status, attempts: entry.attempts + 1 };
  if (!tablesReadable(db)) {
    await db.transaction('rw', [db.outbox, db.receipts], async () => {
      await db.outbox.update(entry.seq!, parked);
      await db.receipts.add(receiptOf(entry, response, true, at));
    });
    return;
  }
  await db.transaction('rw', [db.outbox, db.applications, db.files, db.records], async () => {
    await db.outbox.update(entry.seq!, parked);
    await writeParked(db, answeredOf(entry), message, at);
  });
}

export async function markUploading(db: SahyogDb, fileLocalIds: string[]): Promise<void> {
  await db.files.bulkUpdate(fileLocalIds.map((key) => ({ key, changes: { uploadState: 'uploading' as const } })));
}
