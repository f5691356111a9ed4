import { quotaRefusals } from '../../observability/metrics';
import { lt, sql } from 'drizzle-orm';
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
 * answer names the first such limit (its index) with the minutes until it frees a hit. One
 * statement whatever the number of limits: the database function `take_rate_hits` (migration
 * 0032) locks the limits' keys, then counts and inserts, so concurrent hits on a key are
 * serialised until the statement commits and the counts hold.
 */
export async function takeHits(db: Db, limits: RateLimit[], now: number): Promise<{ index: number; retryMinutes: number } | null> {
  const asJson = limits.map(({ tenant, bucket, key, max }, n) => ({ n, tenant, bucket, key, max }));
  const { rows } = await db.execute<{ limit_index: number; must_expire_ms: number }>(
    sql`select limit_index, must_expire_ms from take_rate_hits(${JSON.stringify(asJson)}::jsonb, ${new Date(now - RATE_WINDOW_MS).toISOString()}::timestamptz, ${new Date(now).toISOString()}::timestamptz)`,
  );
  const full = rows[0];
  const refusal = full
    ? {
        index: Number(full.limit_index),
        retryMinutes: Math.max(1, Math.ceil((Number(full.must_expire_ms) + RATE_WINDOW_MS - now) / 60_000)),
      }
    : null;
  // The limit's name (`quota:bureau:user`, `join-us:address`), never its key (a mobile, an address).
  if (refusal) quotaRefusals.inc({ limit: limits[refusal.index]!.bucket, tenant: limits[refusal.index]!.tenant });
  return refusal;
}

/** Hits that left the window count for nothing; the hourly maintenance removes them. */
export async function purgeOldHits(db: Db, now: number): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.at, new Date(now - RATE_WINDOW_MS)))
    .returning({ id: rateLimitHits.id });
  return removed.length;
}
