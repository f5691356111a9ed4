/** localStorage that never throws (private modes, quota, disabled storage); none in the service worker. */
type KeyValueStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
const storage = (): KeyValueStorage | undefined => (globalThis as { localStorage?: KeyValueStorage }).localStorage;

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the value lives for this page only.
  }
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove from an unavailable storage.
  }
}

export function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
