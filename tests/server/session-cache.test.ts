import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/server/db/schema';
import { createSessionCache } from '../../src/server/modules/auth/session-cache';

const user = { id: 1, tenant_id: 'sahyog', mobile: '9000000001' } as UserRow;
const entry = (cachedAt: number) => ({ user, sessionId: 's', createdAt: cachedAt, lastUsedAt: cachedAt, cachedAt });

describe('createSessionCache', () => {
  it('serves an entry for ttl ms by the given clock', () => {
    const cache = createSessionCache({ ttlMs: 10_000 });
    cache.set('k', entry(1000));
    expect(cache.get('k', 1000)).toBeDefined();
    expect(cache.get('k', 10_999)).toBeDefined();
    expect(cache.get('k', 11_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not serve an entry from the future (a clock moved back)', () => {
    const cache = createSessionCache({ ttlMs: 10_000 });
    cache.set('k', entry(5000));
    expect(cache.get('k', 4999)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently set', () => {
    const cache = createSessionCache({ ttlMs: 10_000, maxEntries: 2 });
    cache.set('a', entry(0));
    cache.set('b', entry(0));
    cache.set('a', entry(0));
    cache.set('c', entry(0));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('refuses an entry loaded before a revocation (a lookup that raced with logout)', () => {
    const cache = createSessionCache({ ttlMs: 10_000 });
    cache.set('k', entry(1000));
    cache.revoke('k', 2000);
    expect(cache.get('k', 2000)).toBeUndefined();
    cache.set('k', entry(1500));
    expect(cache.get('k', 2001)).toBeUndefined();
  });

  it('stores nothing with ttl 0', () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.set('k', entry(0));
    expect(cache.get('k', 0)).toBeUndefined();
  });
});
