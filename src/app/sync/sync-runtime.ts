import type { DrainResult } from './engine';

export type RuntimeResult = DrainResult | 'offline' | 'paused';

export type SyncRuntimeOptions = {
  drain: () => Promise<DrainResult>;
  /** Earliest time a retrying entry is due. */
  nextDueAt: () => Promise<number | undefined>;
  isOnline: () => boolean;
  onResult?: (result: DrainResult) => Promise<void> | void;
  now?: () => number;
  /** When another tab or the service worker held the drain lock, look again after this long. */
  skippedRetryMs?: number;
  /** The soonest a wake-up may come: an entry due but held behind an earlier one must not spin. */
  minWakeMs?: number;
};

/**
 * When to drain, for one page: requests coalesce (a request during a drain runs one more drain
 * after it, so nothing queued meanwhile waits for the next timer); a drain held elsewhere is
 * looked at again shortly; a wake-up is set for the earliest retry. A 401 pauses the automatic
 * drains (no request loop with a dead token) until `resume`, or a person's `request({ force })`.
 */
export function createSyncRuntime(options: SyncRuntimeOptions) {
  const now = options.now ?? Date.now;
  const skippedRetryMs = options.skippedRetryMs ?? 2_000;
  const minWakeMs = options.minWakeMs ?? 5_000;
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

  async function scheduleWake(result: DrainResult): Promise<void> {
    if (result === 'skipped') return setWake(skippedRetryMs);
    const due = await options.nextDueAt();
    if (due !== undefined) setWake(Math.max(minWakeMs, due - now() + 50));
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
