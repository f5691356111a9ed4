// The applications list and the dashboard count (issue 13) with 100,000 applications in one
// tenant on PostgreSQL: p50/p95/p99 of a list page (each designation's queue, queue=all, a status
// filter), of searches by name, mobile and tracker id, and of the count, through the real service
// (applications-list.service.ts: the page and its total, as GET /api/v1/app/mfi runs them); then
// the EXPLAIN (ANALYZE, BUFFERS) plan of each query. Targets: list and search p95 <= 30 ms with no
// sequential scan, count p95 <= 5 ms. The data lives in a throw-away database, dropped at the end.
//
//   npm run bench -- applications-list      (BENCH_PG_ADMIN_URL, BENCH_LIST_ITERATIONS to change)
import pg from 'pg';
import { listQueryOf } from '../src/domain/records/application-list.schema';
import { openPostgres } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed';
import { countApplications, listApplications, listQueries } from '../src/server/modules/applications/applications-list.service';
import { SHORT } from './http-load';

const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `sahyog_bench_list_${process.pid}`;
const APPLICATIONS = SHORT ? 2_000 : 100_000;
const OFFICERS = 100;
const ITERATIONS = SHORT ? 3 : Number(process.env.BENCH_LIST_ITERATIONS ?? 300);
const WARM_UP = SHORT ? 1 : 30;

const FIRST = ['Lakshmi', 'Ramesh', 'Mohan', 'Sunita', 'Vikram', 'Kamala', 'Anil', 'Devika', 'Suresh', 'Geeta', 'Prakash', 'Asha'];
const LAST = ['Devi', 'Yadav', 'Lal', 'Kumari', 'Joshi', 'Bai', 'Sharma', 'Rao', 'Patil', 'Singh', 'Gupta', 'Verma'];
const PD1 = '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]';

/** 100 officers, then 100,000 applications in one INSERT ... SELECT: statuses in the proportions of a busy branch. */
async function seed(client: pg.Client): Promise<void> {
  await client.query(`
    insert into users (tenant_id, mobile, first_name, last_name, role, mfi_employee)
    select 'sahyog', '8' || lpad(g::text, 9, '0'), 'Officer', g::text, 'MFI_EMPLOYEE', 'RELATIONSHIP_OFFICER'
    from generate_series(1, ${OFFICERS}) g`);
  const first = `(array[${FIRST.map((n) => `'${n.toUpperCase()}'`).join(',')}])`;
  const last = `(array[${LAST.map((n) => `'${n.toUpperCase()}'`).join(',')}])`;
  await client.query(`
    with officers as (select array_agg(id order by id) ids from users where tenant_id = 'sahyog' and mobile like '8%')
    insert into applications (tenant_id, id, created_by, status, tracker_id, phone, stage, data, created_at, updated_at, resubmitted_at)
    select 'sahyog', md5(g::text), o.ids[1 + g % ${OFFICERS}],
      s.status,
      'SAH26' || lpad(g::text, 8, '0'),
      (6000000000 + (g::bigint * 2654435761) % 3999999999)::text,
      case when s.status = 'DRAFT' and g % 3 = 0 then '${PD1}'::jsonb when s.status = 'DRAFT' then '["BORROWER_INFO"]'::jsonb
           else '${PD1}'::jsonb end,
      jsonb_build_object('name', ${first}[1 + g % ${FIRST.length}] || ' ' || ${last}[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || (g % 97),
        'loan_type', 'MFI_BUSINESS_LOAN', 'amount_requested', 75000 + (g % 50) * 1000),
      timestamptz '2026-01-01' + g * interval '1 minute',
      timestamptz '2026-01-01' + g * interval '1 minute' + (g % 1000) * interval '1 second',
      case when s.status = 'PD1_REVIEW' and g % 2 = 0 then timestamptz '2026-03-01' end
    from generate_series(1, ${APPLICATIONS}) g, officers o,
    lateral (select case
      when g % 100 < 20 then 'DRAFT' when g % 100 < 25 then 'PD1_COMPLETE' when g % 100 < 28 then 'PD1_REVIEW'
      when g % 100 < 33 then 'PD2_COMPLETE' when g % 100 < 35 then 'PD2_REVIEW' when g % 100 < 85 then 'APPROVED'
      else 'REJECTED' end as status) s`);
  // As autovacuum leaves them: the seeding's 100,000 trigger updates of application_counts left dead row versions.
  for (const table of ['applications', 'application_counts', 'users']) await client.query(`vacuum analyze ${table}`);
}

type Case = { label: string; caller: 'officer' | 'bcm' | 'bm'; query: Partial<Record<string, string>>; kind?: 'list' | 'count' };

const CASES: Case[] = [
  { label: 'list: branch credit manager queue (PD1_COMPLETE, PD2_REVIEW), page 0', caller: 'bcm', query: {} },
  { label: 'list: branch manager queue (DRAFT with PD1 captured, PD1_REVIEW resubmitted), page 0', caller: 'bm', query: {} },
  { label: 'list: branch manager queue, page 50', caller: 'bm', query: { page: '50' } },
  { label: 'list: officer queue (own DRAFT, PD1_REVIEW), page 0', caller: 'officer', query: {} },
  { label: 'list: reviewer queue=all (100,000), page 0', caller: 'bcm', query: { queue: 'all' } },
  { label: 'list: reviewer status=APPROVED (50,000), page 3', caller: 'bcm', query: { status: 'APPROVED', page: '3' } },
  { label: 'search: name "lakshmi d" (whole-name prefix)', caller: 'bcm', query: { search_by: 'lakshmi d' } },
  { label: 'search: name "gup" (prefix of any word, 1/12 of rows)', caller: 'bcm', query: { search_by: 'gup' } },
  { label: 'search: name "sunita kumari 42"', caller: 'bcm', query: { search_by: 'sunita kumari 42' } },
  { label: 'search: name by an officer "vikram"', caller: 'officer', query: { search_by: 'vikram' } },
  { label: 'search: mobile (whole) of application 50000', caller: 'bcm', query: { search_by: 'PHONE' } },
  { label: 'search: mobile, its first 5 digits', caller: 'bcm', query: { search_by: 'PHONE5' } },
  { label: 'search: tracker id SAH2600050000', caller: 'bcm', query: { search_by: 'SAH2600050000' } },
  { label: 'count: reviewer (the tenant, 100,000)', caller: 'bcm', query: {}, kind: 'count' },
  { label: 'count: officer (own, 1,000)', caller: 'officer', query: {}, kind: 'count' },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchApplicationsList(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const database = openPostgres(url.toString(), { max: 4 });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    await client.connect();
    const t0 = performance.now();
    await seed(client);
    console.log(
      `\napplications-list on PostgreSQL: ${APPLICATIONS} applications seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const { rows: callers } = await client.query<{ id: number; role: string; mfi_employee: string; mobile: string }>(
      `select id, role, mfi_employee, mobile from users where tenant_id = 'sahyog' and mobile in ('9000000002', '9000000003', '8000000001')`,
    );
    const callerOf = {
      bcm: callers.find((c) => c.mobile === '9000000002')!,
      bm: callers.find((c) => c.mobile === '9000000003')!,
      officer: callers.find((c) => c.mobile === '8000000001')!,
    };
    // The mobiles are spread like real ones (not in the order of creation): search one that exists.
    const { rows: phones } = await client.query<{ phone: string }>(`select phone from applications where id = md5('${APPLICATIONS / 2}')`);
    const phone = phones[0]!.phone;
    for (const c of CASES) {
      if (c.query.search_by === 'PHONE') c.query.search_by = phone;
      if (c.query.search_by === 'PHONE5') c.query.search_by = phone.slice(0, 5);
    }
    const run = async (c: Case) => {
      const caller = callerOf[c.caller];
      if (c.kind === 'count') return { n: await countApplications(database.db, 'sahyog', caller) };
      const page = await listApplications(database.db, 'sahyog', caller, listQueryOf(c.query));
      return { n: page.total_elements, rows: page.list.length };
    };

    const results: string[] = [];
    for (const c of CASES) {
      for (let i = 0; i < WARM_UP; i++) await run(c);
      const times: number[] = [];
      let last: { n: number; rows?: number } = { n: 0 };
      for (let i = 0; i < ITERATIONS; i++) {
        const start = performance.now();
        last = await run(c);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const target = c.kind === 'count' ? 5 : 30;
      const p95 = pct(times, 95);
      results.push(
        `${c.label.padEnd(92)} p50 ${pct(times, 50).toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  p99 ${pct(times, 99)
          .toFixed(2)
          .padStart(
            6,
          )} ms  (${last.n} found${last.rows === undefined ? '' : `, ${last.rows} on the page`}) ${p95 <= target ? 'OK' : `OVER ${target} ms`}`,
      );
    }
    console.log(`${ITERATIONS} iterations each after ${WARM_UP} warm-up, through the service (page and total together):`);
    for (const line of results) console.log(`  ${line}`);

    console.log('\nQuery plans (EXPLAIN (ANALYZE, BUFFERS)):');
    let seqScans = 0;
    for (const c of CASES) {
      const caller = callerOf[c.caller];
      const queries = listQueries(
        database.db,
        'sahyog',
        caller,
        c.kind === 'count' ? { ...listQueryOf({ queue: 'all' }) } : listQueryOf(c.query),
      );
      const shown =
        c.kind === 'count'
          ? [['count', queries.total]]
          : ([
              ['page', queries.page],
              ['total', queries.total],
            ] as const);
      for (const [part, q] of shown) {
        const { sql, params } = (q as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
        const plan = rows.map((r) => r['QUERY PLAN']);
        if (plan.some((l) => l.includes('Seq Scan on applications'))) seqScans++;
        console.log(`\n-- ${c.label} [${part}]\n${plan.map((l) => `   ${l}`).join('\n')}`);
      }
    }
    console.log(`\nsequential scans of applications in these plans: ${seqScans}`);
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

// Run directly: npx tsx bench/applications-list.ts
if (process.argv[1]?.endsWith('applications-list.ts')) await benchApplicationsList();
