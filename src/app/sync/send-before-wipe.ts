import { WIPE_SEND_BOUND_MS } from '../../domain/identity/device-wipe';
import { pathOf } from '../../domain/routes/route';
import { USER_PATHS } from '../../domain/routes/user.paths';
import type { SahyogDb } from '../db/db';
import { forgetSealedData } from '../db/device-vault';
import { KV_KEYS, readKv, removeKv, writeKv } from '../db/kv.repository';
import type { LockFn } from './drain-lock';
import { createSyncEngine } from './engine';
import { NetworkError, type Transport } from './transport';

/** What a remote wipe did with the queued items: sent to the server first, or deleted unsent. */
export type WipeOutcome = { sent: number; unsent: number };

export type SendBeforeWipeOptions = {
  db: SahyogDb;
  /** Sends with the revoked session's token (the server takes its sealed requests for a short while). */
  transport: Transport;
  /** Who was signed in: only their entries go (a queued item is sent only by the officer who queued it). */
  owner?: string;
  lock?: LockFn;
  now?: () => number;
  /** Waits between drains (tests pass one that resolves at once). */
  wait?: (ms: number) => Promise<void>;
  boundMs?: number;
};

/** Between two drains of the last delivery: an entry that failed is tried again after this. */
const RETRY_PAUSE_MS = 2_000;
/** The report of what was lost gets this long after the bound, at most. */
const REPORT_MS = 5_000;

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A transport that gives up at `deadline`: the wipe does not wait for an answer past its bound. */
function bounded(transport: Transport, deadline: number, now: () => number): Transport {
  return (request, key) => {
    const left = deadline - now();
    if (left <= 0) return Promise.reject(new NetworkError('The time to send before the wipe is over'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const over = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NetworkError('The time to send before the wipe is over')), left);
    });
    return Promise.race([transport(request, key), over]).finally(() => clearTimeout(timer));
  };
}

/**
 * The remote wipe of a device marked lost (issue 31 W1). Its queued items are sealed for the
 * server, so whoever holds the phone cannot read them: they go first, for at most `boundMs`
 * (WIPE_SEND_BOUND_MS), through the sync engine's last drain (sealed entries only, each now).
 * Then the phone tells the server how many it could not send, and everything the data key sealed,
 * the outbox and the wrapped key are deleted, as before. The counts (nothing else) stay in kv for
 * the login screen, added to those of a wipe before (the service worker's) not yet shown.
 */
export async function sendBeforeWipe(options: SendBeforeWipeOptions): Promise<WipeOutcome> {
  const { db } = options;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? defaultWait;
  const deadline = now() + (options.boundMs ?? WIPE_SEND_BOUND_MS);
  const before = await db.outbox.count();
  let refused = false;
  const engine = createSyncEngine({
    db,
    transport: bounded(options.transport, deadline, now),
    getOwner: () => options.owner,
    lastDelivery: true,
    onUnauthorized: () => {
      refused = true; // the server's window is over: nothing more will go
    },
    ...(options.lock ? { lock: options.lock } : {}),
  });
  while (before > 0) {
    const result = await engine.drain();
    // Done when nothing failed for a reason that may pass (what is left is refused, or waits on
    // what cannot come: another officer, the unlock, a reference never sent).
    if (refused || (result !== 'skipped' && result.retrying === 0)) break;
    if (now() + RETRY_PAUSE_MS >= deadline) break;
    await wait(RETRY_PAUSE_MS);
  }
  const unsent = await db.outbox.count();
  // What the server received under this session since the marking (the page's own engine may have
  // sent some before the wipe began); without its answer, what left the outbox here.
  let sent = before - unsent;
  try {
    const report = bounded(options.transport, Math.max(deadline, now()) + REPORT_MS, now);
    const answer = await report(
      { kind: 'json', base: 'main', method: 'POST', url: pathOf(USER_PATHS.deviceWiped), body: { unsent } },
      crypto.randomUUID(),
    );
    const received = (answer.body as { data?: { received?: unknown } } | null)?.data?.received;
    if (answer.status === 200 && typeof received === 'number') sent = received;
  } catch {
    // No answer: the branch manager's screen says what the server received, without the phone's count.
  }
  const earlier = await readKv<WipeOutcome>(db, KV_KEYS.wipeOutcome);
  const outcome = { sent: (earlier?.sent ?? 0) + sent, unsent: (earlier?.unsent ?? 0) + unsent };
  await forgetSealedData(db);
  await removeKv(db, KV_KEYS.sessionToken);
  await writeKv(db, KV_KEYS.wipeOutcome, outcome);
  return outcome;
}
