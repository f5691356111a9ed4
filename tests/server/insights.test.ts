import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PD1_STAGES } from '../../src/domain/policy/review-workflow';
import type { Db } from '../../src/server/db/client';
import { applicationEvents, applications, tenants, users } from '../../src/server/db/schema';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { get } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// The dashboard's figures (issue 36) against histories built by hand, where each answer is known.
// Times are India's (IST): 2026-01-15 is a Thursday; 2026-01-18 and 2026-01-25 are Sundays;
// 2026-01-26 is Republic Day (a national holiday).

const ctx = useTestApp();
const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`);
const RANGE = 'from=2026-01-15&to=2026-01-31';

let ids: { ravi: number; other: number; meena: number };
let serial = 0;

async function userId(db: Db, mobile: string, tenant = 'sahyog') {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)));
  return row!.id;
}

type Move = { at: string; from: string; to: string; by?: 'BUREAU' | 'BRE' };

/** An application created at `created` by `officer`, with its moves in order (its status the last one's). */
async function history(
  officer: number,
  created: string,
  moves: Move[] = [],
  options: { tenant?: string; stage?: readonly string[]; actor?: number } = {},
): Promise<string> {
  const tenant = options.tenant ?? 'sahyog';
  const id = (++serial).toString(16).padStart(32, '0');
  await ctx.db.insert(applications).values({
    tenant_id: tenant,
    id,
    created_by: officer,
    status: 'DRAFT',
    stage: [...(options.stage ?? [])],
    data: { name: `BORROWER ${serial}` },
    created_at: ist(created),
    updated_at: ist(created),
  });
  for (const m of moves) {
    await ctx.db.insert(applicationEvents).values({
      tenant_id: tenant,
      application_id: id,
      at: ist(m.at),
      actor_id: options.actor ?? officer,
      action: 'MOVED',
      from_status: m.from,
      to_status: m.to,
      detail: m.by ? { by: m.by, reasons: ['x'] } : null,
    });
  }
  const status = moves.at(-1)?.to ?? 'DRAFT';
  await ctx.db
    .update(applications)
    .set({ status })
    .where(and(eq(applications.tenant_id, tenant), eq(applications.id, id)));
  return id;
}

async function deviation(id: string, actor: number, at: string, type: string, decision: 'APPROVED' | 'REJECTED') {
  await ctx.db.insert(applicationEvents).values({
    tenant_id: 'sahyog',
    application_id: id,
    at: ist(at),
    actor_id: actor,
    action: decision === 'APPROVED' ? 'DEVIATION_APPROVED' : 'DEVIATION_REJECTED',
    from_status: 'DRAFT',
    to_status: 'DRAFT',
    detail: { type },
  });
}

/** A: approved (48, 24 and 144 working hours in DRAFT, PD1, PD2). B: sent back once, rejected by the reviewer. C: another officer's, rejected by the bureau. D: waiting. */
async function fourApplications() {
  const a = await history(ids.ravi, '2026-01-15 10:00', [
    { at: '2026-01-17 10:00', from: 'DRAFT', to: 'PD1_COMPLETE' },
    { at: '2026-01-19 10:00', from: 'PD1_COMPLETE', to: 'PD2_COMPLETE' },
    { at: '2026-01-27 10:00', from: 'PD2_COMPLETE', to: 'APPROVED' },
  ]);
  const b = await history(ids.ravi, '2026-01-15 10:00', [
    { at: '2026-01-16 10:00', from: 'DRAFT', to: 'PD1_COMPLETE' },
    { at: '2026-01-16 12:00', from: 'PD1_COMPLETE', to: 'PD1_REVIEW' },
    { at: '2026-01-16 14:00', from: 'PD1_REVIEW', to: 'PD1_COMPLETE' },
    { at: '2026-01-17 10:00', from: 'PD1_COMPLETE', to: 'REJECTED' },
  ]);
  const c = await history(ids.other, '2026-01-16 10:00', [{ at: '2026-01-16 11:00', from: 'DRAFT', to: 'REJECTED', by: 'BUREAU' }]);
  const d = await history(ids.ravi, '2026-01-20 10:00', [], { stage: PD1_STAGES });
  return { a, b, c, d };
}

let manager: string;

beforeEach(async () => {
  serial = 0;
  ids = {
    ravi: await userId(ctx.db, RAVI),
    meena: await userId(ctx.db, MEENA),
    other: (
      await ctx.db
        .insert(users)
        .values({ tenant_id: 'sahyog', mobile: '8100000001', first_name: 'Kiran', last_name: 'Rao', mfi_employee: 'RELATIONSHIP_OFFICER' })
        .returning({ id: users.id })
    )[0]!.id,
  };
  ctx.clock.set(ist('2026-01-30 10:00').getTime());
  manager = await login(ctx.app, ARJUN);
});

const insights = async (query = RANGE, token = manager, tenant?: string) => {
  const answer = await get(ctx.app, `/api/v1/insights?${query}`, { token, tenant });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
};

const listIds = async (filter: Record<string, string>, token = manager) => {
  const answer = await get(ctx.app, `/api/v1/app/mfi?size=50&${new URLSearchParams(filter).toString()}`, { token });
  expect(answer.status, answer.body.message).toBe(200);
  return (answer.body.data.list as { id: string }[]).map((r) => r.id).sort();
};

describe('GET /api/v1/insights', () => {
  it('the funnel, its conversions, the rejections by reason and each officer, from the history; each figure opens its applications', async () => {
    const { a, b, c, d } = await fourApplications();
    await history(ids.ravi, '2026-01-10 10:00', [{ at: '2026-01-16 10:00', from: 'DRAFT', to: 'PD1_COMPLETE' }]); // before the range
    await history(ids.ravi, '2026-02-01 00:30'); // after it (India's day)
    await history(await userId(ctx.db, RAVI, 'catfin'), '2026-01-16 10:00', [], { tenant: 'catfin' }); // another tenant

    const x = await insights();
    expect(x.tenant).toEqual({ key: 'sahyog', name: expect.any(String) });
    expect(x.range).toEqual({ from: '2026-01-15', to: '2026-01-31', officer: null });
    expect(x.funnel.map((f: { stage: string; count: number; conversion: number | null }) => [f.stage, f.count, f.conversion])).toEqual([
      ['CREATED', 4, null],
      ['LEFT_DRAFT', 3, 0.75],
      ['PD1_COMPLETE', 2, 0.6667],
      ['PD2_COMPLETE', 1, 0.5],
      ['APPROVED', 1, 1],
      ['AGREEMENT_SIGNED', 0, 0],
      ['DISBURSAL_READY', 0, null],
      ['DISBURSED', 0, null],
    ]);
    expect(x.rejections.map((r: { reason: string; count: number }) => [r.reason, r.count])).toEqual([
      ['BUREAU', 1],
      ['BRE', 0],
      ['REVIEWER', 1],
    ]);
    expect(
      x.officers.map((o: Record<string, unknown>) => [o.id, o.captured, o.sent_back, o.approved, o.rejected, o.approval_rate]),
    ).toEqual([
      [ids.ravi, 3, 1, 1, 1, 0.5],
      [ids.other, 1, 0, 0, 1, 0],
    ]);
    expect(x.officers[1].name).toBe('Kiran Rao');

    // Each figure's filter opens exactly its applications in the list.
    expect(await listIds(x.funnel[0].filter)).toEqual([a, b, c, d].sort());
    expect(await listIds(x.funnel[1].filter)).toEqual([a, b, c].sort());
    expect(await listIds(x.funnel[3].filter)).toEqual([a]);
    expect(await listIds(x.rejections[0].filter)).toEqual([c]);
    expect(await listIds(x.rejections[2].filter)).toEqual([b]);
    expect(await listIds(x.officers[0].filters.sent_back)).toEqual([b]);
    expect(await listIds(x.officers[0].filters.captured)).toEqual([a, b, d].sort());

    // One officer: only their applications.
    const own = await insights(`${RANGE}&officer=${ids.other}`);
    expect(own.range.officer).toEqual({ id: ids.other, name: 'Kiran Rao' });
    expect(own.funnel[0].count).toBe(1);
    expect(own.funnel[1].count).toBe(1);
    expect(own.rejections[0].count).toBe(1);
    expect(await listIds(own.funnel[0].filter)).toEqual([c]);
  });

  it('turnaround per stage, p50 and p90 in working hours: Sundays, national and tenant holidays left out; the longest stage named', async () => {
    await fourApplications();
    let x = await insights();
    const row = (stage: string) => x.turnaround.stages.find((s: { stage: string }) => s.stage === stage);
    // DRAFT: A 48 h (Thu 10:00 to Sat 10:00), B 24 h: median 36, p90 24 + 0.9 × 24.
    expect(row('DRAFT')).toMatchObject({ count: 2, p50_hours: 36, p90_hours: 45.6 });
    // PD1: A, Sat 10:00 to Mon 10:00 over a Sunday: 24 h.
    expect(row('PD1')).toMatchObject({ count: 1, p50_hours: 24, p90_hours: 24 });
    // PD2: A, Mon 19 to Tue 27, 8 days less Sunday 25 and Republic Day 26: 144 h.
    expect(row('PD2')).toMatchObject({ count: 1, p50_hours: 144, p90_hours: 144 });
    expect(row('AGREEMENT')).toMatchObject({ count: 0, p50_hours: null, p90_hours: null });
    expect(x.turnaround.longest).toBe('PD2');

    // The tenant closes on Friday 16: A's DRAFT is 24 h, B's 14 h (Thu 10:00 to midnight).
    await ctx.db
      .update(tenants)
      .set({ holidays: ['2026-01-16'] })
      .where(eq(tenants.key, 'sahyog'));
    x = await insights();
    expect(row('DRAFT')).toMatchObject({ count: 2, p50_hours: 19, p90_hours: 23 });
  });

  it('ageing: what waits in each queue now, by days since its last move', async () => {
    const { d } = await fourApplications(); // D: DRAFT with PD1 captured since Jan 20: the branch manager's and the officer's, 10 days
    const e = await history(ids.other, '2026-01-29 12:00'); // the officer's, 0 days
    const g = await history(ids.ravi, '2026-01-20 10:00', [{ at: '2026-01-27 09:00', from: 'DRAFT', to: 'PD1_COMPLETE' }]); // the credit manager's, 3 days
    const x = await insights();
    const counts = Object.fromEntries(
      x.ageing.map((q: { queue: string; buckets: { bucket: string; count: number }[] }) => [q.queue, q.buckets.map((b) => b.count)]),
    );
    expect(counts).toEqual({ BRANCH_MANAGER: [0, 0, 0, 1], BRANCH_CREDIT_MANAGER: [0, 1, 0, 0], RELATIONSHIP_OFFICER: [1, 0, 0, 1] });
    const bucket = (queue: string, b: string) =>
      x.ageing.find((q: { queue: string }) => q.queue === queue).buckets.find((k: { bucket: string }) => k.bucket === b).filter;
    expect(await listIds(bucket('BRANCH_MANAGER', '8+'))).toEqual([d]);
    expect(await listIds(bucket('BRANCH_CREDIT_MANAGER', '2-3'))).toEqual([g]);
    expect(await listIds(bucket('RELATIONSHIP_OFFICER', '0-1'))).toEqual([e]);
    const own = await insights(`${RANGE}&officer=${ids.other}`);
    expect(
      own.ageing.find((q: { queue: string }) => q.queue === 'RELATIONSHIP_OFFICER').buckets.map((b: { count: number }) => b.count),
    ).toEqual([1, 0, 0, 0]);
  });

  it('deviations by type and decision: the decisions made in the range', async () => {
    const { a, d } = await fourApplications();
    await deviation(a, ids.meena, '2026-01-16 12:00', 'BORROWER_NAME_MISMATCH_DEVIATION', 'APPROVED');
    await deviation(d, ids.meena, '2026-01-21 12:00', 'BORROWER_NAME_MISMATCH_DEVIATION', 'APPROVED');
    await deviation(d, ids.meena, '2026-01-21 13:00', 'BANK_NAME_MISMATCH_DEVIATION', 'REJECTED');
    await deviation(a, ids.meena, '2026-02-02 12:00', 'BANK_NAME_MISMATCH_DEVIATION', 'APPROVED'); // after the range
    const x = await insights();
    expect(x.deviations.map((v: Record<string, unknown>) => [v.type, v.decision, v.count])).toEqual([
      ['BANK_NAME_MISMATCH_DEVIATION', 'REJECTED', 1],
      ['BORROWER_NAME_MISMATCH_DEVIATION', 'APPROVED', 2],
    ]);
    expect(await listIds(x.deviations[1].filter)).toEqual([a, d].sort());
    expect(await listIds(x.deviations[0].filter)).toEqual([d]);
  });

  it('refuses officers, agents and guests; a manager sees only their tenant; bad input is a 400 with the reason', async () => {
    await fourApplications();
    expect((await get(ctx.app, `/api/v1/insights?${RANGE}`)).status).toBe(401);
    for (const mobile of [RAVI, KAVITA]) {
      const refused = await get(ctx.app, `/api/v1/insights?${RANGE}`, { token: await login(ctx.app, mobile) });
      expect(refused.status).toBe(403);
      const exported = await get(ctx.app, `/api/v1/insights/export?${RANGE}&format=csv`, { token: await login(ctx.app, mobile) });
      expect(exported.status).toBe(403);
    }
    // The credit manager may; another tenant's manager sees none of sahyog's.
    expect((await insights(RANGE, await login(ctx.app, MEENA))).funnel[0].count).toBe(4);
    const catfin = await login(ctx.app, ARJUN, 'catfin');
    expect((await insights(RANGE, catfin, 'catfin')).funnel[0].count).toBe(0);
    expect((await get(ctx.app, `/api/v1/insights?${RANGE}`, { token: catfin })).status).toBe(401);

    for (const [query, message] of [
      ['from=2026-01-15', 'to must be a day (YYYY-MM-DD)'],
      ['from=2026-02-30&to=2026-03-01', 'from must be a day (YYYY-MM-DD)'],
      ['from=2026-02-01&to=2026-01-01', 'to must be on or after from, at most 366 days later'],
      ['from=2025-01-01&to=2026-06-01', 'to must be on or after from, at most 366 days later'],
      [`${RANGE}&officer=abc`, 'officer must be a user id'],
    ]) {
      const bad = await get(ctx.app, `/api/v1/insights?${query}`, { token: manager });
      expect(bad.status, query).toBe(400);
      expect(bad.body.message, query).toContain(message);
    }
    const badFigure = await get(ctx.app, '/api/v1/app/mfi?figure=reached:NOWHERE', { token: manager });
    expect(badFigure.status).toBe(400);
  });
});

describe('GET /api/v1/insights/export', () => {
  it('the workbook: the tenant, the range, each figure and the applications behind them', async () => {
    const { a } = await fourApplications();
    const raw = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/insights/export?${RANGE}&format=xlsx`,
      headers: { host: 'localhost:8080', token: manager },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-disposition']).toBe('attachment; filename="insights-sahyog-2026-01-15-to-2026-01-31.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const cells = (sheet: string) =>
      book
        .getWorksheet(sheet)!
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1));
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.key, 'sahyog'));
    expect(cells('Summary').slice(1, 4)).toEqual([
      ['Tenant', tenant!.display_name],
      ['From', '2026-01-15'],
      ['To', '2026-01-31'],
    ]);
    expect(cells('Funnel').slice(0, 4)).toEqual([
      ['Stage', 'Applications', 'Conversion from the previous stage (%)'],
      ['CREATED', 4],
      ['LEFT_DRAFT', 3, 75],
      ['PD1_COMPLETE', 2, 66.7],
    ]);
    expect(cells('Turnaround')[1]).toEqual(['DRAFT', 2, 36, 45.6, 1.5, 1.9]);
    expect(cells('Rejections').slice(1)).toEqual([
      ['BUREAU', 1],
      ['BRE', 0],
      ['REVIEWER', 1],
    ]);
    expect(cells('Officers')[1]).toEqual([expect.stringMatching(/^Ravi/), 3, 1, 1, 1, 50]);
    const apps = cells('Applications');
    expect(apps).toHaveLength(5);
    const first = apps.find((r) => r[1] === 'BORROWER 1')!;
    expect(first.slice(1, 9)).toEqual([
      'BORROWER 1',
      'APPROVED',
      expect.stringMatching(/^Ravi/),
      '2026-01-15 10:00',
      '2026-01-17 10:00',
      '2026-01-17 10:00',
      '2026-01-19 10:00',
      '2026-01-27 10:00',
    ]);
    expect(first.at(-1)).toBe(0);
    expect(first[0]).toBeUndefined(); // no tracker id in these hand-built rows
    expect(a).toHaveLength(32);
  });

  it('the CSV: the same figures and applications, quoted where needed, formulas defused', async () => {
    await fourApplications();
    await ctx.db
      .update(applications)
      .set({ data: { name: '=HYPERLINK("x"), SAFE' } })
      .where(eq(applications.id, (1).toString(16).padStart(32, '0')));
    const raw = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/insights/export?${RANGE}&format=csv&officer=${ids.ravi}`,
      headers: { host: 'localhost:8080', token: manager },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = raw.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines.slice(1, 5)).toEqual([
      `Tenant,${lines[1]!.split(',')[1]}`,
      'From,2026-01-15',
      'To,2026-01-31',
      expect.stringMatching(/^Officer,Ravi/),
    ]);
    expect(lines).toContain('CREATED,3,');
    expect(lines).toContain('LEFT_DRAFT,2,66.7');
    expect(lines.some((l) => l.startsWith(`,"'=HYPERLINK(""x""), SAFE",APPROVED,`))).toBe(true);
  });
});
