const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** How long an event is retried: 72 hours from its creation (or from a redelivery). */
export const RETRY_WINDOW_MS = 72 * HOUR;
/** The first retry waits about this long; each later one twice the one before... */
export const FIRST_RETRY_MS = 10 * SECOND;
/** ...up to this. */
export const MAX_RETRY_MS = HOUR;

/**
 * The wait after failed attempt number `attempt` (1 for the first): exponential, capped, with
 * "equal jitter" (between half and all of it), so receivers coming back from an outage are not hit
 * by every sender at once, and the wait still grows. `random` is in [0, 1).
 */
export function retryDelay(attempt: number, random: number): number {
  const full = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 30));
  return Math.round(full / 2 + (full / 2) * random);
}

/**
 * When to try again after a failed attempt at `now`, or null when the window is over (the event
 * is then marked failed). The last attempt falls at the window's end, not beyond it.
 */
export function nextAttemptAt(attempt: number, now: number, deliverUntil: number, random: number): number | null {
  if (now >= deliverUntil) return null;
  return Math.min(now + retryDelay(attempt, random), deliverUntil);
}
