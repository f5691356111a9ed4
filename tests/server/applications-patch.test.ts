import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, coApplicants } from '../../src/server/db/schema';
import {
  borrowerBody,
  kycBody,
  LAKSHMI,
  officerWithApplication,
  otherOfficer,
  patchApplication,
  patchKyc,
  putBorrower,
  rowOf,
  verifyAadhaar,
  verifyPan,
  verifyVoter,
  VIKRAM,
  withBorrowerStep,
} from './applications-fixtures';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { MINUTE, T0, useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { PD1_STAGES } from '../../src/domain/policy/review-workflow';
import { resubmit, writeData } from './review-fixtures';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp();
const setStatus = (id: string, status: string) => ctx.db.update(applications).set({ status }).where(eq(applications.id, id));

/**
 * LAKSHMI DEVI through the borrower step, without the Aadhaar OTP (so leaving DRAFT is blocked),
 * with the stages of the other PD1 steps recorded (Complete PD1 needs them too; review-workflow.test.ts).
 */
async function lakshmiWithoutAadhaar() {
  const { token, id } = await officerWithApplication(ctx.app);
  await verifyPan(ctx.app, token, id, LAKSHMI.pan);
  await verifyVoter(ctx.app, token, id, LAKSHMI.voter);
  expect((await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), { token })).status).toBe(200);
  await writeData(ctx.db, id, {}, PD1_STAGES);
  return { token, id };
}

describe('PATCH /api/v1/app/mfi/:id by a reviewer', () => {
  it('changes the fields given, each checked by the borrower form’s rule; the rest stay', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const bcm = await login(ctx.app, MEENA);
    ctx.clock.advance(MINUTE);
    const res = await patchApplication(
      ctx.app,
      id,
      { amount_requested: 120000, landmark: 'Near the temple', remarks: 'Checked at the branch' },
      { token: bcm },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      amount_requested: 120000,
      landmark: 'Near the temple',
      remarks: 'Checked at the branch',
      name: LAKSHMI.name,
      status: 'DRAFT',
      aadhaar: 'XXXX XXXX 0124',
    });
    expect(res.body.data.updated_at).toBe(new Date(T0 + MINUTE).toISOString());
  });

  it.each([
    ['a word for an amount', { amount_requested: 'lots' }, 'Invalid loan amount'],
    ['an amount over the loan type’s limit', { amount_requested: 200000 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [
      'a new loan type whose limits the amount misses',
      { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 80000 },
      'Loan amount must be between ₹1,00,000 and ₹5,00,000',
    ],
    ['a date of birth under 21', { dob: '01-01-2010' }, 'DOB must be between 21 and 60 years'],
    ['a bad email', { email: 'nope' }, 'Invalid email'],
    ['no voter ID for a woman', { voter_id: null }, 'Voter ID is required'],
    ['an unknown status', { status: 'FINISHED' }, 'Invalid status'],
    ['remarks over 1000 characters', { remarks: 'x'.repeat(1001) }, 'Remarks must be at most 1000 characters'],
  ])('400 for %s', async (_label, body, message) => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await patchApplication(ctx.app, id, body, { token: await login(ctx.app, ARJUN) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, status_code: 400 });
  });

  it('a changed name passes the name match again: a mismatch needs the deviation', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const bm = await login(ctx.app, ARJUN);
    const res = await patchApplication(ctx.app, id, { name: 'Kamala Bai' }, { token: bm });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Name mismatch detected. Please review or continue with deviation.');
    const withDeviation = await patchApplication(
      ctx.app,
      id,
      { name: 'Kamala Bai', deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }] },
      { token: bm },
    );
    expect(withDeviation.status).toBe(200);
    expect(withDeviation.body.data.deviations).toEqual([
      expect.objectContaining({ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }),
    ]);
  });

  it('a changed PAN must have been verified on the application (409)', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await patchApplication(ctx.app, id, { pan: 'CRYPY5532L' }, { token: await login(ctx.app, MEENA) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Verify the PAN before continuing.');
  });
});

describe('PATCH status', () => {
  it('refuses to leave DRAFT while a verification is missing (409), then allows it', async () => {
    const { token, id } = await lakshmiWithoutAadhaar();
    const bm = await login(ctx.app, ARJUN);
    const refused = await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: bm });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      message: 'Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: Aadhaar verified.',
      status_code: 409,
    });
    expect((await rowOf(ctx.db, id)).status).toBe('DRAFT');

    // An active co-applicant whose PAN was not verified blocks it too; a rejected one does not count.
    const co = (status: string, pan: string, name: string) => ({
      tenant_id: 'sahyog',
      id: randomBytes(16).toString('hex'),
      application_id: id,
      type: 'CO_BORROWER',
      status,
      data: { name, pan },
      created_by: 1,
      created_at: new Date(T0),
      updated_at: new Date(T0),
    });
    await ctx.db.insert(coApplicants).values([co('ACTIVE', 'CRYPY5532L', 'RAMESH YADAV'), co('REJECTED', 'EVJPJ1287N', 'VIKRAM JOSHI')]);
    await verifyAadhaar(ctx.app, token, id, LAKSHMI.aadhaar);
    const coMissing = await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: bm });
    expect(coMissing.status).toBe(409);
    expect(coMissing.body.message).toBe(
      'Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: PAN of the co-borrower RAMESH YADAV verified.',
    );
    await verifyPan(ctx.app, token, id, 'CRYPY5532L');
    const moved = await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: bm });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.status).toBe('PD1_COMPLETE');
  });

  it('refuses an Aadhaar verified for another number than the borrower’s', async () => {
    const { token, id } = await lakshmiWithoutAadhaar();
    await verifyAadhaar(ctx.app, token, id, '345678901238');
    const res = await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: await login(ctx.app, ARJUN) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot move from DRAFT to PD1_COMPLETE yet. Still needed: Aadhaar verified.');
  });

  it('409 with a message for an illegal move; rejecting from DRAFT needs no verification but needs a reason (409 naming it)', async () => {
    const { id } = await lakshmiWithoutAadhaar();
    const bcm = await login(ctx.app, MEENA);
    const illegal = await patchApplication(ctx.app, id, { status: 'APPROVED' }, { token: bcm });
    expect(illegal.status).toBe(409);
    expect(illegal.body.message).toBe(
      'An application in DRAFT cannot move to APPROVED. From DRAFT it can move to PD1_COMPLETE or REJECTED.',
    );
    const noRemarks = await patchApplication(ctx.app, id, { status: 'REJECTED' }, { token: bcm });
    expect(noRemarks.status).toBe(409);
    expect(noRemarks.body.message).toBe(
      'Cannot move from DRAFT to REJECTED yet. Still needed: a reason in the remarks (at least 3 characters).',
    );
    const rejected = await patchApplication(
      ctx.app,
      id,
      { status: 'REJECTED', remarks: 'Business not found at the address' },
      { token: bcm },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'Business not found at the address',
      remarks: 'Business not found at the address',
    });
    const again = await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: bcm });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This application is rejected: its status can no longer change. Change the loan type or start a new application.',
    );
  });

  it('review loop: a reviewer sends PD1_COMPLETE back with remarks, the officer corrects and resubmits, the branch manager completes PD1', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    await writeData(ctx.db, id, {}, PD1_STAGES);
    const bm = await login(ctx.app, ARJUN);
    expect((await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: bm })).status).toBe(200);
    ctx.clock.advance(MINUTE);
    const back = await patchApplication(ctx.app, id, { status: 'PD1_REVIEW', remarks: 'Add the shop photo' }, { token: bm });
    expect(back.status, back.body.message).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'PD1_REVIEW', remarks: 'Add the shop photo' });
    ctx.clock.advance(MINUTE);
    const edit = await patchApplication(ctx.app, id, { emi_requested: 9000 }, { token });
    expect(edit.status, edit.body.message).toBe(200);
    const notHis = await patchApplication(ctx.app, id, { status: 'REJECTED', remarks: 'no' }, { token });
    expect(notHis.status).toBe(403);
    // The officer makes no move: they resubmit, and the branch manager completes PD1.
    expect((await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token })).status).toBe(403);
    expect((await resubmit({ app: ctx.app, db: ctx.db, clock: ctx.clock }, id, token)).status).toBe(200);
    const completed = await patchApplication(ctx.app, id, { status: 'PD1_COMPLETE' }, { token: bm });
    expect(completed.status, completed.body.message).toBe(200);
    expect(completed.body.data.status).toBe('PD1_COMPLETE');
  });

  it('an approved application is final', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    await setStatus(id, 'APPROVED');
    const bcm = await login(ctx.app, MEENA);
    const remarks = await patchApplication(ctx.app, id, { remarks: 'late note' }, { token: bcm });
    expect(remarks.status).toBe(409);
    expect(remarks.body.message).toBe('This application is approved: its status can no longer change.');
    expect((await patchApplication(ctx.app, id, { status: 'REJECTED', remarks: 'x' }, { token: bcm })).status).toBe(409);
  });
});

describe('PATCH by the relationship officer', () => {
  it('403 while the application is a DRAFT (the borrower step is PUT)', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await patchApplication(ctx.app, id, { amount_requested: 90000 }, { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You are not allowed to do this.');
  });

  it('Change Loan Type: VIKRAM JOSHI rejected by the bureau is reopened as a DRAFT, and KYC runs the bureau again', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, VIKRAM);
    expect((await patchKyc(ctx.app, id, await kycBody(ctx.db), { token })).body.data.status).toBe('REJECTED');
    const same = await patchApplication(ctx.app, id, { remarks: 'customer asked' }, { token });
    expect(same.body.data.status).toBe('REJECTED');
    const changed = await patchApplication(
      ctx.app,
      id,
      { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 150000, tenure_requested: 24 },
      { token },
    );
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({
      status: 'DRAFT',
      loan_type: 'UNSECURED_BUSINESS_LOAN',
      amount_requested: 150000,
      stage: ['BORROWER_INFO'],
      approval_checks: null,
      bureau_deviation_exists: false,
      rejection_reason: null,
    });
    const kyc = await patchKyc(ctx.app, id, await kycBody(ctx.db), { token });
    expect(kyc.body.data).toMatchObject({ status: 'REJECTED', approval_checks: { reasons: ['OVERDUE_AMOUNT_PRESENT'] } });
  });
});

describe('a rejection that is final for the officer', () => {
  it('a reviewer’s rejection ("fraud suspected"): Change Loan Type is 409, nothing changes, the rejection and its reason stay in the history', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const bcm = await login(ctx.app, MEENA);
    const rejected = await patchApplication(ctx.app, id, { status: 'REJECTED', remarks: 'Fraud suspected' }, { token: bcm });
    expect(rejected.status, rejected.body.message).toBe(200);
    const before = await rowOf(ctx.db, id);
    const reopen = await patchApplication(
      ctx.app,
      id,
      { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 150000, tenure_requested: 24 },
      { token },
    );
    expect([reopen.status, reopen.body.message]).toEqual([
      409,
      'This application was rejected by a reviewer or by the business rules engine: the rejection is final. Start a new application.',
    ]);
    expect(await rowOf(ctx.db, id)).toEqual(before);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/v1/app/mfi/${id}`, headers: { token } });
    const data = view.json().data;
    expect(data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Fraud suspected' });
    expect(data.history[0]).toMatchObject({ action: 'MOVED', from: 'DRAFT', to: 'REJECTED', remarks: 'Fraud suspected' });
  });

  it('a rejection confirmed after the BRE is final too: no loan type change, no new co-borrower or family member', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    await ctx.db
      .update(applications)
      .set({ status: 'REJECTED', data: { ...(await rowOf(ctx.db, id)).data, rejection_reason: 'LOW_BRE_SCORE' } })
      .where(eq(applications.id, id));
    const reopen = await patchApplication(ctx.app, id, { loan_type: 'UNSECURED_BUSINESS_LOAN' }, { token });
    expect(reopen.status).toBe(409);
    const member = await ctx.app.inject({ method: 'POST', url: `/api/v1/app/mfi/${id}/family-member`, headers: { token }, payload: {} });
    expect(member.statusCode).toBe(409);
    expect((await rowOf(ctx.db, id)).status).toBe('REJECTED');
  });
});

describe('PATCH guards and replay', () => {
  it('401 without a token, 403 for an AGENT, 404 for unknown, another tenant’s and another officer’s ids', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = { remarks: 'x' };
    expect((await patchApplication(ctx.app, id, body)).status).toBe(401);
    expect((await patchApplication(ctx.app, id, body, { token: await login(ctx.app, KAVITA) })).status).toBe(403);
    const bcm = await login(ctx.app, MEENA);
    expect((await patchApplication(ctx.app, 'e'.repeat(32), body, { token: bcm })).body).toEqual({
      success: false,
      message: 'Application not found',
      status_code: 404,
    });
    const acflBcm = await login(ctx.app, MEENA, 'acfl');
    expect((await patchApplication(ctx.app, id, body, { token: acflBcm, tenant: 'acfl' })).status).toBe(404);
    const acflApp = await createApplication(ctx.app, await login(ctx.app, RAVI, 'acfl'), '9876509999', 'acfl');
    expect((await patchApplication(ctx.app, acflApp, body, { token: bcm })).status).toBe(404);
    await setStatus(id, 'PD1_REVIEW');
    expect((await patchApplication(ctx.app, id, body, { token: await otherOfficer(ctx.app, ctx.db) })).status).toBe(404);
  });

  it('replays by Idempotency-Key: same bytes, no second effect', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const bcm = await login(ctx.app, MEENA);
    const headers = { 'idempotency-key': 'patch-1' };
    const first = await patchApplication(ctx.app, id, { remarks: 'first' }, { token: bcm, headers });
    expect(first.status).toBe(200);
    await patchApplication(ctx.app, id, { remarks: 'second' }, { token: bcm });
    ctx.clock.advance(MINUTE);
    const replay = await patchApplication(ctx.app, id, { remarks: 'first' }, { token: bcm, headers });
    expect(replay.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await rowOf(ctx.db, id)).data.remarks).toBe('second');
  });
});
