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
  const { tenant, bucket, key, max } = limit;
  return db.transaction(async (tx) => {
    // Serialises concurrent hits on one key until the commit, so the count holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${tenant}:${bucket}:${key}`}))`);
    const where = and(
      eq(rateLimitHits.tenant_id, tenant),
      eq(rateLimitHits.bucket, bucket),
      eq(rateLimitHits.key, key),
      gt(rateLimitHits.at, new Date(now - RATE_WINDOW_MS)),
    );
    const hits = await tx.select({ at: rateLimitHits.at }).from(rateLimitHits).where(where).orderBy(asc(rateLimitHits.at));
    if (hits.length >= max) {
      const mustExpire = hits[hits.length - max]!.at.getTime();
      return { retryMinutes: Math.max(1, Math.ceil((mustExpire + RATE_WINDOW_MS - now) / 60_000)) };
    }
    await tx.insert(rateLimitHits).values({ tenant_id: tenant, bucket, key, at: new Date(now) });
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
