import type { OutboxEntry } from '../db/records';
import { isLockedRow } from '../db/sealing.middleware';

export const WAITING_FOR_OWNER = 'Waiting for the officer who captured it to sign in';

/**
 * Why an entry is not sent in this drain: what it counts as, whether it is held (what must follow
 * it waits too; `dueAt` when it waits on its own backoff), and the note kept on it.
 */
export type NotNow = { count?: 'waiting' | 'retrying'; hold?: true; dueAt?: number; lastError?: string };

export type GateContext = {
  /** Who is signed in: entries another user queued wait for them. */
  owner: string | undefined;
  /** The last drain of a device marked lost: only entries sealed for the server go, each now. */
  lastDelivery: boolean | undefined;
  behindHeld: (entry: OutboxEntry) => boolean;
  now: () => number;
};

/** Whether the entry goes now (undefined) or why not. A parked entry is passed over, uncounted. */
export function notNow(entry: OutboxEntry, context: GateContext): NotNow | undefined {
  if (entry.state === 'needs_attention') return {};
  // Sealed with the data key (queued before the server's key was known): it waits for the
  // unlock, and its application's later steps wait behind it.
  if (isLockedRow(entry)) return { count: 'waiting', hold: true };
  if (context.lastDelivery && !entry.sealed) return { count: 'waiting', hold: true };
  if (entry.owner && entry.owner !== context.owner) return { count: 'waiting', lastError: WAITING_FOR_OWNER };
  // It goes when what it follows has gone (that one's backoff sets the wake-up).
  if (context.behindHeld(entry)) return { hold: true };
  if (entry.nextAttemptAt > context.now() && !context.lastDelivery) return { count: 'retrying', hold: true, dueAt: entry.nextAttemptAt };
  return undefined;
}
