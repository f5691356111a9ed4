/**
 * The app lock's idle time (issue 24 part 1): the app locks after this many minutes without a
 * touch or a key. A tenant sets its own (`tenants.app_lock_idle_minutes`, served in the tenant
 * config); the app falls back to the default where the config has none or a value out of range.
 */
export const APP_LOCK_IDLE_MINUTES = { default: 5, min: 1, max: 60 } as const;

/** The idle minutes a config gives: a whole number in range, else the default. */
export function appLockIdleMinutes(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= APP_LOCK_IDLE_MINUTES.min && value <= APP_LOCK_IDLE_MINUTES.max
    ? value
    : APP_LOCK_IDLE_MINUTES.default;
}
