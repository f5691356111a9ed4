/** Runs `fn` only if no other holder (tab, worker) holds `name`; otherwise resolves `skipped`. */
export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T | 'skipped'>;

/** Web Locks across tabs and the service worker; a process-local mutex where they are missing. */
export function defaultLock(): LockFn {
  // `navigator` is a Navigator in a page and a WorkerNavigator in the service worker.
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManager }).locks : undefined;
  if (locks) {
    return (name, fn) => locks.request(name, { ifAvailable: true }, (lock) => (lock ? fn() : ('skipped' as const)));
  }
  return memoryLock();
}

export function memoryLock(): LockFn {
  const held = new Set<string>();
  return async (name, fn) => {
    if (held.has(name)) return 'skipped';
    held.add(name);
    try {
      return await fn();
    } finally {
      held.delete(name);
    }
  };
}
