import type { DrainResult } from './engine';

export type RuntimeResult = DrainResult | 'offline' | 'paused';

export type SyncRuntimeOptions = {
  drain: () => Promise<DrainResult>;
  isOnline: () => boolean;
  onResult?: (result: DrainResult) => Promise<void> | void;
  now?: () => number;
  /** When another tab or the service worker held the drain lock, look again after this long. */
  skippedRetryMs?: number;
  /**
   * The soonest a wake-up may come after a drain: never a 0 ms loop. The backoff itself is at
   * least 500 ms; this floor only counts when a drain outlasted an entry's wait.
   */
  minWakeMs?: number;
};

/** Past the due time, so the entry is due when the timer fires. */
const WAKE_SLACK_MS = 20;

/**
 * When to drain, for one page: requests coalesce (a request during a drain runs one more drain
 * after it, so nothing queued meanwhile waits for the next timer); a drain held elsewhere is
 * looked at again shortly; a wake-up is set for when the drain said its earliest held entry is
 * due (its own backoff, from 1 s after a first failure). A 401 pauses the automatic
 * drains (no request loop with a dead token) until `resume`, or a person's `request({ force })`.
 */
export function createSyncRuntime(options: SyncRuntimeOptions) {
  const now = options.now ?? Date.now;
  const skippedRetryMs = options.skippedRetryMs ?? 2_000;
  const minWakeMs = options.minWakeMs ?? 250;
  let running: Promise<DrainResult> | null = null;
  let again = false;
  let paused = false;
  let stopped = false;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;

  function setWake(ms: number): void {
    if (stopped) return;
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(() => void request(), Math.max(0, ms));
  }

  function scheduleWake(result: DrainResult): void {
    if (result === 'skipped') return setWake(skippedRetryMs);
    const due = result.nextAttemptAt;
    if (due !== undefined) setWake(Math.max(minWakeMs, due - now() + WAKE_SLACK_MS));
  }

  async function loop(): Promise<DrainResult> {
    let result: DrainResult;
    do {
      again = false;
      result = await options.drain();
      await options.onResult?.(result);
    } while (again && !paused && !stopped && options.isOnline());
    return result;
  }

  function request(opts: { force?: boolean } = {}): Promise<RuntimeResult> {
    if (stopped) return Promise.resolve('paused');
    if (opts.force) paused = false;
    if (paused) return Promise.resolve('paused');
    if (!options.isOnline()) return Promise.resolve('offline');
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    const current = running;
    void current.then(scheduleWake, () => setWake(skippedRetryMs));
    return current;
  }

  return {
    request,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    isPaused: () => paused,
    stop: () => {
      stopped = true;
      clearTimeout(wakeTimer);
    },
  };
}

export type SyncRuntime = ReturnType<typeof createSyncRuntime>;
