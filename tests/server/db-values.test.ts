import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { useTestApp } from './helpers/test-app';

// drizzle decodes dates and intervals itself and asks the driver for their text; on PGlite the
// instance parses them as text once for all queries (db/pglite-parsers.ts).
const ctx = useTestApp();

const VALUES = sql`select '2024-01-02 03:04:05.678+00'::timestamptz as ts, '2024-01-02 03:04:05'::timestamp as local, '2024-01-02'::date as day,
  interval '1 day' as span, array['2024-01-02 03:04:05+00'::timestamptz] as stamps, 42 as n, 1.5::float8 as f, '{"a":[1]}'::jsonb as j, true as b`;

// The text of a timestamptz depends on the session's time zone.
const EXPECTED = {
  ts: expect.stringMatching(/^2024-01-0[12] \d\d:\d\d:05\.678[+-]\d\d/),
  local: '2024-01-02 03:04:05',
  day: '2024-01-02',
  span: '1 day',
  stamps: expect.stringMatching(/^\{"2024-01-0[12] \d\d:\d\d:05[+-]\d\d(:\d\d)?"\}$/),
  n: 42,
  f: 1.5,
  j: { a: [1] },
  b: true,
};

describe('values read from the database', () => {
  it('dates and intervals come as text, the rest decoded; the same inside a transaction', async () => {
    expect((await ctx.db.execute(VALUES)).rows).toEqual([EXPECTED]);
    expect(await ctx.db.transaction(async (tx) => (await tx.execute(VALUES)).rows)).toEqual([EXPECTED]);
  });

  it('a typed select decodes a timestamp column to a Date', async () => {
    const [row] = await ctx.db
      .select({ at: sql`'2024-01-02 03:04:05.678+00'::timestamptz`.mapWith(applications.created_at) })
      .from(sql`(select 1) as one`);
    expect(row!.at).toEqual(new Date('2024-01-02T03:04:05.678Z'));
  });
});
