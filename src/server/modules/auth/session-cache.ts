import type { UserRow } from '../../db/schema';

export type CachedSession = { user: UserRow; sessionId: string; createdAt: number; lastUsedAt: number; cachedAt: number };

/**
 * Live tokens of this process, so an authenticated request does not read the database each
 * time (PGlite answers a query in about 1 ms; the health route answers in microseconds).
 * Entries live `ttlMs` by the app's clock: that bounds how long a token revoked by another API
 * node, or a user row changed elsewhere, is still served from here. A revocation made through
 * this process (logout) takes effect at once, and a lookup that raced with it cannot re-add it.
 */
export function createSessionCache({ ttlMs, maxEntries = 10_000 }: { ttlMs: number; maxEntries?: number }) {
  const entries = new Map<string, CachedSession>();
  const revoked = new Map<string, number>();
  const fresh = (since: number, now: number) => now >= since && now - since < ttlMs;

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
      entries.delete(key);
      if (ttlMs <= 0) return;
      if (revoked.size >= maxEntries) revoked.delete(revoked.keys().next().value!);
      revoked.set(key, now);
    },
    delete(key: string): void {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
