import { minimalAnswer } from '../../domain/records/replay-body';
import type { SahyogDb } from '../db/db';
import { applicationSyncState } from '../db/outbox.repository';
import type { Decision, FieldDecision, JsonRequest, LocalApplication, OutboxEffect, OutboxEntry, ReceiptRecord } from '../db/records';
import { readPath, reconcileApplication } from './reconcile';
import type { TransportResponse } from './transport';
import { isObject } from '../../domain/shared/is-object';

/**
 * What an answer means for the device's tables, written by the engine when the app is unlocked;
 * while it is locked (the sealed tables cannot be written), the engine keeps a receipt instead
 * (ids and statuses only) and this applies it at the next drain after unlock.
 */

/** What of an entry its answer is written against (an entry, or a receipt of one). */
export type AnsweredEntry = {
  effect: OutboxEffect;
  applicationLocalId?: string;
  fileLocalIds: string[];
  /** The versioned write it was (record, label, method and path): a conflict answer is kept with it. */
  write?: { record: string; label: string; method: JsonRequest['method']; url: string };
};

export const answeredOf = (entry: OutboxEntry): AnsweredEntry => ({
  effect: entry.effect,
  applicationLocalId: entry.applicationLocalId,
  fileLocalIds: entry.request.kind === 'upload' ? entry.request.fileLocalIds : [],
  ...(entry.request.kind === 'json' && entry.request.condition
    ? { write: { record: entry.request.condition.record, label: entry.label, method: entry.request.method, url: entry.request.url } }
    : {}),
});

/**
 * A conflict answer (409 with the fields someone else changed meanwhile) becomes a decision on the
 * application, replacing an older one of the same record: the rest of the write was applied.
 */
async function writeDecision(db: SahyogDb, entry: AnsweredEntry, data: unknown, at: number): Promise<void> {
  const app = entry.applicationLocalId ? await db.applications.get(entry.applicationLocalId) : undefined;
  const answer = data as { version?: unknown; conflicts?: FieldDecision[] } | null;
  const { write } = entry;
  if (!app || !write || typeof answer?.version !== 'number' || !Array.isArray(answer.conflicts)) return;
  const decision: Decision = {
    record: write.record,
    version: answer.version,
    fields: answer.conflicts,
    label: write.label,
    write: { method: write.method, url: write.url, effect: entry.effect },
    at,
  };
  const decisions = [...(app.decisions ?? []).filter((d) => d.record !== write.record), decision];
  await db.applications.put({ ...app, decisions, updatedAt: at });
}

/** A co-applicant the bureau rejected is news for the officer, on the application. */
function recordNotice(data: unknown, at: number): LocalApplication['notice'] | undefined {
  const checks = readPath(data, 'approval_checks') as { decision?: string; rejected?: boolean; reasons?: string[] } | undefined;
  if (!checks || (checks.decision !== 'REJECTED' && checks.rejected !== true)) return undefined;
  const name = readPath(data, 'name');
  const reasons = (checks.reasons ?? []).map((r) => r.replaceAll('_', ' ')).join(', ');
  return { kind: 'rejected', message: [typeof name === 'string' ? name : 'Co-applicant', reasons].filter(Boolean).join(': '), at };
}

/** The file ids of an upload's answer, in the order of its files. */
function uploadedIds(data: unknown): unknown[] {
  const many = readPath(data, 'files');
  return Array.isArray(many) ? many.map((f) => readPath(f, 'file_id')) : [readPath(data, 'file_id')];
}

/** The server ids a success teaches (`$app:`/`$file:` keys): written clear, so a locked drain resolves references. */
export function learnedIds(entry: AnsweredEntry, response: TransportResponse): { key: string; id: string }[] {
  const { effect } = entry;
  if (effect.type === 'application-created') {
    const serverId = readPath(response.body, effect.idPath);
    return typeof serverId === 'string' ? [{ key: `$app:${effect.applicationLocalId}`, id: serverId }] : [];
  }
  if (effect.type === 'files-uploaded') {
    const ids = uploadedIds(readPath(response.body, 'data'));
    return effect.fileLocalIds.flatMap((localId, i) => {
      const id = ids[i];
      return typeof id === 'string' || typeof id === 'number' ? [{ key: `$file:${localId}`, id: String(id) }] : [];
    });
  }
  return [];
}

/** Writes a success into the local tables (in the caller's transaction over applications, files, records). */
export async function writeSuccess(db: SahyogDb, entry: AnsweredEntry, response: TransportResponse, at: number): Promise<void> {
  const data = readPath(response.body, 'data');
  if (response.status === 409) return writeDecision(db, entry, data, at);
  const effect = entry.effect;
  if (effect.type === 'application-created' || effect.type === 'application-answer') {
    const app = await db.applications.get(effect.applicationLocalId);
    if (app) {
      let next = reconcileApplication(app, data, at);
      if (effect.type === 'application-created') {
        const serverId = readPath(response.body, effect.idPath);
        if (typeof serverId === 'string') next = { ...next, serverId };
      }
      await db.applications.put(next);
    }
  } else if (effect.type === 'record-answer') {
    const record = await db.records.get(effect.recordLocalId);
    if (record) {
      // A replayed answer carries only ids and statuses: it updates the view the record has.
      const server = isObject(data) ? (response.replayed ? { ...record.server, ...data } : data) : record.server;
      await db.records.put({ ...record, server, syncState: 'synced', updatedAt: at });
      const notice = recordNotice(data, at);
      if (notice && record.applicationLocalId) await db.applications.update(record.applicationLocalId, { notice, updatedAt: at });
    }
  } else if (effect.type === 'files-uploaded') {
    const ids = uploadedIds(data);
    for (const [i, localId] of effect.fileLocalIds.entries()) {
      const serverFileId = ids[i];
      if (typeof serverFileId !== 'string' && typeof serverFileId !== 'number') continue;
      await db.files.update(localId, {
        serverFileId: String(serverFileId),
        uploadState: 'uploaded',
        // A replay keeps no parsed document data: what the first answer gave stays.
        ...(response.replayed ? {} : { parsedData: readPath(data, 'parsed_data') }),
      });
    }
  }
}

/** Writes a parked entry's message on its record, files and application (the caller's transaction). */
export async function writeParked(db: SahyogDb, entry: AnsweredEntry, message: string, at: number): Promise<void> {
  if (entry.effect.type === 'record-answer')
    await db.records.update(entry.effect.recordLocalId, { syncState: 'needs_attention', updatedAt: at });
  for (const id of entry.fileLocalIds) await db.files.update(id, { uploadState: 'failed', uploadError: message });
  if (entry.applicationLocalId) {
    await db.applications.update(entry.applicationLocalId, {
      syncState: 'needs_attention',
      notice: { kind: 'error', message, at },
      updatedAt: at,
    });
  }
}

/** The application's sync state from what is left of its outbox entries. */
export async function refreshSyncState(db: SahyogDb, applicationLocalId: string, at: number): Promise<void> {
  const app = await db.applications.get(applicationLocalId);
  if (!app) return;
  const syncState = await applicationSyncState(db, applicationLocalId);
  if (syncState !== app.syncState) await db.applications.update(applicationLocalId, { syncState, updatedAt: at });
}

/** Quoted values of a server message (a file's name) are not kept where the data key does not reach. */
export const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/**
 * A locked drain's record of an answer: the entry's effect and the answer cut to ids and statuses,
 * its message without quoted values (it is stored in clear).
 */
export function receiptOf(entry: OutboxEntry, response: TransportResponse, parked: boolean, at: number): ReceiptRecord {
  const body = minimalAnswer(response.body);
  if (body && typeof body.message === 'string') body.message = withoutQuotedValues(body.message);
  return { entrySeq: entry.seq!, ...answeredOf(entry), answer: { status: response.status, body }, parked, at };
}

/**
 * Applies what locked drains received, in order, now that the sealed tables can be written: a
 * success as a replayed answer (ids and statuses), a parked entry with its message.
 */
export async function applyReceipts(db: SahyogDb, message: (body: unknown, status: number) => string): Promise<void> {
  if ((await db.receipts.count()) === 0) return;
  await db.transaction('rw', [db.receipts, db.applications, db.files, db.records, db.outbox], async () => {
    for (const receipt of await db.receipts.toArray()) {
      const response: TransportResponse = { status: receipt.answer.status, body: receipt.answer.body, replayed: true };
      if (receipt.parked) await writeParked(db, receipt, message(receipt.answer.body, receipt.answer.status), receipt.at);
      else await writeSuccess(db, receipt, response, receipt.at);
      if (receipt.applicationLocalId && !receipt.parked) await refreshSyncState(db, receipt.applicationLocalId, receipt.at);
      await db.receipts.delete(receipt.seq!);
    }
  });
}
