import { defaultLock, type LockFn } from './drain-lock';
import type { DrainResult } from './drain-tally';
import type { DrainOptions } from './drain-run';
import { drainQueue } from './queue-drain';

// The engine's parts: drain-lock (one drain at a time), queue-drain (the queue's drain, with
// drain-send and drain-answer: an entry's request and its answer), drain-gate (which entries
// wait), resolve-entry (server ids in), answer-kind and entry-outcomes (the decisions on an
// answer), schedule-retry and backoff (when a failed entry goes again).
export { memoryLock } from './drain-lock';
export type { DrainResult } from './drain-tally';

export type SyncEngineOptions = Omit<DrainOptions, 'now' | 'random'> & {
  lock?: LockFn;
  now?: () => number;
  random?: () => number;
};

const LOCK_NAME = 'sahyog-outbox-drain';

export function createSyncEngine(options: SyncEngineOptions) {
  const { lock = defaultLock(), now = Date.now, random = Math.random, ...rest } = options;
  const drainOptions: DrainOptions = { ...rest, now, random };
  return {
    drain: (): Promise<DrainResult> => lock(LOCK_NAME, () => drainQueue(drainOptions)),
  };
}
