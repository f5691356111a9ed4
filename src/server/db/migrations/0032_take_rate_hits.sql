-- One hit of each limit, all or none, as one statement (rate-limit.service.ts's takeHits): the
-- locks on the limits' keys, then the count and the insert. It was a transaction of four round
-- trips (begin, the locks, the count, commit) holding the connection in between, which on the
-- embedded database (one connection for the whole server) kept every other request waiting.
-- A VOLATILE function takes a new snapshot for each statement it runs, so the count still sees
-- every hit committed before the locks were granted; the locks last until the calling
-- statement's transaction ends, after the insert. The lock keys and their order are the ones the
-- transaction took (sorted byte-wise, as JavaScript sorts these ASCII keys).
CREATE FUNCTION take_rate_hits(p_limits jsonb, p_since timestamptz, p_at timestamptz)
RETURNS TABLE (limit_index int, must_expire_ms float8)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(keys.k))
  FROM (
    SELECT DISTINCT ('rate:' || (l->>'tenant') || ':' || (l->>'bucket') || ':' || (l->>'key')) COLLATE "C" AS k
    FROM jsonb_array_elements(p_limits) AS l
    ORDER BY 1
  ) AS keys;
  -- Per limit its newest hits of the hour, at most max of them (an index scan of no more), and,
  -- when full, the one that must leave the window before another fits (the max-th newest); the
  -- insert runs only when no limit is full.
  RETURN QUERY
  WITH lim AS (
    SELECT (l->>'n')::int AS n, l->>'tenant' AS tenant_id, l->>'bucket' AS bucket, l->>'key' AS key, (l->>'max')::int AS max
    FROM jsonb_array_elements(p_limits) AS l
  ),
  counted AS (
    SELECT lim.n, lim.max, newest.hits, newest.oldest
    FROM lim, LATERAL (
      SELECT count(*) AS hits, min(recent.at) AS oldest
      FROM (
        SELECT h.at FROM rate_limit_hits h
        WHERE h.tenant_id = lim.tenant_id AND h.bucket = lim.bucket AND h.key = lim.key AND h.at > p_since
        ORDER BY h.at DESC LIMIT lim.max
      ) AS recent
    ) AS newest
  ),
  refused AS (SELECT counted.n, counted.oldest FROM counted WHERE counted.hits >= counted.max ORDER BY counted.n LIMIT 1),
  recorded AS (
    INSERT INTO rate_limit_hits (tenant_id, bucket, key, at)
    SELECT lim.tenant_id, lim.bucket, lim.key, p_at FROM lim WHERE NOT EXISTS (SELECT 1 FROM refused)
  )
  SELECT refused.n, (extract(epoch FROM refused.oldest) * 1000)::float8 FROM refused;
END
$$;
