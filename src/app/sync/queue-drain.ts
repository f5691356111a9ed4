import type { SahyogDb } from '../db/db';
import type { OutboxEntry } from '../db/records';
import { answerKind } from './answer-kind';
import { applyReceipts } from './apply-answer';
import { notNow, type NotNow } from './drain-gate';
import { createTally, type DrainCounts, type DrainTally } from './drain-tally';
import { applySuccess, markUploading, parkEntry } from './entry-outcomes';
import { answerMessage } from './reconcile';
import { resolveEntry, type Resolution } from './resolve-entry';
import { scheduleRetry } from './schedule-retry';
import { tablesReadable } from './tables-readable';
import { NetworkError, type ResolvedRequest, type Transport, type TransportResponse } from './transport';

export type DrainOptions = {
  db: SahyogDb;
  transport: Transport;
  now: () => number;
  random: () => number;
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

/** One drain's state: what it counted and held, the success being written, the next entry being resolved. */
type DrainRun = {
  options: DrainOptions;
  owner: string | undefined;
  tally: DrainTally;
  writing: Promise<void>;
  prefetched?: Promise<Resolution>;
};

const BATCH = 25;

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
export async function drainQueue(options: DrainOptions): Promise<DrainCounts> {
  const { db } = options;
  const run: DrainRun = { options, owner: await options.getOwner?.(), tally: createTally(), writing: Promise.resolve() };
  // What locked drains received goes into the sealed tables once they can be written.
  if (tablesReadable(db)) await applyReceipts(db, answerMessage);
  try {
    let lastSeq = -1;
    for (;;) {
      const batch = await db.outbox.where('seq').above(lastSeq).limit(BATCH).toArray();
      if (batch.length === 0) return run.tally.result;
      for (const [i, entry] of batch.entries()) {
        lastSeq = entry.seq!;
        const pending = run.prefetched;
        run.prefetched = undefined;
        if ((await drainEntry(run, entry, batch[i + 1], pending)) === 'stop') return run.tally.result;
      }
    }
  } finally {
    await run.writing;
  }
}

/** One entry's turn: passed over, held, or sent and its answer applied; `stop` ends the drain. */
async function drainEntry(
  run: DrainRun,
  entry: OutboxEntry,
  next: OutboxEntry | undefined,
  pending: Promise<Resolution> | undefined,
): Promise<'next' | 'stop'> {
  const { db, now, random } = run.options;
  const context = { owner: run.owner, lastDelivery: run.options.lastDelivery, behindHeld: run.tally.behindHeld, now };
  const gate = notNow(entry, context);
  if (gate) return passOver(run, entry, gate);
  let resolved = pending ? await pending : await resolveEntry(db, entry);
  if ('waitingFor' in resolved) {
    // It may wait on a success that is still being written (or was, when prefetched).
    await run.writing;
    resolved = await resolveEntry(db, entry);
  }
  if ('waitingFor' in resolved) return passOver(run, entry, { count: 'waiting', lastError: `Waiting for ${resolved.waitingFor}` });
  const previousWrite = run.writing;
  let response: TransportResponse;
  try {
    response = await send(run, entry, resolved.request, next);
  } catch (error) {
    await previousWrite;
    const message = error instanceof NetworkError ? error.message : 'Network error';
    const dueAt = await scheduleRetry(db, entry, { message }, { now, random });
    return run.tally.failed(entry, dueAt) ? 'stop' : 'next';
  }
  await previousWrite;
  return onAnswer(run, entry, response);
}

async function passOver(run: DrainRun, entry: OutboxEntry, why: NotNow): Promise<'next'> {
  if (why.count) run.tally.result[why.count]++;
  if (why.hold) run.tally.hold(entry, why.dueAt);
  if (why.lastError !== undefined && entry.lastError !== why.lastError)
    await run.options.db.outbox.update(entry.seq!, { lastError: why.lastError });
  return 'next';
}

/** Sends the entry's request; meanwhile its files are marked uploading and the next entry (if it may go) is resolved. */
async function send(
  run: DrainRun,
  entry: OutboxEntry,
  request: ResolvedRequest,
  next: OutboxEntry | undefined,
): Promise<TransportResponse> {
  const { db, transport } = run.options;
  const marking = entry.request.kind === 'upload' && tablesReadable(db) ? markUploading(db, entry.request.fileLocalIds) : undefined;
  const sending = transport(request, entry.idempotencyKey);
  if (next && next.state !== 'needs_attention' && (!next.owner || next.owner === run.owner)) {
    run.prefetched = resolveEntry(db, next);
    run.prefetched.catch(() => undefined); // awaited (and its error surfaced) when its turn comes
  }
  const response = await sending;
  await marking;
  return response;
}

/** What the answer means for the entry, written; `stop` when the drain should end. */
async function onAnswer(run: DrainRun, entry: OutboxEntry, response: TransportResponse): Promise<'next' | 'stop'> {
  const { db, now, random } = run.options;
  switch (answerKind(response)) {
    case 'applied':
      run.writing = applySuccess(db, entry, response, now());
      run.tally.answered('sent');
      return 'next';
    case 'unauthorized':
      await db.outbox.update(entry.seq!, { lastError: 'Sign in again to send', lastStatus: 401 });
      run.options.onUnauthorized?.(response);
      run.tally.result.retrying++;
      return 'stop';
    case 'retry': {
      const failure = { message: answerMessage(response.body, response.status), status: response.status };
      const dueAt = await scheduleRetry(db, entry, failure, { now, random });
      return run.tally.failed(entry, dueAt) ? 'stop' : 'next';
    }
    case 'refused':
      await parkEntry(db, entry, response, now());
      run.tally.answered('parked');
      return 'next';
  }
}
