import Dexie from 'dexie';
import { collectReferences } from '../../domain/outbox-references';
import { referenceKey, type OutboxPublicKey } from '../../domain/sealed-envelope';
import { sealForServer } from '../crypto/server-seal';
import { readStoredLanguage } from '../i18n/stored-language';
import type { SahyogDb } from './db';
import { newIdempotencyKey } from './ids';
import { KV_KEYS, readKv } from './kv.repository';
import type { OutboxEffect, OutboxEntry, OutboxRequest, SyncState } from './records';

export type QueueItem = {
  /** A kind ('KYC details', 'PAN', 'Co-borrower'): it is stored in clear, so never a name. */
  label: string;
  applicationLocalId?: string;
  request: OutboxRequest;
  effect?: OutboxEffect;
  /** An upload's files, in the order of its `fileLocalIds`: sealed for the server with the entry. */
  files?: { blob: Blob; name: string }[];
};

/**
 * The entry sealed for the server (sealed-envelope.ts): its body (or fields and file names) and
 * its files become ciphertext only the server opens, and the entry keeps only what the sync
 * centre and the engine need in clear (kind, path, local ids, sizes).
 */
export async function sealEntry(
  entry: OutboxEntry,
  serverKey: OutboxPublicKey,
  files: { blob: Blob; name: string }[] = [],
): Promise<OutboxEntry> {
  const { request } = entry;
  if (request.kind === 'upload' && files.length !== request.fileLocalIds.length) throw new Error('An upload is queued with its files');
  const json =
    request.kind === 'json'
      ? { url: request.url, body: request.body }
      : { url: request.url, fields: request.fields, names: files.map((f) => f.name), types: files.map((f) => f.blob.type) };
  const method = request.kind === 'json' ? request.method : 'POST';
  const blobs = files.map((f) => f.blob);
  const sealed = await sealForServer(serverKey, { method, idempotencyKey: entry.idempotencyKey, json, files: blobs });
  const refs = [...new Set(collectReferences(request.kind === 'json' ? request.body : request.fields).map(referenceKey))];
  return {
    ...entry,
    request: request.kind === 'json' ? { ...request, body: undefined } : { ...request, fields: {} },
    sealed: { envelope: sealed.envelope, files: sealed.files, refs, size: sealed.size },
  };
}

/** An upload's files as stored (name and bytes), for an item queued without them. */
async function storedFiles(db: SahyogDb, entry: OutboxEntry): Promise<{ blob: Blob; name: string }[]> {
  if (entry.request.kind !== 'upload') return [];
  const ids = entry.request.fileLocalIds;
  const [files, blobs] = await Promise.all([db.files.bulkGet(ids), db.fileBlobs.bulkGet(ids)]);
  return ids.flatMap((_, i) => (files[i] && blobs[i] ? [{ blob: blobs[i].blob, name: files[i].name }] : []));
}

/**
 * Seals the entries when the server's key is known (none fetched yet: the data key seals them, as
 * any row). Runs outside the caller's transaction: an upload queued without its files reads
 * them as stored (the caller's own uncommitted writes pass them in `files`).
 */
async function sealEntries(db: SahyogDb, entries: OutboxEntry[], items: QueueItem[]): Promise<OutboxEntry[]> {
  const serverKey = await readKv<OutboxPublicKey>(db, KV_KEYS.outboxKey);
  if (!serverKey) return entries;
  return Promise.all(entries.map(async (entry, i) => sealEntry(entry, serverKey, items[i]!.files ?? (await storedFiles(db, entry)))));
}

/** Shown on a file whose upload a person discarded in the sync centre. */
export const UPLOAD_DISCARDED_MESSAGE = 'The upload was discarded. Choose the file again to send it.';

/**
 * Adds entries to the outbox, in order, with their idempotency keys and the chosen language fixed
 * now: a replay weeks later carries the same key, and asks for the server's messages in that language. Call inside a caller's transaction to write them with the step.
 */
export async function queueItems(db: SahyogDb, items: QueueItem[], now = Date.now(), owner?: string): Promise<number[]> {
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
    ...(owner ? { owner } : {}),
    language: readStoredLanguage(),
  }));
  return db.transaction('rw', [db.outbox, db.applications], async () => {
    // WebCrypto answers outside IndexedDB's events: waitFor keeps the caller's transaction alive meanwhile.
    const sealed = await Dexie.waitFor(Dexie.ignoreTransaction(() => sealEntries(db, entries, items)));
    const seqs = (await db.outbox.bulkAdd(sealed, { allKeys: true })) as number[];
    for (const id of new Set(items.map((i) => i.applicationLocalId).filter((x): x is string => !!x))) {
      await db.applications.update(id, { syncState: 'pending', updatedAt: now });
    }
    return seqs;
  });
}

/** The application's sync state from what is left of its outbox entries. */
export async function refreshApplicationSyncState(db: SahyogDb, applicationLocalId: string): Promise<void> {
  const rest = await db.outbox.where('applicationLocalId').equals(applicationLocalId).toArray();
  const syncState: SyncState = rest.some((e) => e.state === 'needs_attention') ? 'needs_attention' : rest.length ? 'pending' : 'synced';
  await db.applications.update(applicationLocalId, { syncState });
}

function uploadFileIds(entry: OutboxEntry | undefined): string[] {
  return entry?.request.kind === 'upload' ? entry.request.fileLocalIds : [];
}

/** What an application's queued items add up to: synced when none is left. */
export async function applicationSyncState(db: SahyogDb, applicationLocalId: string): Promise<SyncState> {
  if ((await db.outbox.where('applicationLocalId').equals(applicationLocalId).count()) === 0) return 'synced';
  const parked = await db.outbox.where('[applicationLocalId+state]').equals([applicationLocalId, 'needs_attention']).count();
  return parked ? 'needs_attention' : 'pending';
}

/** Retry now: clears the backoff (and a parked state) of one entry, and its files' failure. */
export async function retryEntry(db: SahyogDb, seq: number, now = Date.now()): Promise<void> {
  await db.transaction('rw', [db.outbox, db.files, db.applications], async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.outbox.update(seq, { state: 'pending', nextAttemptAt: now });
    for (const id of uploadFileIds(entry)) await db.files.update(id, { uploadState: 'pending', uploadError: undefined });
    if (entry.applicationLocalId) await refreshApplicationSyncState(db, entry.applicationLocalId);
  });
}

/**
 * Discard is a person's decision (the UI asks first). The entry's files stay on the device,
 * marked as not uploaded, so their upload box says so.
 */
export async function discardEntry(db: SahyogDb, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.files, db.applications], async () => {
    const entry = await db.outbox.get(seq);
    await db.outbox.delete(seq);
    for (const id of uploadFileIds(entry)) await db.files.update(id, { uploadState: 'failed', uploadError: UPLOAD_DISCARDED_MESSAGE });
    if (entry?.applicationLocalId) await refreshApplicationSyncState(db, entry.applicationLocalId);
  });
}

export async function countUnsynced(db: SahyogDb): Promise<number> {
  return db.outbox.count();
}
