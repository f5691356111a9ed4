import type { OutboxEntry } from '../db/records';
import { applyReceipts } from './apply-answer';
import { onAnswer } from './drain-answer';
import { notNow, type NotNow } from './drain-gate';
import type { DrainOptions, DrainRun } from './drain-run';
import { send } from './drain-send';
import { createTally, type DrainCounts } from './drain-tally';
import { answerMessage } from './reconcile';
import { resolveEntry, type Resolution } from './resolve-entry';
import { scheduleRetry } from './schedule-retry';
import { tablesReadable } from './tables-readable';
import { NetworkError, type TransportResponse } from './transport';

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
