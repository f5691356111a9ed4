import type { NodeEvents } from '../../cluster/node-events';
import type { CachedSession, SessionCache } from '../../types';

/**
 * Live tokens of this process, so an authenticated request does not read the database each
 * time (PGlite answers a query in about 1 ms; the health route answers in microseconds).
 * Entries live `ttlMs` by the app's clock. A revocation made through this process (logout) takes
 * effect at once, and a lookup that raced with it cannot re-add it. With `events`, a revocation
 * is also published, and one published by another API node is applied here as it arrives; the
 * lifetime is then only the fallback (a listener that lost its connection empties the cache).
 */
export function createSessionCache({
  ttlMs,
  maxEntries = 10_000,
  events,
  now: clockNow = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  events?: NodeEvents;
  now?: () => number;
}): SessionCache {
  const entries = new Map<string, CachedSession>();
  const revoked = new Map<string, number>();
  const fresh = (since: number, now: number) => now >= since && now - since < ttlMs;
  const revokeHere = (key: string, now: number) => {
    entries.delete(key);
    if (ttlMs <= 0) return;
    if (revoked.size >= maxEntries) revoked.delete(revoked.keys().next().value!);
    revoked.set(key, now);
  };
  events?.subscribe('session_revoked', (key) => revokeHere(key, clockNow()));
  events?.onGap(() => entries.clear());

  return {
    get(key: string, now: number): CachedSession | undefined {
      const entry = entries.get(key);
      if (entry && fresh(entry.cachedAt, now)) return entry;
      if (entry) entries.delete(key);
      return undefined;
    },
    set(key: string, entry: CachedSession): void {
      if (ttlMs <= 0) return;
      // A revoked token is never stored again (the database refuses it); the tombstone only has
      // to outlive lookups that started before the revocation.
      const revokedAt = revoked.get(key);
      if (revokedAt !== undefined && entry.cachedAt - revokedAt < ttlMs) return;
      entries.delete(key); // re-inserted last: the Map's order is least recently used first
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    },
    revoke(key: string, now: number): void {
      revokeHere(key, now);
      // The database already refuses the token; the other nodes only drop their copy.
      void events?.publish('session_revoked', key).catch(() => undefined);
    },
    delete(key: string): void {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
