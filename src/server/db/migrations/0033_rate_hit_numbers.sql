-- A rate limit's count without reading its hits: each hit gets its number among its key's hits
-- (seq), and a hit's time is never earlier than the key's hit before it, so the hits of a window
-- are numbered without a gap and their count is the newest's number less the oldest's, plus one:
-- two index probes whatever the limit. take_rate_hits read up to `max` rows per limit instead
-- (60 for an officer's hour, 600 for a tenant's guests; every one of them when a tenant lifts
-- its quotas, as the benches do, so each call cost more as the hour filled).
ALTER TABLE "rate_limit_hits" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "rate_limit_hits" AS h SET "seq" = numbered.seq
FROM (
  SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id, bucket, key ORDER BY at, id) AS seq FROM "rate_limit_hits"
) AS numbered
WHERE h.tenant_id = numbered.tenant_id AND h.id = numbered.id;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limit_hits_seq_uq" ON "rate_limit_hits" USING btree ("tenant_id","bucket","key","seq");--> statement-breakpoint
-- The window's oldest hit is found by its time and, among hits of the same instant, its number:
-- one probe of this index (by time alone, the oldest among ties needed a sort of every hit in the window).
DROP INDEX "rate_limit_hits_key_idx";--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("tenant_id","bucket","key","at","seq");--> statement-breakpoint
-- As in 0032: the locks on the limits' keys, then, per limit, its newest hit (by number) and its
-- oldest hit in the window (by time): the count is the difference of their numbers. When a limit
-- is full, the hit that must leave the window before another fits is the max-th newest, found by
-- its number. The insert numbers each new hit after its key's newest, at a time no earlier.
CREATE OR REPLACE FUNCTION take_rate_hits(p_limits jsonb, p_since timestamptz, p_at timestamptz)
RETURNS TABLE (limit_index int, must_expire_ms float8)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(keys.k))
  FROM (
    SELECT DISTINCT ('rate:' || (l->>'tenant') || ':' || (l->>'bucket') || ':' || (l->>'key')) COLLATE "C" AS k
    FROM jsonb_array_elements(p_limits) AS l
    ORDER BY 1
  ) AS keys;
  RETURN QUERY
  WITH lim AS (
    SELECT (l->>'n')::int AS n, l->>'tenant' AS tenant_id, l->>'bucket' AS bucket, l->>'key' AS key, (l->>'max')::int AS max
    FROM jsonb_array_elements(p_limits) AS l
  ),
  counted AS (
    SELECT lim.*, newest.seq AS newest_seq, newest.at AS newest_at, coalesce(newest.seq - oldest.seq + 1, 0) AS hits
    FROM lim
    LEFT JOIN LATERAL (
      SELECT h.seq, h.at FROM rate_limit_hits h
      WHERE h.tenant_id = lim.tenant_id AND h.bucket = lim.bucket AND h.key = lim.key
      ORDER BY h.seq DESC LIMIT 1
    ) AS newest ON true
    LEFT JOIN LATERAL (
      SELECT h.seq FROM rate_limit_hits h
      WHERE h.tenant_id = lim.tenant_id AND h.bucket = lim.bucket AND h.key = lim.key AND h.at > p_since
      ORDER BY h.at, h.seq LIMIT 1
    ) AS oldest ON true
  ),
  refused AS (
    SELECT c.n, (
      SELECT h.at FROM rate_limit_hits h
      WHERE h.tenant_id = c.tenant_id AND h.bucket = c.bucket AND h.key = c.key AND h.seq = c.newest_seq - c.max + 1
    ) AS oldest
    FROM counted c WHERE c.hits >= c.max ORDER BY c.n LIMIT 1
  ),
  recorded AS (
    INSERT INTO rate_limit_hits (tenant_id, bucket, key, at, seq)
    SELECT c.tenant_id, c.bucket, c.key, greatest(p_at, c.newest_at),
      coalesce(c.newest_seq, 0) + row_number() OVER (PARTITION BY c.tenant_id, c.bucket, c.key ORDER BY c.n)
    FROM counted c WHERE NOT EXISTS (SELECT 1 FROM refused)
  )
  SELECT refused.n, (extract(epoch FROM refused.oldest) * 1000)::float8 FROM refused;
END
$$;
