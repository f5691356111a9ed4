/** Shown when a write did not fit; the failed transaction changed nothing. */
export const STORAGE_FULL_MESSAGE = 'Phone storage is full: free some space, then try again. Nothing already saved was lost.';

export class StorageFullError extends Error {
  constructor() {
    super(STORAGE_FULL_MESSAGE);
    this.name = 'StorageFullError';
  }
}

/** Dexie reports a full disk as QuotaExceededError, sometimes wrapped (AbortError.inner). */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  return name === 'QuotaExceededError' || isQuotaError(inner, depth + 1);
}

/** Runs a write; a full disk becomes StorageFullError, anything else is rethrown as it is. */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError();
    throw error;
  }
}
