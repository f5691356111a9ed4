import Dexie from 'dexie';
import { collectReferences } from '../../domain/records/outbox-references';
import { referenceKey, type OutboxPublicKey } from '../../domain/identity/sealed-envelope';
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
      ? { url: request.url, body: request.body, ...(request.condition ? { condition: request.condition } : {}) }
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

/** Shown on a file whose upload a person discarded in the sync centre. */
export const UPLOAD_DISCARDED_MESSAGE = 'The upload was discarded. Choose the file again to send it.';

/** What queuing needs from the device database, read before the caller's transaction. */
export type QueueContext = {
  /** Who queued (the profile id): entries another user queued wait for them. */
  owner?: string;
  /** The server's outbox key, once fetched: entries are sealed for the server with it. */
  serverKey?: OutboxPublicKey;
};

/** The signed-in officer and the server's outbox key, for `addToOutbox`. */
export async function readQueueContext(db: SahyogDb): Promise<QueueContext> {
  const [owner, serverKey] = await Promise.all([readKv<string>(db, KV_KEYS.sessionOwner), readKv<OutboxPublicKey>(db, KV_KEYS.outboxKey)]);
  return { owner, serverKey };
}

/**
 * Adds entries to the outbox, in order, with their idempotency keys and the chosen language fixed
 * now: a replay weeks later carries the same key, and asks for the server's messages in that
 * language. Call inside the caller's transaction to write them with the step. An upload carries
 * its files, sealed with it.
 *
 * Only WebCrypto runs while the transaction waits for the seal: a read of another table from
 * here would queue behind transactions that wait for this one, and the capture would never end.
 */
export async function addToOutbox(db: SahyogDb, items: QueueItem[], context: QueueContext, now = Date.now()): Promise<number[]> {
  const { owner, serverKey } = context;
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
    // WebCrypto answers outside IndexedDB's events: waitFor keeps the transaction alive meanwhile.
    // No server key yet: the data key seals them, as any row.
    const sealed = serverKey
      ? await Dexie.waitFor(Promise.all(entries.map((entry, i) => sealEntry(entry, serverKey, items[i]!.files))))
      : entries;
    const seqs = (await db.outbox.bulkAdd(sealed, { allKeys: true })) as number[];
    for (const id of new Set(items.map((i) => i.applicationLocalId).filter((x): x is string => !!x))) {
      await db.applications.update(id, { syncState: 'pending', updatedAt: now });
    }
    return seqs;
  });
}

/** An upload's files as stored (name and bytes). */
async function storedFiles(db: SahyogDb, request: OutboxRequest): Promise<{ blob: Blob; name: string }[]> {
  if (request.kind !== 'upload') return [];
  const ids = request.fileLocalIds;
  const [files, blobs] = await Promise.all([db.files.bulkGet(ids), db.fileBlobs.bulkGet(ids)]);
  return ids.flatMap((_, i) => (files[i] && blobs[i] ? [{ blob: blobs[i].blob, name: files[i].name }] : []));
}

/**
 * Queues entries on their own (never inside a transaction), as the given owner: an upload given
 * without its files takes them as stored.
 */
export async function queueItems(db: SahyogDb, items: QueueItem[], now = Date.now(), owner?: string): Promise<number[]> {
  const { serverKey } = await readQueueContext(db);
  const withFiles = await Promise.all(
    items.map(async (item) => (item.files ? item : { ...item, files: await storedFiles(db, item.request) })),
  );
  return addToOutbox(db, withFiles, { owner, serverKey }, now);
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
