import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

export const RATE_WINDOW_MS = 3_600_000;

export type RateLimit = { tenant: string; bucket: string; key: string; max: number };

/**
 * Counts one hit of `key` in `bucket` over a sliding hour, in the database so every API node
 * shares the count. Allowed: the hit is recorded and null is answered. Refused (the hour already
 * holds `max` hits): nothing is recorded, and the answer is the minutes until one is free.
 */
export async function takeHit(db: Db, limit: RateLimit, now: number): Promise<{ retryMinutes: number } | null> {
  const refused = await takeHits(db, [limit], now);
  return refused && { retryMinutes: refused.retryMinutes };
}

/**
 * One hit of each limit, all or none: when any limit's hour is full, nothing is recorded and the
 * answer names the first such limit (its index) with the minutes until it frees a hit.
 */
export async function takeHits(db: Db, limits: RateLimit[], now: number): Promise<{ index: number; retryMinutes: number } | null> {
  return db.transaction(async (tx) => {
    // Serialises concurrent hits on these keys until the commit, so the counts hold; taken in one
    // order, so two callers with overlapping keys cannot wait on each other.
    const lockKeys = [...new Set(limits.map(({ tenant, bucket, key }) => `rate:${tenant}:${bucket}:${key}`))].sort();
    for (const lockKey of lockKeys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    for (const [index, { tenant, bucket, key, max }] of limits.entries()) {
      const where = and(
        eq(rateLimitHits.tenant_id, tenant),
        eq(rateLimitHits.bucket, bucket),
        eq(rateLimitHits.key, key),
        gt(rateLimitHits.at, new Date(now - RATE_WINDOW_MS)),
      );
      const hits = await tx.select({ at: rateLimitHits.at }).from(rateLimitHits).where(where).orderBy(asc(rateLimitHits.at));
      if (hits.length >= max) {
        const mustExpire = hits[hits.length - max]!.at.getTime();
        return { index, retryMinutes: Math.max(1, Math.ceil((mustExpire + RATE_WINDOW_MS - now) / 60_000)) };
      }
    }
    const at = new Date(now);
    await tx.insert(rateLimitHits).values(limits.map(({ tenant, bucket, key }) => ({ tenant_id: tenant, bucket, key, at })));
    return null;
  });
}

/** Hits that left the window count for nothing; the hourly maintenance removes them. */
export async function purgeOldHits(db: Db, now: number): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.at, new Date(now - RATE_WINDOW_MS)))
    .returning({ id: rateLimitHits.id });
  return removed.length;
}
