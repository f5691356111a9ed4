export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60 * 1000;

/**
 * Delay before the next try after `attempts` failed ones: exponential from 1 s, capped at 5 min,
 * with "equal jitter" (half fixed, half random) so that phones coming back online together at
 * a branch do not retry in lockstep, yet never retry immediately.
 */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
