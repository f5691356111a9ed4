import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { ARJUN, login, MEENA, RAVI } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';

// Issue 21 D2 (DECISIONS.md "Business rules engine and loan offer"): opening the offer reads the
// engine's inputs and decides nothing; the BRE's REJECTED answer is a proposal that moves the
// application to REJECTED only when the credit manager confirms it, while it is still current.
// Figures worked out by hand: business expenses 3000 + 4000 + 1000 + 500 + 700 + 300 + 500 =
// 10,000; household 2000 + 800 + 4000 + 1000 + 500 + 500 + 200 = 9,000.

const ctx = useTestApp();
const BRE = '/api/v1/bureau/bre';
const CONFIRM = '/api/v1/bureau/bre/confirm-rejection';

const business = (monthly_sales: number) => ({
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  monthly_sales,
  gross_margin_percentage: 20,
  rent: 3000,
  salary: 4000,
  electricity_and_fuel: 1000,
  machinery_repairs: 500,
  transportation_and_petrol: 700,
  admin_operating_expenses: 300,
  others: 500,
});
const RESIDENCE = {
  verification_type: 'RESIDENCE_VERIFICATION',
  house_rent: 2000,
  house_electricity_and_water: 800,
  food_expenses: 4000,
  education_expenses: 1000,
  medical_expenses: 500,
  insurance_premiums: 500,
  house_others: 200,
};

const where = (id: string) => and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id));
const rowOf = async (id: string) => (await ctx.db.select().from(applications).where(where(id)))[0]!;
/** The CPV as the field verification step leaves it (that step has its own tests). */
const setSales = (id: string, monthly_sales: number) =>
  ctx.db
    .update(applications)
    .set({
      data: sql`${applications.data} || ${JSON.stringify({ app_mfi_cpv_info: { business_place: business(monthly_sales), residence: RESIDENCE } })}::jsonb`,
    })
    .where(where(id));

/** MEENA SHARMA's application in PD1_COMPLETE; sales mistyped 71,250 instead of 1,71,250: 14,250 − 10,000 − 9,000 = −4,750 a month. */
async function mistyped(status = 'PD1_COMPLETE') {
  const owner = await login(ctx.app, RAVI);
  const id = await createApplication(ctx.app, owner);
  const data = { name: 'MEENA SHARMA', pan: 'BMSPS1234K', loan_type: 'MFI_BUSINESS_LOAN', amount_requested: 100000, tenure_requested: 24 };
  await ctx.db
    .update(applications)
    .set({ status, data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb` })
    .where(where(id));
  await setSales(id, 71250);
  return { id, owner, bcm: await login(ctx.app, MEENA), bm: await login(ctx.app, ARJUN) };
}

describe('GET /api/v1/bureau/bre: the engine inputs, read only', () => {
  it('the CPV figures and the surplus with its parts; no offer; nothing written', async () => {
    const { id, bcm, bm, owner } = await mistyped();
    const before = await rowOf(id);
    ctx.clock.advance(60_000);
    const res = await get(ctx.app, `${BRE}?application_id=${id}`, { token: bcm });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      missing: [],
      offer: null,
      offer_current: false,
      inputs: {
        loan_type: 'MFI_BUSINESS_LOAN',
        amount_requested: 100000,
        business: { monthly_sales: 71250, gross_margin_percentage: 20, rent: 3000 },
        house: { food_expenses: 4000 },
        gross_profit: 14250,
        business_expenses: 10000,
        household_expenses: 9000,
        monthly_surplus: -4750,
      },
    });
    const after = await rowOf(id);
    expect(after.updated_at).toEqual(before.updated_at);
    expect(after.data.loan_offer).toBeUndefined();
    // The branch manager reads too; the officer is refused; a malformed id is a 400 with the reason.
    expect((await get(ctx.app, `${BRE}?application_id=${id}`, { token: bm })).status).toBe(200);
    expect((await get(ctx.app, `${BRE}?application_id=${id}`, { token: owner })).status).toBe(403);
    const bad = await get(ctx.app, `${BRE}?application_id=nope`, { token: bcm });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/application_id/);
  });

  it('names what is missing before the field verification is done', async () => {
    const { id, bcm } = await mistyped();
    await ctx.db
      .update(applications)
      .set({ data: sql`${applications.data} - 'app_mfi_cpv_info'` })
      .where(where(id));
    const res = await get(ctx.app, `${BRE}?application_id=${id}`, { token: bcm });
    expect(res.body.data).toMatchObject({
      inputs: null,
      missing: ['business place verification (CPV)', 'residence verification (CPV)'],
      offer: null,
    });
  });
});

describe('POST /api/v1/bureau/bre/confirm-rejection: the credit manager confirms the engine', () => {
  it('a negative surplus is proposed, not decided; the confirmation rejects, with the BRE and the credit manager in the history', async () => {
    const { id, bcm, bm, owner } = await mistyped();
    const proposed = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(proposed.body.data).toMatchObject({ decision: 'REJECTED', reasons: ['INSUFFICIENT_SURPLUS'], monthly_surplus: -4750 });
    expect((await rowOf(id)).status).toBe('PD1_COMPLETE');
    const read = await get(ctx.app, `${BRE}?application_id=${id}`, { token: bcm });
    expect(read.body.data).toMatchObject({ offer: { decision: 'REJECTED' }, offer_current: true });

    // Only the branch credit manager confirms.
    expect((await post(ctx.app, CONFIRM, { application_id: id }, { token: bm })).status).toBe(403);
    expect((await post(ctx.app, CONFIRM, { application_id: id }, { token: owner })).status).toBe(403);
    expect((await rowOf(id)).status).toBe('PD1_COMPLETE');

    const confirmed = await post(ctx.app, CONFIRM, { application_id: id }, { token: bcm });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.data).toMatchObject({ decision: 'REJECTED', reasons: ['INSUFFICIENT_SURPLUS'] });
    expect(confirmed.body.data.rejection_confirmed_at).toBeTruthy();
    const row = await rowOf(id);
    expect(row.status).toBe('REJECTED');
    expect(row.data.rejection_reason).toBe('INSUFFICIENT_SURPLUS');
    const view = await get(ctx.app, `/api/v1/app/mfi/${id}`, { token: bcm });
    const moves = view.body.data.history.filter((h: { to: string }) => h.to === 'REJECTED');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      action: 'MOVED',
      from: 'PD1_COMPLETE',
      to: 'REJECTED',
      actor_designation: 'BRANCH_CREDIT_MANAGER',
      remarks: 'INSUFFICIENT_SURPLUS',
      detail: { by: 'BRE', reasons: ['INSUFFICIENT_SURPLUS'], monthly_surplus: -4750 },
    });
    expect(moves[0].actor_name).toMatch(/Meena/);

    // Final: a second confirmation, a recompute or an edit change nothing.
    expect((await post(ctx.app, CONFIRM, { application_id: id }, { token: bcm })).status).toBe(409);
    await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect((await rowOf(id)).status).toBe('REJECTED');
  });

  it('back to field verification: corrected figures make the proposal stale (409), and the engine run again offers the loan', async () => {
    const { id, bcm } = await mistyped();
    await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    // Corrected: 1,71,250 × 20% = 34,250 − 19,000 = 15,250 a month; 12 × = 1,83,000, so the 1,00,000 asked for.
    await setSales(id, 171250);
    const read = await get(ctx.app, `${BRE}?application_id=${id}`, { token: bcm });
    expect(read.body.data).toMatchObject({ inputs: { monthly_surplus: 15250 }, offer: { decision: 'REJECTED' }, offer_current: false });
    const stale = await post(ctx.app, CONFIRM, { application_id: id }, { token: bcm });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The figures changed since the business rules engine ran: compute the offer again.');
    expect((await rowOf(id)).status).toBe('PD1_COMPLETE');

    const computed = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(computed.body.data).toMatchObject({ decision: 'APPROVED', monthly_surplus: 15250, final_suggested_loan_amount: 100000 });
    expect((await get(ctx.app, `${BRE}?application_id=${id}`, { token: bcm })).body.data.offer_current).toBe(true);
    // An approved offer is nothing to confirm as a rejection.
    const nothing = await post(ctx.app, CONFIRM, { application_id: id }, { token: bcm });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('The business rules engine has not proposed a rejection: compute the offer first.');
    expect((await rowOf(id)).status).toBe('PD1_COMPLETE');
  });

  it('refused without a proposal, outside the offer statuses, and with a malformed body', async () => {
    const { id, bcm } = await mistyped();
    expect((await post(ctx.app, CONFIRM, { application_id: id }, { token: bcm })).status).toBe(409);
    const draft = await mistyped('DRAFT');
    const res = await post(ctx.app, CONFIRM, { application_id: draft.id }, { token: bcm });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/DRAFT/);
    const bad = await post(ctx.app, CONFIRM, { application_id: 'x'.repeat(40) }, { token: bcm });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/application_id/);
    expect((await post(ctx.app, CONFIRM, {}, { token: bcm })).status).toBe(400);
  });
});
