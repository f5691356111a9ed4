import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { unconfiguredProviders } from '../../src/server/providers/unconfigured.provider';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { call, get, post, type CallOptions } from './helpers/http';
import { HOUR, useTestApp } from './helpers/test-app';

import { acknowledgeStatement } from './helpers/kfs';
import { createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

// The loan offer (issue 12): POST /api/v1/bureau/bre computes it from the field verifications with
// the sandbox BRE, PATCH edits and accepts it, and the EMI start date route. Every figure below is
// worked out by hand from DECISIONS.md ("Loan offer", "Business rules engine"), not copied from
// an answer. The test clock is 15-01-2026 10:00 in India.

const ctx = useTestApp();
const BRE = '/api/v1/bureau/bre';
const EMI_DATE = '/api/v1/bureau/get-emi-start-date-from-disbursement-date';

const patch = (url: string, body: unknown, options: CallOptions) => call(ctx.app, 'PATCH', url, body, options);

// LAKSHMI DEVI's shop: sales 1,50,000 a month at a 20% margin = 30,000 gross profit; business
// expenses 3000 + 4000 + 1000 + 500 + 700 + 300 + 500 = 10,000; household 2000 + 800 + 4000 +
// 1000 + 500 + 500 + 200 = 9,000. Surplus 30,000 − 10,000 − 9,000 = 11,000 a month.
const BUSINESS_PLACE = {
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  monthly_sales: 150000,
  gross_margin_percentage: 20,
  rent: 3000,
  salary: 4000,
  electricity_and_fuel: 1000,
  machinery_repairs: 500,
  transportation_and_petrol: 700,
  admin_operating_expenses: 300,
  others: 500,
};
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

type Setup = { status?: string; data?: Record<string, unknown> };

/** An application of Ravi's, as the earlier steps and the CPV leave it (written directly: those steps have their own tests). */
async function lakshmi(setup: Setup = {}) {
  const owner = await login(ctx.app, RAVI);
  const id = await createApplication(ctx.app, owner);
  const data = {
    name: 'LAKSHMI DEVI',
    pan: 'BDVPD4821K',
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    tenure_requested: 24,
    app_mfi_cpv_info: { business_place: BUSINESS_PLACE, residence: RESIDENCE },
    ...setup.data,
  };
  await ctx.db
    .update(applications)
    .set({ status: setup.status ?? 'PD1_COMPLETE', data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb` })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
  return { id, owner, bcm: await login(ctx.app, MEENA), bm: await login(ctx.app, ARJUN) };
}

const setStatus = (id: string, status: string) =>
  ctx.db
    .update(applications)
    .set({ status })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));

const rowOf = async (id: string) =>
  (
    await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)))
  )[0]!;

const edit = (id: string, info: Record<string, unknown>, is_accepted = false) => ({
  application_id: id,
  updated_info: {
    final_suggested_loan_amount: 90000,
    risk_category_and_loan_type_wise_max_tenure: 18,
    disbursement_date: '2026-01-21',
    emi_start_date: '2026-03-05',
    ...info,
  },
  is_accepted,
  phone: '9876501234',
});

describe('POST /api/v1/bureau/bre: the offer', () => {
  it("LAKSHMI DEVI: score 742, approved, 1,00,000 over 24 months at 24%, every figure to the paisa, stored and in the application's view", async () => {
    const { id, bcm } = await lakshmi();
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(res.status, res.body.message).toBe(200);
    const offer = res.body.data;
    // Score 742 (700-749): max tenure 24. Suggested: min(requested 1,00,000, 12 × 11,000 = 1,32,000) = 1,00,000.
    // EMI: 100000 × 0.02 × 1.02^24 / (1.02^24 − 1) = 5287.11 → 5287. Fee 2% = 2000, GST 18% = 360, insurance 1% = 1000.
    // Disbursed today (15-01-2026, on or before the 20th): first EMI on the 5th of February.
    expect(offer).toMatchObject({
      bre_score: 742,
      decision: 'APPROVED',
      reasons: [],
      interest_rate: 24,
      monthly_surplus: 11000,
      bre_suggested_loan_amount: 100000,
      bre_max_tenure: 24,
      final_suggested_loan_amount: 100000,
      risk_category_and_loan_type_wise_max_tenure: 24,
      final_suggested_emi: 5287,
      processing_fee: 2000,
      gst_on_processing_fee: 360,
      total_processing_fee_amount: 2360,
      insurance_fee: 1000,
      disbursement_date: '2026-01-15',
      emi_start_date: '2026-02-05',
      is_accepted: false,
      loan_type: 'MFI_BUSINESS_LOAN',
    });
    // The KFS (issue 22, figures from an independent calculator): net 100000 − 3360 = 96,640. The
    // first instalment's interest is for the 21 days from 15-01 to 05-02: 100000 × 0.24 × 21 / 365 =
    // 1,380.82 (it was a whole month's 2,000), its principal the regular 5287 − 2000 = 3,287; later
    // interest = balance × 2% to the paisa; the last instalment 5,186.64 + 103.73 repays the rest.
    // Total interest 26,272.19 (was 26,890); APR on the actual dates 27.848889% → 27.85 (was 27.65).
    const kfs = offer.key_facts;
    expect(kfs).toMatchObject({
      loan_amount: 100000,
      tenure_months: 24,
      emi: 5287,
      total_upfront_charges: 3360,
      net_disbursed_amount: 96640,
      total_interest: 26272.19,
      total_payable: 126272.19,
      apr_percent: 27.85,
      emi_start_date: '2026-02-05',
    });
    expect(kfs.schedule).toHaveLength(24);
    expect(kfs.schedule[0]).toEqual({
      number: 1,
      date: '2026-02-05',
      days: 21,
      opening_balance: 100000,
      emi: 4667.82,
      principal: 3287,
      interest: 1380.82,
      balance: 96713,
    });
    expect(kfs.schedule[23]).toEqual({
      number: 24,
      date: '2028-01-05',
      days: 720,
      opening_balance: 5186.64,
      emi: 5290.37,
      principal: 5186.64,
      interest: 103.73,
      balance: 0,
    });
    expect(kfs.schedule.reduce((s: number, r: { principal: number }) => s + Math.round(r.principal * 100), 0)).toBe(10000000);
    // The tenant's disclosures (DECISIONS.md defaults, seeded by migration 0009) are served with the statement.
    expect(kfs.disclosures).toEqual({
      contingent_charges: { penal_charge_per_instalment: 250, bounce_charge: 300, foreclosure_charge_rate: 0, gst_rate: 0.18 },
      insurer_name: 'Sahyog Sandbox General Insurance',
      grievance_officer: { name: 'Anita Desai', phone: '1800-000-0000', email: 'grievance@sahyog.example' },
      cooling_off_days: 3,
    });
    expect(offer.updated_info).toMatchObject({ final_suggested_emi: 5287, total_processing_fee_amount: 2360, insurance_fee: 1000 });

    const view = await get(ctx.app, `/api/v1/app/mfi/${id}`, { token: bcm });
    expect(view.body.data.loan_offer).toMatchObject({ decision: 'APPROVED', final_suggested_emi: 5287, is_accepted: false });
    expect(view.body.data.status).toBe('PD1_COMPLETE');
  });

  it('the default offer is at the requested tenure, capped by the risk: LAKSHMI asked 12 months and is offered 12 (it was 24)', async () => {
    const { id, bcm } = await lakshmi({ data: { tenure_requested: 12 } });
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    // 100000 × 0.02 × 1.02^12 / (1.02^12 − 1) = 9455.96 → 9,456. Interest 12,852.28 (at 24 months it is 26,272.19); APR 31.303477% → 31.30.
    expect(res.body.data).toMatchObject({ bre_max_tenure: 24, risk_category_and_loan_type_wise_max_tenure: 12, final_suggested_emi: 9456 });
    expect(res.body.data.key_facts).toMatchObject({ total_interest: 12852.28, apr_percent: 31.3 });
    // Asked more than the risk allows (VIKRAM aside, a 700-749 score caps at 24): the maximum.
    const capped = await lakshmi({ data: { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 120000, tenure_requested: 36 } });
    const answer = await post(ctx.app, BRE, { application_id: capped.id, skip_cache: true }, { token: capped.bcm });
    expect(answer.body.data).toMatchObject({ bre_max_tenure: 24, risk_category_and_loan_type_wise_max_tenure: 24 });
  });

  it('the branch manager may compute and read it too; skip_cache false answers the stored offer, true computes again (writing only what changed)', async () => {
    const { id, bm } = await lakshmi();
    const first = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bm });
    expect(first.status, first.body.message).toBe(200);
    const writtenAt = (await rowOf(id)).updated_at.getTime();
    ctx.clock.advance(HOUR);
    const cached = await post(ctx.app, BRE, { application_id: id, skip_cache: false }, { token: bm });
    expect(cached.body.data.computed_at).toBe(first.body.data.computed_at);
    // The same figures again: the stored offer stands, the application is not touched.
    const same = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bm });
    expect(same.body.data).toEqual(first.body.data);
    expect((await rowOf(id)).updated_at.getTime()).toBe(writtenAt);
    // The CPV changed: sales 1,60,000 × 20% = 32,000 − 19,000 = 13,000 a month; 12 × 13,000 = 1,56,000, the
    // requested 1,00,000 stays the cap; the offer is computed anew.
    await ctx.db
      .update(applications)
      .set({
        data: sql`jsonb_set(${applications.data}, '{app_mfi_cpv_info,business_place,monthly_sales}', '160000'::jsonb)`,
      })
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
    const again = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bm });
    expect(again.body.data.computed_at).not.toBe(first.body.data.computed_at);
    expect(again.body.data).toMatchObject({ monthly_surplus: 13000, final_suggested_loan_amount: 100000, disbursement_date: '2026-01-15' });
  });

  it('who: no token 401, an agent 403, the officer 403, another tenant 404, an unknown application 404', async () => {
    const { id, owner } = await lakshmi();
    const body = { application_id: id, skip_cache: true };
    expect((await post(ctx.app, BRE, body)).status).toBe(401);
    expect((await post(ctx.app, BRE, body, { token: await login(ctx.app, KAVITA) })).status).toBe(403);
    const officer = await post(ctx.app, BRE, body, { token: owner });
    expect(officer.status).toBe(403);
    expect(officer.body).toEqual({ success: false, message: 'You are not allowed to do this.', status_code: 403 });
    const foreign = await login(ctx.app, MEENA, 'catfin');
    expect((await post(ctx.app, BRE, body, { token: foreign, tenant: 'catfin' })).status).toBe(404);
    expect((await post(ctx.app, BRE, { application_id: 'f'.repeat(32) }, { token: await login(ctx.app, MEENA) })).status).toBe(404);
    expect((await rowOf(id)).data.loan_offer).toBeUndefined();
  });

  it('wrong status 409 (a DRAFT), a missing CPV 409 naming it, bad input 400', async () => {
    const draft = await lakshmi({ status: 'DRAFT' });
    const res = await post(ctx.app, BRE, { application_id: draft.id, skip_cache: true }, { token: draft.bcm });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/after PD1 is complete.*DRAFT/);

    const noHouse = await lakshmi({ data: { app_mfi_cpv_info: { business_place: BUSINESS_PLACE, residence: null } } });
    const missing = await post(ctx.app, BRE, { application_id: noHouse.id, skip_cache: true }, { token: noHouse.bcm });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe('Complete the field verification first: residence verification (CPV) missing.');

    for (const bad of [{ application_id: 'nope' }, { application_id: noHouse.id, skip_cache: 'yes' }, {}]) {
      const r = await post(ctx.app, BRE, bad, { token: noHouse.bcm });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post(ctx.app, BRE, { application_id: 'nope' }, { token: noHouse.bcm })).body.message).toBe(
      'application_id must be 32 lowercase hex characters',
    );
  });

  it('the score comes from the BRE provider: production without one answers 503 and stores nothing', async () => {
    const { id, bcm } = await lakshmi();
    await ctx.rebuild({ providers: { breScore: unconfiguredProviders.breScore } });
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect([res.status, res.body.message]).toEqual([503, 'The loan offer is not available right now. Please try again later.']);
    expect((await rowOf(id)).data.loan_offer).toBeUndefined();
  });

  it('a replay under the same Idempotency-Key answers the first answer byte for byte', async () => {
    const { id, bcm } = await lakshmi();
    const headers = { 'idempotency-key': 'bre-1' };
    const first = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm, headers });
    ctx.clock.advance(60_000);
    const replay = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm, headers });
    expect(replay.raw.body).toBe(minimalReplayBody(first.raw.body));
  });

  it('a low score (VIKRAM JOSHI, 590) is REJECTED with LOW_BRE_SCORE: stored as a proposal, the status and the history unchanged', async () => {
    const { id, bcm } = await lakshmi({ data: { name: 'VIKRAM JOSHI', pan: 'EVJPJ1287N' } });
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ bre_score: 590, decision: 'REJECTED', reasons: ['LOW_BRE_SCORE'], key_facts: null });
    const row = await rowOf(id);
    // DECISIONS.md: the engine proposes; only the credit manager's confirmation rejects (bre-proposal.test.ts).
    expect(row.status).toBe('PD1_COMPLETE');
    expect(row.data.rejection_reason).toBeUndefined();
    expect(row.data.loan_offer).toMatchObject({ decision: 'REJECTED', reasons: ['LOW_BRE_SCORE'] });
    const view = await get(ctx.app, `/api/v1/app/mfi/${id}`, { token: bcm });
    expect(view.body.data.history.filter((h: { to: string }) => h.to === 'REJECTED')).toEqual([]);
    // Nothing to edit or accept in a rejected proposal.
    expect((await patch(BRE, edit(id, {}), { token: bcm })).status).toBe(409);
  });

  it('too little surplus is REJECTED with INSUFFICIENT_SURPLUS (12 × 5,000 = 60,000 < the MFI minimum 75,000)', async () => {
    // Sales 1,20,000 × 20% = 24,000 − 10,000 − 9,000 = 5,000.
    const { id, bcm } = await lakshmi({
      data: { app_mfi_cpv_info: { business_place: { ...BUSINESS_PLACE, monthly_sales: 120000 }, residence: RESIDENCE } },
    });
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(res.body.data).toMatchObject({
      decision: 'REJECTED',
      reasons: ['INSUFFICIENT_SURPLUS'],
      monthly_surplus: 5000,
      final_suggested_loan_amount: null,
      final_suggested_emi: null,
    });
    expect((await rowOf(id)).status).toBe('PD1_COMPLETE');
  });
});

describe('POST /api/v1/bureau/bre: the surplus is exact until the end (issue 22)', () => {
  const withSales = (monthly_sales: number, gross_margin_percentage: number) =>
    lakshmi({
      data: {
        amount_requested: 125000,
        app_mfi_cpv_info: { business_place: { ...BUSINESS_PLACE, monthly_sales, gross_margin_percentage }, residence: RESIDENCE },
      },
    });

  it('₹6,249.50 a month (1,00,998 × 25% − 19,000) is rejected: 12 × = 74,994 → 74,000 < 75,000 (rounding first approved 75,000)', async () => {
    const { id, bcm } = await withSales(100998, 25);
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(res.body.data).toMatchObject({ decision: 'REJECTED', reasons: ['INSUFFICIENT_SURPLUS'], monthly_surplus: 6249.5 });
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ decision: 'REJECTED', monthly_surplus: 6249.5 });
  });

  it('₹6,333.40 a month (1,26,667 × 20% − 19,000) is offered ₹76,000: 12 × = 76,000.80 (rounding first gave 75,000)', async () => {
    const { id, bcm } = await withSales(126667, 20);
    const res = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(res.body.data).toMatchObject({
      decision: 'APPROVED',
      monthly_surplus: 6333.4,
      bre_suggested_loan_amount: 76000,
      final_suggested_loan_amount: 76000,
    });
  });
});

describe('PATCH /api/v1/bureau/bre: edits and acceptance', () => {
  async function withOffer(status = 'PD1_COMPLETE') {
    const world = await lakshmi();
    const res = await post(ctx.app, BRE, { application_id: world.id, skip_cache: true }, { token: world.bcm });
    expect(res.status).toBe(200);
    if (status !== 'PD1_COMPLETE') await setStatus(world.id, status);
    return world;
  }

  it('the credit manager edits amount, tenure and disbursement date: EMI, fee with GST, insurance and EMI start date computed again', async () => {
    const { id, bcm } = await withOffer();
    const res = await patch(BRE, edit(id, {}), { token: bcm });
    expect(res.status, res.body.message).toBe(200);
    // 90,000 over 18 months at 2% a month: 90000 × 0.02 × 1.02^18 / (1.02^18 − 1) = 6003.19 → 6003;
    // fee 1800 + GST 324 = 2124; insurance 900; disbursed on the 21st: first EMI on the 5th of March.
    expect(res.body.data.updated_info).toEqual({
      final_suggested_loan_amount: 90000,
      risk_category_and_loan_type_wise_max_tenure: 18,
      disbursement_date: '2026-01-21',
      emi_start_date: '2026-03-05',
      final_suggested_emi: 6003,
      total_processing_fee_amount: 2124,
      insurance_fee: 900,
    });
    // KFS: net 90000 − 3024 = 86,976. Disbursed on the 21st, the first period is 43 days:
    // 90000 × 0.24 × 43 / 365 = 2,544.66 of interest (it was a month's 1,800). Total interest
    // 18,802.73 (was 18,060); APR on the actual dates 28.422019% → 28.42 (was 28.70).
    expect(res.body.data.key_facts).toMatchObject({
      net_disbursed_amount: 86976,
      total_interest: 18802.73,
      total_payable: 108802.73,
      apr_percent: 28.42,
    });
    expect(res.body.data.key_facts.schedule[0]).toMatchObject({ days: 43, emi: 6747.66, principal: 4203, interest: 2544.66 });
    expect(res.body.data.key_facts.schedule[17]).toEqual({
      number: 18,
      date: '2027-08-05',
      days: 561,
      opening_balance: 5889.28,
      emi: 6007.07,
      principal: 5889.28,
      interest: 117.79,
      balance: 0,
    });
    expect((await rowOf(id)).data.loan_offer).toMatchObject({
      final_suggested_emi: 6003,
      bre_suggested_loan_amount: 100000,
      is_accepted: false,
    });
    // The edit survives a recompute while it still fits the BRE's caps.
    const again = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(again.body.data).toMatchObject({ final_suggested_loan_amount: 90000, risk_category_and_loan_type_wise_max_tenure: 18 });
  });

  it.each([
    [{ final_suggested_loan_amount: 110000 }, 'Loan amount cannot be more than the suggested amount of ₹1,00,000'],
    [{ final_suggested_loan_amount: 70000 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [{ final_suggested_loan_amount: 90000.5 }, 'Invalid loan amount'],
    [{ final_suggested_loan_amount: '90000' }, 'Invalid loan amount'],
    [{ risk_category_and_loan_type_wise_max_tenure: 36 }, 'Loan tenure must be between 12 and 24 months'],
    [{ risk_category_and_loan_type_wise_max_tenure: 15 }, 'Invalid loan tenure'],
    [{ disbursement_date: '2026-01-14' }, 'Disbursement date cannot be in the past'],
    [{ disbursement_date: '2026-02-15', emi_start_date: null }, 'Disbursement date must be within 30 days from today'],
    [{ disbursement_date: '2026-02-30' }, 'Invalid disbursement date'],
    [{ emi_start_date: '2026-02-05' }, 'EMI start date must be 2026-03-05 for this disbursement date'],
  ])('refuses %j: 400 %s, nothing stored', async (info, message) => {
    const { id, bcm } = await withOffer();
    const before = (await rowOf(id)).data.loan_offer;
    const res = await patch(BRE, edit(id, info), { token: bcm });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await rowOf(id)).data.loan_offer).toEqual(before);
  });

  it('the tenure is capped by the score: SUNITA (725) may not take more than 24 months of an unsecured loan', async () => {
    const world = await lakshmi({
      data: { name: 'SUNITA KUMARI', pan: 'FSKPK2231P', loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 120000 },
    });
    const res = await post(ctx.app, BRE, { application_id: world.id, skip_cache: true }, { token: world.bcm });
    expect(res.body.data).toMatchObject({ bre_score: 725, bre_max_tenure: 24, interest_rate: 21, final_suggested_loan_amount: 120000 });
    const refused = await patch(
      BRE,
      edit(world.id, { final_suggested_loan_amount: 120000, risk_category_and_loan_type_wise_max_tenure: 30 }),
      { token: world.bcm },
    );
    expect(refused.body.message).toBe("Loan tenure cannot be more than 24 months for this borrower's risk category");
  });

  it('who: no token 401, the branch manager 403, the officer 403, another tenant 404', async () => {
    const { id, bcm, bm, owner } = await withOffer();
    expect((await patch(BRE, edit(id, {}), {})).status).toBe(401);
    expect((await patch(BRE, edit(id, {}), { token: bm })).status).toBe(403);
    expect((await patch(BRE, edit(id, {}), { token: owner })).status).toBe(403);
    expect((await patch(BRE, edit(id, {}), { token: await login(ctx.app, MEENA, 'catfin'), tenant: 'catfin' })).status).toBe(404);
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ final_suggested_loan_amount: 100000 });
    expect((await patch(BRE, edit(id, {}), { token: bcm })).status).toBe(200);
  });

  it('wrong status: no offer on a DRAFT (409), no acceptance before PD2 is complete (409)', async () => {
    const draft = await lakshmi({ status: 'DRAFT' });
    expect((await patch(BRE, edit(draft.id, {}), { token: draft.bcm })).status).toBe(409);
    const { id, bcm } = await withOffer('PD1_COMPLETE');
    const early = await patch(BRE, edit(id, {}, true), { token: bcm });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The loan offer can be accepted only once PD2 is complete.');
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ is_accepted: false });
  });

  it('acceptance in PD2_COMPLETE is final: accepting twice 409, editing after 409, a recompute answers the accepted offer unchanged', async () => {
    const { id, bcm } = await withOffer('PD2_COMPLETE');
    expect((await patch(BRE, edit(id, {}), { token: bcm })).status).toBe(200);
    await acknowledgeStatement(ctx.app, bcm, id);
    const accepted = await patch(BRE, edit(id, {}, true), { token: bcm, headers: { 'idempotency-key': 'accept-1' } });
    expect(accepted.status, accepted.body.message).toBe(200);
    expect(accepted.body.data).toMatchObject({ is_accepted: true, accepted_at: '2026-01-15T04:30:00.000Z', final_suggested_emi: 6003 });
    // The phone retrying with the same key gets the same answer (the idempotency record).
    const replay = await patch(BRE, edit(id, {}, true), { token: bcm, headers: { 'idempotency-key': 'accept-1' } });
    expect(replay.raw.body).toBe(minimalReplayBody(accepted.raw.body));
    const twice = await patch(BRE, edit(id, {}, true), { token: bcm });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('The loan offer is already accepted: an accepted offer cannot be accepted again or changed.');
    const changed = await patch(BRE, edit(id, { final_suggested_loan_amount: 80000 }), { token: bcm });
    expect(changed.status).toBe(409);
    const recompute = await post(ctx.app, BRE, { application_id: id, skip_cache: true }, { token: bcm });
    expect(recompute.body.data).toMatchObject({ is_accepted: true, final_suggested_loan_amount: 90000 });
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ is_accepted: true, final_suggested_loan_amount: 90000 });
  });

  it('two acceptances at the same moment (a double tap, two phones): one wins, the other is 409', async () => {
    const { id, bcm } = await withOffer('PD2_COMPLETE');
    expect((await patch(BRE, edit(id, {}), { token: bcm })).status).toBe(200);
    await acknowledgeStatement(ctx.app, bcm, id);
    const answers = await Promise.all([patch(BRE, edit(id, {}, true), { token: bcm }), patch(BRE, edit(id, {}, true), { token: bcm })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await rowOf(id)).data.loan_offer).toMatchObject({ is_accepted: true });
  });

  it('bad input: 400 with the reason', async () => {
    const { id, bcm } = await withOffer();
    for (const [body, message] of [
      [{ application_id: id }, 'updated_info must be an object with the loan amount, tenure and disbursement date'],
      [{ ...edit(id, {}), is_accepted: 'true' }, 'is_accepted must be true or false'],
      [{ ...edit(id, {}), application_id: 'x' }, 'application_id must be 32 lowercase hex characters'],
    ] as const) {
      const res = await patch(BRE, body, { token: bcm });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('POST get-emi-start-date-from-disbursement-date', () => {
  it.each([
    ['2026-01-20', '2026-02-05'],
    ['2026-01-21', '2026-03-05'],
    ['31-01-2026', '2026-03-05'],
    ['2026-12-20', '2027-01-05'],
    ['2026-12-31', '2027-02-05'],
    ['2028-02-29', '2028-04-05'],
  ])('%s: %s', async (given, expected) => {
    const token = await login(ctx.app, MEENA);
    const res = await post(ctx.app, EMI_DATE, { disbursement_date_str: given }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ emi_start_date: expected });
  });

  it('who and bad input: no token 401, an agent 403, a bad date 400', async () => {
    expect((await post(ctx.app, EMI_DATE, { disbursement_date_str: '2026-01-20' })).status).toBe(401);
    expect((await post(ctx.app, EMI_DATE, { disbursement_date_str: '2026-01-20' }, { token: await login(ctx.app, KAVITA) })).status).toBe(
      403,
    );
    const token = await login(ctx.app, RAVI);
    const bad = await post(ctx.app, EMI_DATE, { disbursement_date_str: '2026-02-30' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid disbursement date');
  });
});
