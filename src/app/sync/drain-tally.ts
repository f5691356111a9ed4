import type { OutboxEntry } from '../db/records';
import { heldEntry, mustWaitFor, type HeldEntry } from './outbox-order';

/**
 * `nextAttemptAt`: the earliest time an entry this drain held for its backoff becomes due, so
 * when a drain can send more (absent when nothing waits on time).
 */
export type DrainCounts = { sent: number; parked: number; retrying: number; waiting: number; nextAttemptAt?: number };
export type DrainResult = DrainCounts | 'skipped';

/** Transient failures in a row (nothing answered in between) that end a drain: the network is likely down. */
const FAILURES_TO_STOP = 2;

export type DrainTally = ReturnType<typeof createTally>;

/** What one drain counted, the entries it held (and so what must wait behind them), and its failures in a row. */
export function createTally() {
  const result: DrainCounts = { sent: 0, parked: 0, retrying: 0, waiting: 0 };
  const held: HeldEntry[] = [];
  let failuresInARow = 0;
  /** Holds an entry; `dueAt` when it waits on its own backoff (the result's wake-up time). */
  const hold = (entry: OutboxEntry, dueAt?: number) => {
    held.push(heldEntry(entry));
    if (dueAt !== undefined) result.nextAttemptAt = Math.min(result.nextAttemptAt ?? dueAt, dueAt);
  };
  return {
    result,
    hold,
    /** Whether the entry must stay behind one held earlier in this drain (`mustWaitFor`). */
    behindHeld: (entry: OutboxEntry) => held.some((h) => mustWaitFor(entry, h)),
    /** A transient failure: the entry waits for its backoff; true when the drain should end. */
    failed(entry: OutboxEntry, dueAt: number): boolean {
      result.retrying++;
      hold(entry, dueAt);
      return ++failuresInARow >= FAILURES_TO_STOP;
    },
    /** The server answered the entry (accepted or parked it): the network works. */
    answered(kind: 'sent' | 'parked') {
      result[kind]++;
      failuresInARow = 0;
    },
  };
}
