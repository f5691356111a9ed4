import { resolveReferences, type Reference } from '../../domain/outbox-references';
import { SEALED_FILE_NAME } from '../../domain/sealed-envelope';
import type { SahyogDb } from '../db/db';
import type { FileBlob, LocalFile, OutboxEntry } from '../db/records';
import { isLockedRow } from '../db/sealing.middleware';
import {
  answeredOf,
  applyReceipts,
  learnedIds,
  receiptOf,
  refreshSyncState,
  withoutQuotedValues,
  writeParked,
  writeSuccess,
} from './apply-answer';
import { backoffDelayMs } from './backoff';
import { heldEntry, mustWaitFor, referencesOf, type HeldEntry } from './outbox-order';
import { answerMessage } from './reconcile';
import { NetworkError, type ResolvedRequest, type Transport, type TransportResponse } from './transport';

/** The language an entry was queued in, sent with it (the service worker has no other). */
const languageOf = (entry: OutboxEntry): { language?: string } => (entry.language ? { language: entry.language } : {});

/** Runs `fn` only if no other holder (tab, worker) holds `name`; otherwise resolves `skipped`. */
export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T | 'skipped'>;

/**
 * `nextAttemptAt`: the earliest time an entry this drain held for its backoff becomes due, so
 * when a drain can send more (absent when nothing waits on time).
 */
export type DrainResult = { sent: number; parked: number; retrying: number; waiting: number; nextAttemptAt?: number } | 'skipped';

export type SyncEngineOptions = {
  db: SahyogDb;
  transport: Transport;
  lock?: LockFn;
  now?: () => number;
  random?: () => number;
  /** Who is signed in (profile id): entries another user queued wait for them. */
  getOwner?: () => string | undefined | Promise<string | undefined>;
  /** Called when the server answers 401: the entry waits for a new sign-in, untouched (`wipe`: the device was marked lost). */
  onUnauthorized?: (response: TransportResponse) => void;
  /**
   * The last drain of a device marked lost (send-before-wipe.ts): only entries sealed for the
   * server go (the server takes nothing else from that session), each now, whatever its backoff.
   */
  lastDelivery?: boolean;
};

const LOCK_NAME = 'sahyog-outbox-drain';
export const WAITING_FOR_OWNER = 'Waiting for the officer who captured it to sign in';

/** Web Locks across tabs and the service worker; a process-local mutex where they are missing. */
export function defaultLock(): LockFn {
  // `navigator` is a Navigator in a page and a WorkerNavigator in the service worker.
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
  if (locks) {
    return (name, fn) => locks.request(name, { ifAvailable: true }, (lock) => (lock ? fn() : ('skipped' as const)));
  }
  return memoryLock();
}

export function memoryLock(): LockFn {
  const held = new Set<string>();
  return async (name, fn) => {
    if (held.has(name)) return 'skipped';
    held.add(name);
    try {
      return await fn();
    } finally {
      held.delete(name);
    }
  };
}

function isRetryable(response: TransportResponse): boolean {
  const { status } = response;
  // 408 timeout, 425, 429, 5xx; a 409 only when it says "retry" (the first request with this
  // key is still running): any other 409 is the application's rules refusing, and is parked.
  if (status === 409) return response.retryAfter === true;
  return status >= 500 || status === 408 || status === 425 || status === 429;
}

/**
 * A versioned write the server applied in part (issue 32): 409 with the fields someone else
 * changed meanwhile. Done on the server; what is left is the person's decision, kept on the
 * application (apply-answer.ts), not a request to send again.
 */
const isDecision = (response: TransportResponse) =>
  response.status === 409 && Array.isArray((response.body as { data?: { conflicts?: unknown } } | null)?.data?.conflicts);

export function createSyncEngine(options: SyncEngineOptions) {
  const { db, transport } = options;
  const lock = options.lock ?? defaultLock();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  /** Whether the data key's tables can be read and written: unlocked, or no PIN set. Locked, the sealed outbox still drains. */
  const readable = () => !!db.vault.key || !db.vault.configured;

  /**
   * Server ids for the entry's references, read in one transaction: from the clear id map, and
   * (unlocked) from the applications and files; a clear entry's files and their bytes too.
   */
  async function lookupReferences(
    entry: OutboxEntry,
  ): Promise<{ ids: Map<string, string>; files: (LocalFile | undefined)[]; blobs: (FileBlob | undefined)[] }> {
    const refs = referencesOf(entry);
    const appIds = new Set(refs.flatMap((r) => ('$app' in r ? [r.$app] : [])));
    if (entry.applicationLocalId && entry.request.url.includes('{app}')) appIds.add(entry.applicationLocalId);
    const fileIds = [...new Set(refs.flatMap((r) => ('$file' in r ? [r.$file] : [])))];
    const uploadIds = entry.request.kind === 'upload' && !entry.sealed ? entry.request.fileLocalIds : [];
    const ids = new Map<string, string>();
    if (!appIds.size && !fileIds.length && !uploadIds.length) return { ids, files: [], blobs: [] };
    const keys = [...[...appIds].map((id) => `$app:${id}`), ...fileIds.map((id) => `$file:${id}`)];
    if (!readable()) {
      for (const row of await db.serverIds.bulkGet(keys)) if (row) ids.set(row.key, row.id);
      return { ids, files: [], blobs: [] };
    }
    return db.transaction('r', [db.files, db.fileBlobs, db.applications, db.serverIds], async () => {
      for (const row of await db.serverIds.bulkGet(keys)) if (row) ids.set(row.key, row.id);
      const [apps, refFiles, files, blobs] = await Promise.all([
        db.applications.bulkGet([...appIds]),
        db.files.bulkGet(fileIds),
        db.files.bulkGet(uploadIds),
        db.fileBlobs.bulkGet(uploadIds),
      ]);
      for (const app of apps) if (app?.serverId) ids.set(`$app:${app.localId}`, app.serverId);
      for (const file of refFiles) if (file?.serverFileId) ids.set(`$file:${file.localId}`, file.serverFileId);
      return { ids, files, blobs };
    });
  }

  /** The request ready to send, or what it still waits for. */
  async function resolve(entry: OutboxEntry): Promise<{ request: ResolvedRequest } | { waitingFor: string }> {
    if (isLockedRow(entry)) return { waitingFor: 'the app to be unlocked' };
    const { ids, files, blobs } = await lookupReferences(entry);
    const lookup = (ref: Reference) => ('$file' in ref ? ids.get(`$file:${ref.$file}`) : ids.get(`$app:${ref.$app}`));
    let url = entry.request.url;
    if (url.includes('{app}')) {
      const serverId = entry.applicationLocalId ? ids.get(`$app:${entry.applicationLocalId}`) : undefined;
      if (!serverId) return { waitingFor: 'the application to reach the server' };
      url = url.replaceAll('{app}', serverId);
    }
    if (entry.sealed) return resolveSealed(entry, entry.sealed, url, ids);
    if (entry.request.kind === 'json') {
      const body = resolveReferences(entry.request.body, lookup);
      if (!body.ok) return { waitingFor: '$file' in body.missing ? 'a file upload' : 'the application to reach the server' };
      return {
        request: {
          kind: 'json',
          base: entry.request.base,
          method: entry.request.method,
          url,
          body: body.value,
          ...(entry.request.condition ? { condition: entry.request.condition } : {}),
          ...languageOf(entry),
        },
      };
    }
    const fields = resolveReferences(entry.request.fields, lookup);
    if (!fields.ok) return { waitingFor: 'the application to reach the server' };
    if (files.some((f) => !f) || blobs.some((b) => !b)) return { waitingFor: 'a file that is no longer on this device' };
    return {
      request: {
        kind: 'upload',
        base: entry.request.base,
        url,
        fields: fields.value as Record<string, unknown>,
        files: (files as LocalFile[]).map((f, i) => ({ blob: blobs[i]!.blob, name: f.name })),
        fileField: entry.request.fileField,
        ...languageOf(entry),
      },
    };
  }

  /** A sealed entry goes as sealed, with the server ids of the references it names beside it. */
  function resolveSealed(
    entry: OutboxEntry,
    sealed: NonNullable<OutboxEntry['sealed']>,
    url: string,
    ids: Map<string, string>,
  ): { request: ResolvedRequest } | { waitingFor: string } {
    const refs: Record<string, string> = {};
    for (const key of sealed.refs) {
      const id = ids.get(key);
      if (id === undefined) return { waitingFor: key.startsWith('$file:') ? 'a file upload' : 'the application to reach the server' };
      refs[key] = id;
    }
    const envelope = { ...sealed.envelope, ...(sealed.refs.length ? { refs } : {}) };
    const { base } = entry.request;
    if (entry.request.kind === 'json') {
      return { request: { kind: 'json', base, method: entry.request.method, url, sealed: envelope, ...languageOf(entry) } };
    }
    return {
      request: {
        kind: 'upload',
        base,
        url,
        fields: {},
        sealed: envelope,
        files: sealed.files.map((blob) => ({ blob, name: SEALED_FILE_NAME })),
        fileField: entry.request.fileField,
        ...languageOf(entry),
      },
    };
  }

  /**
   * Writes what a success means into the local tables and removes the entry, atomically. Locked,
   * the entry goes, the ids it taught are kept clear, and a receipt waits for the unlock.
   */
  async function applySuccess(entry: OutboxEntry, response: TransportResponse): Promise<void> {
    const at = now();
    const answered = answeredOf(entry);
    const learned = learnedIds(answered, response);
    if (!readable()) {
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

  async function park(entry: OutboxEntry, response: TransportResponse): Promise<void> {
    const message = answerMessage(response.body, response.status);
    const at = now();
    // An entry sealed for the server is stored in clear: quoted values of the message (a file's
    // name) stay only on the sealed file and application.
    const lastError = entry.sealed ? withoutQuotedValues(message) : message;
    const parked = { state: 'needs_attention' as const, lastError, lastStatus: response.status, attempts: entry.attempts + 1 };
    if (!readable()) {
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

  /** Marks the entry for another try after its backoff; returns when that try is due. */
  async function scheduleRetry(entry: OutboxEntry, message: string, status?: number): Promise<number> {
    const attempts = entry.attempts + 1;
    const nextAttemptAt = now() + backoffDelayMs(attempts, random);
    if (entry.request.kind === 'upload' && readable()) {
      await db.files.bulkUpdate(entry.request.fileLocalIds.map((key) => ({ key, changes: { uploadState: 'pending' as const } })));
    }
    await db.outbox.update(entry.seq!, { state: 'retrying', attempts, lastError: message, lastStatus: status, nextAttemptAt });
    return nextAttemptAt;
  }

  const BATCH = 25;
  /** Transient failures in a row (nothing answered in between) that end a drain: the network is likely down. */
  const FAILURES_TO_STOP = 2;

  /**
   * Sends due entries in order. An entry that fails transiently, or is not due yet, is held:
   * what must follow it (see `mustWaitFor`: what names it, and the later steps of its
   * application) is held too, and the rest goes on, so one lost answer does not hold up the
   * queue. Two transient failures in a row end the drain (the network is likely down). A parked
   * or waiting entry is passed over, so one bad application does not hold up the others. The
   * result says when the earliest held entry is due. To keep the device's database off the
   * critical path, entries are read in batches, the next entry is resolved while the current
   * request is on the network, and a success is written while the next request is (at most one
   * write in flight; an entry that waits on that success looks again once it is written).
   */
  async function drainLocked(): Promise<Exclude<DrainResult, 'skipped'>> {
    const result: Exclude<DrainResult, 'skipped'> = { sent: 0, parked: 0, retrying: 0, waiting: 0 };
    const owner = await options.getOwner?.();
    // What locked drains received goes into the sealed tables once they can be written.
    if (readable()) await applyReceipts(db, answerMessage);
    let writing: Promise<void> = Promise.resolve();
    const held: HeldEntry[] = [];
    let failuresInARow = 0;
    /** Holds an entry; `dueAt` when it waits on its own backoff (the result's wake-up time). */
    const hold = (entry: OutboxEntry, dueAt?: number) => {
      held.push(heldEntry(entry));
      if (dueAt !== undefined) result.nextAttemptAt = Math.min(result.nextAttemptAt ?? dueAt, dueAt);
    };
    /** A transient failure: the entry waits for its backoff; true when the drain should end. */
    const failed = (entry: OutboxEntry, dueAt: number) => {
      result.retrying++;
      hold(entry, dueAt);
      return ++failuresInARow >= FAILURES_TO_STOP;
    };
    try {
      let lastSeq = -1;
      for (;;) {
        const batch = await db.outbox.where('seq').above(lastSeq).limit(BATCH).toArray();
        if (batch.length === 0) return result;
        let prefetched: Promise<Awaited<ReturnType<typeof resolve>>> | undefined;
        for (const [i, entry] of batch.entries()) {
          lastSeq = entry.seq!;
          const pending = prefetched;
          prefetched = undefined;
          if (entry.state === 'needs_attention') continue;
          if (isLockedRow(entry)) {
            // Sealed with the data key (queued before the server's key was known): it waits for
            // the unlock, and its application's later steps wait behind it.
            result.waiting++;
            hold(entry);
            continue;
          }
          if (options.lastDelivery && !entry.sealed) {
            result.waiting++;
            hold(entry);
            continue;
          }
          if (entry.owner && entry.owner !== owner) {
            result.waiting++;
            if (entry.lastError !== WAITING_FOR_OWNER) await db.outbox.update(entry.seq!, { lastError: WAITING_FOR_OWNER });
            continue;
          }
          if (held.some((h) => mustWaitFor(entry, h))) {
            // It goes when what it follows has gone (that one's backoff sets the wake-up).
            hold(entry);
            continue;
          }
          if (entry.nextAttemptAt > now() && !options.lastDelivery) {
            result.retrying++;
            hold(entry, entry.nextAttemptAt);
            continue;
          }
          let resolved = pending ? await pending : await resolve(entry);
          if ('waitingFor' in resolved) {
            // It may wait on a success that is still being written (or was, when prefetched).
            await writing;
            resolved = await resolve(entry);
          }
          if ('waitingFor' in resolved) {
            result.waiting++;
            const lastError = `Waiting for ${resolved.waitingFor}`;
            if (entry.lastError !== lastError) await db.outbox.update(entry.seq!, { lastError });
            continue;
          }
          const next = batch[i + 1];
          const previousWrite = writing;
          let response: TransportResponse;
          try {
            const marking = entry.request.kind === 'upload' && readable() ? markUploading(entry.request.fileLocalIds) : undefined;
            const sending = transport(resolved.request, entry.idempotencyKey);
            if (next && next.state !== 'needs_attention' && (!next.owner || next.owner === owner)) {
              prefetched = resolve(next);
              prefetched.catch(() => undefined); // awaited (and its error surfaced) when its turn comes
            }
            response = await sending;
            await marking;
          } catch (error) {
            await previousWrite;
            const dueAt = await scheduleRetry(entry, error instanceof NetworkError ? error.message : 'Network error');
            if (failed(entry, dueAt)) return result;
            continue;
          }
          await previousWrite;
          if ((response.status >= 200 && response.status < 300) || isDecision(response)) {
            writing = applySuccess(entry, response);
            result.sent++;
            failuresInARow = 0;
          } else if (response.status === 401) {
            await db.outbox.update(entry.seq!, { lastError: 'Sign in again to send', lastStatus: 401 });
            options.onUnauthorized?.(response);
            result.retrying++;
            return result;
          } else if (isRetryable(response)) {
            const dueAt = await scheduleRetry(entry, answerMessage(response.body, response.status), response.status);
            if (failed(entry, dueAt)) return result;
          } else {
            await park(entry, response);
            result.parked++;
            failuresInARow = 0;
          }
        }
      }
    } finally {
      await writing;
    }
  }

  async function markUploading(fileLocalIds: string[]): Promise<void> {
    await db.files.bulkUpdate(fileLocalIds.map((key) => ({ key, changes: { uploadState: 'uploading' as const } })));
  }

  return {
    drain: (): Promise<DrainResult> => lock(LOCK_NAME, drainLocked),
  };
}
