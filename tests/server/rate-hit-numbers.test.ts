import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../src/server/db/schema';
import { takeHits, type RateLimit } from '../../src/server/modules/rate-limit/rate-limit.service';
import { MINUTE, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const limit = (key: string, max: number): RateLimit => ({ tenant: 'sahyog', bucket: 'test:numbers', key, max });
const hitsOf = async (key: string) =>
  (await ctx.db.select().from(rateLimitHits).orderBy(asc(rateLimitHits.seq))).filter((hit) => hit.key === key);

describe('a rate limit counts a window by its hits’ numbers (migration 0033)', () => {
  it('numbers each key’s hits from 1, and never records a hit earlier than the key’s newest', async () => {
    await takeHits(ctx.db, [limit('a', 10), limit('b', 10)], T0 + 5 * MINUTE);
    await takeHits(ctx.db, [limit('a', 10)], T0 + 2 * MINUTE); // another node's clock, behind
    await takeHits(ctx.db, [limit('a', 10)], T0 + 7 * MINUTE);
    expect((await hitsOf('a')).map((h) => [h.seq, h.at.getTime()])).toEqual([
      [1, T0 + 5 * MINUTE],
      [2, T0 + 5 * MINUTE],
      [3, T0 + 7 * MINUTE],
    ]);
    expect((await hitsOf('b')).map((h) => h.seq)).toEqual([1]);
  });

  it('counts only the window’s hits and names the max-th newest when full, with a lifted quota as with a small one', async () => {
    for (let minute = 0; minute < 70; minute++) expect(await takeHits(ctx.db, [limit('lifted', 1e6)], T0 + minute * MINUTE)).toBeNull();
    for (let minute = 0; minute < 70; minute++) await takeHits(ctx.db, [limit('small', 60)], T0 + minute * MINUTE);
    // At T0+70min the hour holds the hits of minutes 11..69 (59 hits; minutes 0..10 left it): one more fits, then it is full.
    expect(await takeHits(ctx.db, [limit('small', 60)], T0 + 70 * MINUTE)).toBeNull();
    // Full: the 60th newest is minute 11's hit, which leaves the window at minute 71.
    expect(await takeHits(ctx.db, [limit('small', 60)], T0 + 70 * MINUTE + 30_000)).toEqual({ index: 0, retryMinutes: 1 });
    expect((await hitsOf('lifted')).map((h) => h.seq).at(-1)).toBe(70);
  });
});
