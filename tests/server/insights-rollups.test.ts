import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { NATIONAL_HOLIDAYS } from '../../src/domain/shared/dates';
import { PD1_STAGES } from '../../src/domain/policy/review-workflow';
import { applicationEvents, applications, tenants, users } from '../../src/server/db/schema';
import { applicationAt, move } from './review-fixtures';
import { ARJUN, login, RAVI } from './helpers/auth-flow';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// What the insights triggers keep (migration 0030, docs/insights.md "Fast at scale"): the stages'
// working seconds on application_milestones, applications.moved_at, and application_cohort_counts.
// Every case ends by checking them against the same figures computed afresh from the history.
// Times are India's: 2026-01-15 is a Thursday, 2026-01-18 a Sunday, 2026-01-26 Republic Day.

const ctx = useTestApp();
const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`);
const HOUR = 3600;

let officer: number;
let serial = 0;

beforeEach(async () => {
  serial = 0;
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, RAVI)));
  officer = row!.id;
});

async function created(at: string, by = officer, stage: readonly string[] = []): Promise<string> {
  const id = `${(++serial).toString(16).padStart(31, '0')}f`;
  await ctx.db.insert(applications).values({
    tenant_id: 'sahyog',
    id,
    created_by: by,
    status: 'DRAFT',
    stage: [...stage],
    data: { name: `BORROWER ${serial}` },
    created_at: ist(at),
    updated_at: ist(at),
  });
  return id;
}

/** A move recorded as the services do: the status, then its history entry, in one transaction. */
async function moved(id: string, at: string, from: string, to: string, db = ctx.db) {
  await db.transaction(async (tx) => {
    await tx
      .update(applications)
      .set({ status: to })
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
    await tx.insert(applicationEvents).values({
      tenant_id: 'sahyog',
      application_id: id,
      at: ist(at),
      actor_id: officer,
      action: 'MOVED',
      from_status: from,
      to_status: to,
    });
  });
}

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await ctx.db.execute<T & Record<string, unknown>>(query)).rows;

async function milestones(id: string) {
  const [row] = await rowsOf<Record<string, number | null>>(sql`
    select draft_seconds, pd1_seconds, pd2_seconds, agreement_seconds, disbursal_seconds, sent_back
    from application_milestones where tenant_id = 'sahyog' and application_id = ${id}`);
  return row!;
}

const movedAt = async (id: string) =>
  (await rowsOf<{ moved_at: string }>(sql`select moved_at::text from applications where tenant_id = 'sahyog' and id = ${id}`))[0]!.moved_at;

async function counts() {
  return rowsOf<Record<string, unknown>>(sql`
    select day::text, created_by, created, left_draft, pd1_complete, pd2_complete, approved, agreement_signed, disbursal_ready,
      disbursed, cancelled, rejected_bureau, rejected_bre, rejected_reviewer, sent_back
    from application_cohort_counts where created > 0 order by 1, 2`);
}

/**
 * The stored figures equal the same figures computed afresh from the history: the counts as the
 * migration's backfill builds them, moved_at as the last move, each stage's working seconds by a
 * calendar walked day by day here (not the SQL's arithmetic).
 */
async function expectStoredMatchHistory() {
  const fresh = await rowsOf<Record<string, unknown>>(sql`
    with h as (
      select a.tenant_id, a.id, a.created_by, a.created_at,
        min(e.at) filter (where e.from_status = 'DRAFT' and e.to_status <> 'DRAFT') as left_draft_at,
        min(e.at) filter (where e.to_status = 'PD1_COMPLETE') as pd1, min(e.at) filter (where e.to_status = 'PD2_COMPLETE') as pd2,
        min(e.at) filter (where e.to_status = 'APPROVED') as approved, min(e.at) filter (where e.to_status = 'AGREEMENT_SIGNED') as signed,
        min(e.at) filter (where e.to_status = 'DISBURSAL_READY') as ready, min(e.at) filter (where e.to_status = 'DISBURSED') as disbursed,
        min(e.at) filter (where e.to_status = 'CANCELLED') as cancelled,
        (array_agg(case e.detail->>'by' when 'BUREAU' then 'BUREAU' when 'BRE' then 'BRE' else 'REVIEWER' end order by e.at desc, e.id desc)
          filter (where e.to_status = 'REJECTED'))[1] as rejected_by,
        count(*) filter (where e.to_status in ('PD1_REVIEW', 'PD2_REVIEW') and e.from_status is distinct from e.to_status) as sent_back
      from applications a
      left join application_events e on e.tenant_id = a.tenant_id and e.application_id = a.id and e.action = 'MOVED'
      group by a.tenant_id, a.id, a.created_by, a.created_at
    )
    select (created_at at time zone 'UTC' + interval '5 hours 30 minutes')::date::text as day, created_by,
      count(*)::int as created, count(left_draft_at)::int as left_draft, count(pd1)::int as pd1_complete, count(pd2)::int as pd2_complete,
      count(approved)::int as approved, count(signed)::int as agreement_signed, count(ready)::int as disbursal_ready,
      count(disbursed)::int as disbursed, count(cancelled)::int as cancelled,
      (count(*) filter (where rejected_by = 'BUREAU'))::int as rejected_bureau, (count(*) filter (where rejected_by = 'BRE'))::int as rejected_bre,
      (count(*) filter (where rejected_by = 'REVIEWER'))::int as rejected_reviewer, (count(*) filter (where sent_back > 0))::int as sent_back
    from h where tenant_id = 'sahyog' group by 1, 2 order by 1, 2`);
  expect(await counts()).toEqual(fresh);

  const [tenant] = await ctx.db.select({ holidays: tenants.holidays }).from(tenants).where(eq(tenants.key, 'sahyog'));
  const epoch = (c: string) => sql.raw(`extract(epoch from ${c})::float8`);
  const stored = await rowsOf<
    { id: string; moved_at: number; last_move: number; stamps: (number | null)[] } & Record<string, number | null>
  >(sql`
    select a.id, ${epoch('a.moved_at')} as moved_at,
      coalesce((select ${epoch('e.at')} from application_events e where e.tenant_id = a.tenant_id and e.application_id = a.id
        and e.action = 'MOVED' and e.to_status is distinct from e.from_status order by e.at desc, e.id desc limit 1), ${epoch('a.created_at')}) as last_move,
      array[${sql.join(['m.created_at', 'm.pd1_complete_at', 'm.pd2_complete_at', 'm.approved_at', 'm.agreement_signed_at', 'm.disbursed_at'].map(epoch), sql`, `)}] as stamps,
      m.draft_seconds, m.pd1_seconds, m.pd2_seconds, m.agreement_seconds, m.disbursal_seconds
    from applications a join application_milestones m on m.tenant_id = a.tenant_id and m.application_id = a.id
    where a.tenant_id = 'sahyog'`);
  for (const r of stored) {
    expect(Number(r.moved_at), r.id).toBe(Number(r.last_move));
    const t = r.stamps.map((s) => (s === null ? null : Number(s)));
    const holidays = Array.isArray(tenant!.holidays) ? tenant!.holidays : [];
    const seconds = [0, 1, 2, 3, 4].map((i) => workingSeconds(t[i]!, t[i + 1]!, holidays));
    expect([r.draft_seconds, r.pd1_seconds, r.pd2_seconds, r.agreement_seconds, r.disbursal_seconds], r.id).toEqual(seconds);
  }
}

/** Working seconds from a to b (epoch seconds), a day at a time: Sundays, national holidays and `holidays` left out. */
function workingSeconds(a: number | null, b: number | null, holidays: readonly string[]): number | null {
  if (a === null || b === null) return null;
  const [lo, hi] = a <= b ? [a + 19800, b + 19800] : [b + 19800, a + 19800];
  let total = 0;
  for (let day = Math.floor(lo / 86400); day * 86400 < hi; day++) {
    const d = new Date(day * 86_400_000);
    const iso = d.toISOString().slice(0, 10);
    const off =
      d.getUTCDay() === 0 ||
      NATIONAL_HOLIDAYS.some((h) => h.month === d.getUTCMonth() + 1 && h.day === d.getUTCDate()) ||
      holidays.includes(iso);
    if (!off) total += Math.min(hi, (day + 1) * 86400) - Math.max(lo, day * 86400);
  }
  return a <= b ? total : -total;
}

const setHolidays = (holidays: unknown) =>
  ctx.db
    .update(tenants)
    .set({ holidays: holidays as string[] })
    .where(eq(tenants.key, 'sahyog'));

describe('the stored insights figures', () => {
  it('a move sets moved_at, the stage seconds and the day’s counts; a move within a status keeps moved_at', async () => {
    const a = await created('2026-01-15 10:00');
    expect(await movedAt(a)).toBe((await rowsOf<{ t: string }>(sql`select ${ist('2026-01-15 10:00')}::timestamptz::text as t`))[0]!.t);
    expect(await counts()).toMatchObject([{ day: '2026-01-15', created: 1, left_draft: 0, pd1_complete: 0 }]);

    // Thu 10:00 to Mon 10:00, over Sunday 18: 72 working hours.
    await moved(a, '2026-01-19 10:00', 'DRAFT', 'PD1_COMPLETE');
    expect((await milestones(a)).draft_seconds).toBe(72 * HOUR);
    expect(await counts()).toMatchObject([{ day: '2026-01-15', created: 1, left_draft: 1, pd1_complete: 1, pd2_complete: 0 }]);
    const after = await movedAt(a);
    await moved(a, '2026-01-20 10:00', 'PD1_COMPLETE', 'PD1_COMPLETE');
    expect(await movedAt(a)).toBe(after);

    // Created late on the 15th in India (the 15th in UTC too) and just after midnight India's 16th (the 15th in UTC).
    await created('2026-01-15 23:59');
    await created('2026-01-16 00:10');
    expect((await counts()).map((r) => [r.day, r.created])).toEqual([
      ['2026-01-15', 2],
      ['2026-01-16', 1],
    ]);
    await expectStoredMatchHistory();
  });

  it('a send-back and a resubmission through the real calls: sent back counted once, the wait from the send-back, PD1 complete kept from the first time', async () => {
    ctx.clock.set(ist('2026-01-15 10:00').getTime());
    const { id, tokens } = await applicationAt(ctx, 'PD1_REVIEW');
    expect(await milestones(id)).toMatchObject({ sent_back: 1 });
    const [sentBack] = await rowsOf<{ at: string }>(sql`
      select at::text from application_events where application_id = ${id} and to_status = 'PD1_REVIEW'`);
    expect(await movedAt(id)).toBe(sentBack!.at);
    expect(await counts()).toMatchObject([{ created: 1, left_draft: 1, pd1_complete: 1, sent_back: 1 }]);
    const draft = (await milestones(id)).draft_seconds;

    ctx.clock.advance(2 * 3_600_000);
    expect((await move(ctx, id, tokens.bm, 'PD1_COMPLETE')).status).toBe(200);
    expect((await milestones(id)).draft_seconds).toBe(draft);
    expect(await movedAt(id)).not.toBe(sentBack!.at);
    expect(await counts()).toMatchObject([{ created: 1, left_draft: 1, pd1_complete: 1, sent_back: 1 }]);
    await expectStoredMatchHistory();
  });

  it('a holiday added or removed recomputes the stages that span it, and only those; what is not a day is ignored', async () => {
    const a = await created('2026-01-15 10:00');
    await moved(a, '2026-01-17 10:00', 'DRAFT', 'PD1_COMPLETE'); // Thu to Sat: 48 h
    await moved(a, '2026-01-27 10:00', 'PD1_COMPLETE', 'PD2_COMPLETE'); // Sat 17 to Tue 27 less Sundays 18, 25 and the 26th: 168 h
    const b = await created('2026-01-20 10:00');
    await moved(b, '2026-01-21 10:00', 'DRAFT', 'PD1_COMPLETE'); // 24 h
    expect(await milestones(a)).toMatchObject({ draft_seconds: 48 * HOUR, pd1_seconds: 168 * HOUR });

    await setHolidays(['2026-01-16', '2026-01-22', 'not a day', '2026-02-30', '2026-01-18', 5]);
    expect(await milestones(a)).toMatchObject({ draft_seconds: 24 * HOUR, pd1_seconds: 144 * HOUR });
    expect(await milestones(b)).toMatchObject({ draft_seconds: 24 * HOUR }); // the 22nd is after its stage
    await expectStoredMatchHistory();

    await setHolidays([]);
    expect(await milestones(a)).toMatchObject({ draft_seconds: 48 * HOUR, pd1_seconds: 168 * HOUR });
    await setHolidays('no list');
    expect(await milestones(a)).toMatchObject({ draft_seconds: 48 * HOUR });
    await expectStoredMatchHistory();
  });

  it('a take-over moves the application’s counts to its new officer; a deleted application leaves them', async () => {
    const [other] = await ctx.db
      .insert(users)
      .values({ tenant_id: 'sahyog', mobile: '8100000001', first_name: 'Kiran', last_name: 'Rao', mfi_employee: 'RELATIONSHIP_OFFICER' })
      .returning({ id: users.id });
    const a = await created('2026-01-15 10:00');
    await moved(a, '2026-01-16 10:00', 'DRAFT', 'REJECTED');
    const b = await created('2026-01-15 11:00');
    await ctx.db.update(applications).set({ created_by: other!.id }).where(eq(applications.id, a));
    expect((await counts()).map((r) => [r.created_by, r.created, r.rejected_reviewer])).toEqual(
      [
        [officer, 1, 0],
        [other!.id, 1, 1],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    await expectStoredMatchHistory();
    await ctx.db.delete(applications).where(eq(applications.id, b));
    expect((await counts()).map((r) => r.created_by)).toEqual([other!.id]);
    await expectStoredMatchHistory();
  });

  it('concurrent moves on the same officer and day, each in its own transaction, all counted', async () => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await created('2026-01-15 10:00', officer, PD1_STAGES));
    await Promise.all(
      ids.map(async (id, i) => {
        await moved(id, '2026-01-16 10:00', 'DRAFT', 'PD1_COMPLETE');
        if (i % 2 === 0) await moved(id, '2026-01-17 10:00', 'PD1_COMPLETE', 'PD1_REVIEW');
        if (i % 3 === 0) await moved(id, '2026-01-19 10:00', i % 2 === 0 ? 'PD1_REVIEW' : 'PD1_COMPLETE', 'REJECTED');
      }),
    );
    expect(await counts()).toMatchObject([{ created: 12, pd1_complete: 12, sent_back: 6, rejected_reviewer: 4 }]);
    await expectStoredMatchHistory();
  });

  it('the dashboard reads them: a manager sees the funnel and the stage from the stored figures, gzipped when asked', async () => {
    ctx.clock.set(ist('2026-01-30 10:00').getTime());
    const a = await created('2026-01-15 10:00');
    await moved(a, '2026-01-17 10:00', 'DRAFT', 'PD1_COMPLETE');
    const answer = await get(ctx.app, '/api/v1/insights?from=2026-01-15&to=2026-01-31', { token: await login(ctx.app, ARJUN) });
    expect(answer.status).toBe(200);
    const x = answer.body.data;
    expect(x.funnel.slice(0, 3).map((f: { count: number }) => f.count)).toEqual([1, 1, 1]);
    expect(x.turnaround.stages[0]).toMatchObject({ stage: 'DRAFT', count: 1, p50_hours: 48 });

    // Gzipped to a client that takes it (a phone on a slow network), the same answer.
    const raw = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/insights?from=2026-01-15&to=2026-01-31',
      headers: { host: 'localhost:8080', token: await login(ctx.app, ARJUN), 'accept-encoding': 'gzip, br' },
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(raw.rawPayload).toString()).data.funnel).toEqual(x.funnel);
  });
});
