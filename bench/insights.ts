// The branch pipeline dashboard (issue 36) at scale: BENCH_INSIGHTS_APPLICATIONS (default
// 1,000,000) applications and their history in one tenant on PostgreSQL, in a throw-away database
// of its own (created here, dropped at the end); then p50/p95 of GET /api/v1/insights's service for
// a 90-day range (the whole branch, and one officer), and the EXPLAIN (ANALYZE, BUFFERS) plan of
// each of its queries. Target: p95 <= 300 ms. Then the screen on a mid-range phone profile
// (bench/insights-screen.ts). Target: interactive within 2 s.
//
//   npx tsx bench/insights.ts            (BENCH_PG_ADMIN_URL, BENCH_INSIGHTS_APPLICATIONS, BENCH_INSIGHTS_ITERATIONS)
//
// BENCH_INSIGHTS_DB=<name>: use (and keep) that database instead, seeding it only when it has no
// applications yet, so the seeding (about 12 minutes at 1,000,000) is done once while iterating;
// the migrations not yet applied to it run first (with their backfills).
//
// The seeding writes with the triggers off (session_replication_role = replica) and then builds
// what they keep (applications.moved_at, application_milestones, application_cohort_counts,
// application_counts) with the same statements as their migrations' backfills: 1,000,000
// single-row trigger calls would take most of the seeding's time.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { inIndia } from '../src/domain';
import { insightsQueryOf } from '../src/domain/ops/insights';
import { openPostgres } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed';
import { insightsOf } from '../src/server/modules/insights/insights.service';
import { rangeEnd, rangeStart } from '../src/server/kernels/insights';
import { ageingQuery, countsQuery, deviationsQuery, turnaroundQuery } from '../src/server/modules/insights/insights.queries';
import { SHORT } from './http-load';
import { benchInsightsScreen } from './insights-screen';

const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEPT_DB = process.env.BENCH_INSIGHTS_DB;
const DB_NAME = KEPT_DB ?? `sahyog_bench_insights_${process.pid}_${Date.now().toString(36)}`;
const APPLICATIONS = SHORT ? 5_000 : Number(process.env.BENCH_INSIGHTS_APPLICATIONS ?? 1_000_000);
const OFFICERS = 200;
const ITERATIONS = SHORT ? 3 : Number(process.env.BENCH_INSIGHTS_ITERATIONS ?? 40);
const WARM_UP = SHORT ? 1 : 5;
/** Two years of applications, evenly spread; the bench's "now" is 30 days after the last one. */
const SPAN_SECONDS = 2 * 365 * 86_400;
const START = Date.parse('2024-12-01T10:00:00+05:30');
const NOW = START + SPAN_SECONDS * 1000 + 30 * 86_400_000;

const PD1 = '["BORROWER_INFO","BORROWER_BASIC_INFO","CO_BORROWER","FAMILY_MEMBER","BUSINESS_INFO","BANK_ACCOUNT"]';

/**
 * Each application's path by h = a hash of its number mod 1000: 0-79 stays in DRAFT (half with PD1
 * captured), 80-129 rejected by the bureau, 130-159 waits in PD1_COMPLETE, 160-189 sent back,
 * 190-219 waits in PD2_COMPLETE, 220-279 rejected by the BRE, 280-329 rejected by a reviewer,
 * 330 and up approved, then 600-979 agreement signed, 800-979 ready, 900-979 disbursed, 980-999
 * cancelled. Each step takes hours to days (t1 to t6 after creation).
 */
async function seed(client: pg.Client): Promise<void> {
  await client.query(`set session_replication_role = replica`);
  await client.query(`
    insert into users (tenant_id, mobile, first_name, last_name, role, mfi_employee)
    select 'sahyog', '8' || lpad(g::text, 9, '0'), 'Officer', g::text, 'MFI_EMPLOYEE', 'RELATIONSHIP_OFFICER'
    from generate_series(1, ${OFFICERS}) g`);
  await client.query(`
    create unlogged table seed_paths as
    with o as (select array_agg(id order by id) ids from users where tenant_id = 'sahyog' and mobile like '8%'),
    s as (
      select g, md5(g::text)::char(32) as id, o.ids[1 + g % ${OFFICERS}] as officer,
        to_timestamp(${START / 1000} + g::bigint * ${SPAN_SECONDS} / ${APPLICATIONS}) as t0,
        ((g::bigint * 2654435761) % 1000)::int as h
      from generate_series(1, ${APPLICATIONS}) g, o
    )
    select s.*,
      t0 + (12 + g % 97) * interval '1 hour' as t1,
      t0 + (12 + g % 97 + 6 + (g / 7) % 73) * interval '1 hour' as t2,
      t0 + (12 + g % 97 + 6 + (g / 7) % 73 + 24 + (g / 11) % 150) * interval '1 hour' as t3,
      t0 + (12 + g % 97 + 6 + (g / 7) % 73 + 24 + (g / 11) % 150 + 2 + g % 47) * interval '1 hour' as t4,
      t0 + (12 + g % 97 + 6 + (g / 7) % 73 + 24 + (g / 11) % 150 + 2 + g % 47 + 5 + g % 31) * interval '1 hour' as t5,
      t0 + (12 + g % 97 + 6 + (g / 7) % 73 + 24 + (g / 11) % 150 + 2 + g % 47 + 5 + g % 31 + 1 + g % 13) * interval '1 hour' as t6,
      case when h < 80 then 'DRAFT' when h < 130 then 'REJECTED' when h < 160 then 'PD1_COMPLETE' when h < 190 then 'PD1_REVIEW'
        when h < 220 then 'PD2_COMPLETE' when h < 330 then 'REJECTED' when h < 600 then 'APPROVED' when h < 800 then 'AGREEMENT_SIGNED'
        when h < 900 then 'DISBURSAL_READY' when h < 980 then 'DISBURSED' else 'CANCELLED' end as status
    from s`);
  // The moves of each path (actor: the demo branch manager; the designation as recorded).
  const move = (from: string, to: string, at: string, when: string, by = 'null') => `
    select id, ${at}, '${from}', '${to}', ${by}::jsonb from seed_paths where ${when}`;
  await client.query(`
    create unlogged table seed_moves as
    select * from (
      ${move('DRAFT', 'REJECTED', 't1', 'h between 80 and 129', `'{"by":"BUREAU"}'`)}
      union all ${move('DRAFT', 'PD1_COMPLETE', 't1', 'h >= 130')}
      union all ${move('PD1_COMPLETE', 'PD1_REVIEW', 't2', 'h between 160 and 189')}
      union all ${move('PD1_COMPLETE', 'REJECTED', 't2', 'h between 280 and 329')}
      union all ${move('PD1_COMPLETE', 'PD2_COMPLETE', 't2', 'h >= 190 and not h between 280 and 329')}
      union all ${move('PD2_COMPLETE', 'REJECTED', 't3', 'h between 220 and 279', `'{"by":"BRE"}'`)}
      union all ${move('PD2_COMPLETE', 'APPROVED', 't3', 'h >= 330')}
      union all ${move('APPROVED', 'AGREEMENT_SIGNED', 't4', 'h between 600 and 979')}
      union all ${move('AGREEMENT_SIGNED', 'DISBURSAL_READY', 't5', 'h between 800 and 979')}
      union all ${move('DISBURSAL_READY', 'DISBURSED', 't6', 'h between 900 and 979')}
      union all ${move('APPROVED', 'CANCELLED', 't4', 'h >= 980')}
    ) as m(id, at, f, t, d)`);
  // moved_at: what the triggers keep (the last move, or the creation).
  await client.query(`
    insert into applications (tenant_id, id, created_by, status, tracker_id, phone, stage, data, created_at, updated_at, moved_at)
    select 'sahyog', p.id, officer, status, 'SAH' || lpad(g::text, 10, '0'), (6000000000 + (g::bigint * 2654435761) % 3999999999)::text,
      case when status = 'DRAFT' and g % 2 = 0 then '["BORROWER_INFO"]'::jsonb else '${PD1}'::jsonb end,
      jsonb_build_object('name', 'BORROWER ' || g, 'loan_type', 'MFI_BUSINESS_LOAN', 'amount_requested', 75000 + (g % 50) * 1000),
      t0, t0, coalesce(last.at, t0)
    from seed_paths p left join (select id, max(at) as at from seed_moves group by id) last on last.id = p.id`);
  await client.query(`
    insert into application_events (tenant_id, application_id, at, actor_id, actor_designation, action, from_status, to_status, detail)
    select 'sahyog', id, at, (select id from users where tenant_id = 'sahyog' and mobile = '9000000003'), 'BRANCH_MANAGER', 'MOVED', f, t, d
    from seed_moves`);
  await client.query(`
    insert into application_events (tenant_id, application_id, at, actor_id, actor_designation, action, from_status, to_status, detail)
    select 'sahyog', id, t1 - interval '1 hour', (select id from users where tenant_id = 'sahyog' and mobile = '9000000003'), 'BRANCH_MANAGER',
      case when g % 3 = 0 then 'DEVIATION_REJECTED' else 'DEVIATION_APPROVED' end, 'DRAFT', 'DRAFT',
      jsonb_build_object('type', case when g % 2 = 0 then 'BORROWER_NAME_MISMATCH_DEVIATION' else 'BANK_NAME_MISMATCH_DEVIATION' end)
    from seed_paths where g % 20 = 0`);
  // What the triggers would have kept: the migrations' backfills (0029's milestones with 0030's working seconds, then 0030's counts).
  await client.query(`
    insert into application_milestones (tenant_id, application_id, created_by, created_at, left_draft_at, pd1_complete_at,
      pd2_complete_at, approved_at, agreement_signed_at, disbursal_ready_at, disbursed_at, cancelled_at, rejected_at, rejected_by, sent_back,
      draft_seconds, pd1_seconds, pd2_seconds, agreement_seconds, disbursal_seconds)
    select x.*, insights_working_seconds(x.created_at, x.pd1_complete_at, t.off), insights_working_seconds(x.pd1_complete_at, x.pd2_complete_at, t.off),
      insights_working_seconds(x.pd2_complete_at, x.approved_at, t.off), insights_working_seconds(x.approved_at, x.agreement_signed_at, t.off),
      insights_working_seconds(x.agreement_signed_at, x.disbursed_at, t.off)
    from (
      select a.tenant_id, a.id, a.created_by, a.created_at,
        min(e.at) filter (where e.from_status = 'DRAFT' and e.to_status <> 'DRAFT') as left_draft_at,
        min(e.at) filter (where e.to_status = 'PD1_COMPLETE') as pd1_complete_at, min(e.at) filter (where e.to_status = 'PD2_COMPLETE') as pd2_complete_at,
        min(e.at) filter (where e.to_status = 'APPROVED') as approved_at, min(e.at) filter (where e.to_status = 'AGREEMENT_SIGNED') as agreement_signed_at,
        min(e.at) filter (where e.to_status = 'DISBURSAL_READY'), min(e.at) filter (where e.to_status = 'DISBURSED') as disbursed_at,
        min(e.at) filter (where e.to_status = 'CANCELLED'), max(e.at) filter (where e.to_status = 'REJECTED'),
        (array_agg(case e.detail->>'by' when 'BUREAU' then 'BUREAU' when 'BRE' then 'BRE' else 'REVIEWER' end order by e.at desc)
          filter (where e.to_status = 'REJECTED'))[1],
        count(*) filter (where e.to_status in ('PD1_REVIEW', 'PD2_REVIEW') and e.from_status is distinct from e.to_status)
      from applications a
      left join application_events e on e.tenant_id = a.tenant_id and e.application_id = a.id and e.action = 'MOVED'
      where a.tenant_id = 'sahyog'
      group by a.tenant_id, a.id, a.created_by, a.created_at
    ) x, (select insights_off_days(holidays) as off from tenants where key = 'sahyog' offset 0) t`);
  await client.query(`
    insert into application_cohort_counts (tenant_id, day, created_by, created, left_draft, pd1_complete, pd2_complete, approved,
      agreement_signed, disbursal_ready, disbursed, cancelled, rejected_bureau, rejected_bre, rejected_reviewer, sent_back)
    select tenant_id, (created_at at time zone 'UTC' + interval '5 hours 30 minutes')::date, created_by, count(*), count(left_draft_at),
      count(pd1_complete_at), count(pd2_complete_at), count(approved_at), count(agreement_signed_at), count(disbursal_ready_at),
      count(disbursed_at), count(cancelled_at), count(*) filter (where rejected_by = 'BUREAU'), count(*) filter (where rejected_by = 'BRE'),
      count(*) filter (where rejected_by = 'REVIEWER'), count(*) filter (where sent_back > 0)
    from application_milestones where tenant_id = 'sahyog' group by 1, 2, 3`);
  await client.query(`
    insert into application_counts (tenant_id, created_by, status, pd1_captured, resubmitted, n)
    select tenant_id, created_by, status, stage @> '${PD1}'::jsonb, resubmitted_at is not null, count(*)
    from applications where tenant_id = 'sahyog' group by 1, 2, 3, 4, 5`);
  await client.query(`drop table seed_moves`);
  await client.query(`drop table seed_paths`);
  await client.query(`set session_replication_role = origin`);
  for (const table of [
    'applications',
    'application_events',
    'application_milestones',
    'application_cohort_counts',
    'application_counts',
    'users',
  ])
    await client.query(`vacuum analyze ${table}`);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const indiaDay = (ms: number) => inIndia(ms).format('YYYY-MM-DD');

export async function benchInsights(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [DB_NAME])).rowCount === 1;
  if (!KEPT_DB || !exists) await admin.query(`create database ${DB_NAME}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const database = openPostgres(url.toString(), { max: 6 });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await database.migrate();
    await client.connect();
    const t0 = performance.now();
    const seeded = KEPT_DB && (await client.query(`select 1 from applications limit 1`)).rowCount === 1;
    if (!seeded) {
      await seedDatabase(database.db);
      await seed(client);
    }
    const { rows: sizes } = await client.query<{ apps: string; events: string }>(
      `select (select count(*) from applications) apps, (select count(*) from application_events) events`,
    );
    console.log(
      `\ninsights on PostgreSQL: ${sizes[0]!.apps} applications, ${sizes[0]!.events} history entries ${seeded ? `(kept in ${DB_NAME})` : `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`}`,
    );
    // What autovacuum keeps: the visibility map of a kept database's rows rewritten by a migration (index-only scans).
    for (const table of ['applications', 'application_milestones', 'application_cohort_counts', 'application_counts'])
      await client.query(`vacuum analyze ${table}`);
    const to = indiaDay(NOW - 30 * 86_400_000);
    const from = indiaDay(NOW - 119 * 86_400_000);
    const { rows: officer } = await client.query<{ id: number }>(
      `select id from users where tenant_id = 'sahyog' and mobile = '8000000001'`,
    );
    const cases = [
      { label: `the branch, ${from} to ${to} (90 days)`, q: insightsQueryOf({ from, to }), times: [] as number[] },
      { label: `one officer, ${from} to ${to}`, q: insightsQueryOf({ from, to, officer: String(officer[0]!.id) }), times: [] as number[] },
    ];
    // Each answer is checked: its applications created in the range, counted here from the applications themselves.
    const expected = await Promise.all(
      cases.map(async (c) => {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from applications where tenant_id = 'sahyog' and created_at >= $1 and created_at < $2
             and ($3::int is null or created_by = $3)`,
          [rangeStart(c.q.from), rangeEnd(c.q.to), c.q.officer],
        );
        return rows[0]!.n;
      }),
    );
    const timed = async (i: number) => {
      const start = performance.now();
      const x = await insightsOf(database.db, 'sahyog', cases[i]!.q, NOW);
      const ms = performance.now() - start;
      if (x.funnel[0]!.count !== expected[i]) throw new Error(`${cases[i]!.label}: ${x.funnel[0]!.count} created, expected ${expected[i]}`);
      return ms;
    };
    for (let i = 0; i < WARM_UP; i++) for (const [k] of cases.entries()) await timed(k);
    const loadBefore = loadavg();
    // Interleaved: the branch, the officer, the branch, ...
    for (let i = 0; i < ITERATIONS; i++) for (const [k, c] of cases.entries()) c.times.push(await timed(k));
    const loadAfter = loadavg();
    for (const [k, c] of cases.entries()) {
      const t = [...c.times].sort((x, y) => x - y);
      const p95 = pct(t, 95);
      const f = (n: number) => n.toFixed(1).padStart(7);
      console.log(
        `  ${c.label.padEnd(44)} min ${f(t[0]!)}  p50 ${f(pct(t, 50))}  p95 ${f(p95)}  max ${f(t.at(-1)!)} ms  (${expected[k]} applications in the range, ${ITERATIONS} runs) ${p95 <= 300 ? 'OK' : 'OVER 300 ms'}`,
      );
    }
    const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
    console.log(`  load average before ${load(loadBefore)}, after ${load(loadAfter)} (${cpus().length} cores)`);

    console.log('\nQuery plans (EXPLAIN (ANALYZE, BUFFERS)), the branch:');
    const q = cases[0]!.q;
    const explain = async (name: string, query: unknown) => {
      const { sql, params } = (
        database.db as unknown as { dialect: { sqlToQuery(s: unknown): { sql: string; params: unknown[] } } }
      ).dialect.sqlToQuery(query);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
      console.log(`\n-- ${name}\n${rows.map((r) => `   ${r['QUERY PLAN']}`).join('\n')}`);
    };
    // The builders run their query; EXPLAIN needs the SQL: capture it with a db whose execute returns it.
    const capture = { execute: (s: unknown) => s } as unknown as typeof database.db;
    await explain('counts (funnel, rejections, officers)', countsQuery(capture, 'sahyog', q));
    await explain('turnaround', turnaroundQuery(capture, 'sahyog', q));
    await explain('deviations', deviationsQuery(capture, 'sahyog', q));
    await explain('ageing', ageingQuery(capture, 'sahyog', null, NOW));

    await benchInsightsScreen(url.toString(), from, to, SHORT ? 1 : 5);
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
    if (!KEPT_DB) await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

// Run directly: npx tsx bench/insights.ts
if (process.argv[1]?.endsWith('insights.ts')) await benchInsights();
