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
 * answer names the first such limit (its index) with the minutes until it frees a hit. Two
 * statements in a transaction, whatever the number of limits: the locks, then the count and the
 * insert (the count is a statement of its own so that its snapshot is taken after the locks).
 */
export async function takeHits(db: Db, limits: RateLimit[], now: number): Promise<{ index: number; retryMinutes: number } | null> {
  // Serialises concurrent hits on these keys until the commit, so the counts hold; taken in one
  // order (unnest keeps the array's), so two callers with overlapping keys cannot wait on each other.
  const lockKeys = [...new Set(limits.map(({ tenant, bucket, key }) => `rate:${tenant}:${bucket}:${key}`))].sort();
  const rows = limits.map(
    ({ tenant, bucket, key, max }, index) => sql`(${index}::int, ${tenant}::text, ${bucket}::text, ${key}::text, ${max}::int)`,
  );
  const refusal = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(array[${sql.join(
        lockKeys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]) as k`,
    );
    // Per limit its newest hits of the hour, at most max of them (an index scan of no more), and,
    // when full, the one that must leave the window before another fits (the max-th newest); the
    // insert runs only when no limit is full.
    const { rows: refused } = await tx.execute<{ n: number; must_expire: number }>(sql`
      with lim (n, tenant_id, bucket, key, max) as (values ${sql.join(rows, sql`, `)}),
      counted as (
        select lim.n, lim.max, newest.hits, newest.must_expire
        from lim, lateral (
          select count(*) as hits, min(recent.at) as must_expire
          from (
            select h.at from ${rateLimitHits} h
            where h.tenant_id = lim.tenant_id and h.bucket = lim.bucket and h.key = lim.key and h.at > ${new Date(now - RATE_WINDOW_MS).toISOString()}::timestamptz
            order by h.at desc limit lim.max
          ) recent
        ) newest
      ),
      refused as (select n, must_expire from counted where hits >= max order by n limit 1),
      recorded as (
        insert into ${rateLimitHits} (tenant_id, bucket, key, at)
        select tenant_id, bucket, key, ${new Date(now).toISOString()}::timestamptz from lim where not exists (select 1 from refused)
      )
      select n, (extract(epoch from must_expire) * 1000)::float8 as must_expire from refused`);
    const full = refused[0];
    if (!full) return null;
    const mustExpire = Number(full.must_expire);
    return { index: Number(full.n), retryMinutes: Math.max(1, Math.ceil((mustExpire + RATE_WINDOW_MS - now) / 60_000)) };
  });
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
