import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { decryptAadhaar } from '../../src/server/keys/aadhaar-crypto';
import {
  borrowerBody,
  LAKSHMI,
  officerWithApplication,
  otherOfficer,
  putBorrower,
  rowOf,
  SUNITA,
  verifyIdentity,
  verifyPan,
  withBorrowerStep,
} from './applications-fixtures';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { MINUTE, useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp();
const NAME_MISMATCH = 'Name mismatch detected. Please review or continue with deviation.';

describe('PUT /api/v1/app/mfi/:id (borrower step)', () => {
  it('LAKSHMI DEVI: stores the form, answers the view with the Aadhaar masked and records BORROWER_INFO', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, LAKSHMI);
    const res = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI, { name: 'Lakshmi Devi', pan: 'bdvpd4821k' }), { token });
    expect(res.status, res.body.message).toBe(200);
    const view = res.body.data;
    expect(view).toMatchObject({
      id,
      status: 'DRAFT',
      stage: ['BORROWER_INFO'],
      phone: '9876501234',
      is_phone_verified: true,
      aadhaar: 'XXXX XXXX 0124',
      name: 'Lakshmi Devi',
      gender: 'FEMALE',
      dob: '1985-04-12',
      age: 40,
      pan: 'BDVPD4821K',
      voter_id: 'XKD1234566',
      loan_type: 'MFI_BUSINESS_LOAN',
      amount_requested: 100000,
      terms_accepted: true,
      kyc: null,
      approval_checks: null,
      bureau_deviation_exists: false,
      rejection_reason: null,
      deviations: [],
      co_applicants: [],
      family_members: [],
      verifications: {
        mobile: true,
        aadhaar: 'VERIFIED',
        pan: { pan: 'BDVPD4821K', name: 'LAKSHMI DEVI', status: 'VERIFIED' },
        voter_id: { voter_id: 'XKD1234566', name: 'LAKSHMI DEVI', status: 'VERIFIED' },
      },
    });
    expect(view.tracker_id).toMatch(/^SAH2601[0-9]{6}$/);
    expect(res.raw.body).not.toContain(LAKSHMI.aadhaar);
    const row = await rowOf(ctx.db, id);
    expect(JSON.stringify(row.data)).not.toContain(LAKSHMI.aadhaar);
    const key = ctx.app.secrets.aadhaarKey;
    expect(decryptAadhaar(key, row.data.aadhaar_encrypted as string)).toBe(LAKSHMI.aadhaar);
    expect(row.data.is_phone_verified).toBe(true);
  });

  it('a second save without the Aadhaar keeps the number verified by OTP; without a verified one the number is asked for', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const { aadhaar: _kept, ...withoutAadhaar } = borrowerBody(LAKSHMI, { address: '5 Shivaji Road, Ward 5' });
    const again = await putBorrower(ctx.app, id, withoutAadhaar, { token });
    expect(again.status, again.body.message).toBe(200);
    const row = await rowOf(ctx.db, id);
    expect(row.data.address).toBe('5 Shivaji Road, Ward 5');
    expect(decryptAadhaar(ctx.app.secrets.aadhaarKey, row.data.aadhaar_encrypted as string)).toBe(LAKSHMI.aadhaar);

    const unverified = await officerWithApplication(ctx.app, '9876501299');
    await verifyIdentity(ctx.app, unverified.token, unverified.id, LAKSHMI, { aadhaar: false });
    const refused = await putBorrower(ctx.app, unverified.id, withoutAadhaar, { token: unverified.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Aadhaar/);
  });

  it('needs a token (401), refuses an AGENT and a branch credit manager (403)', async () => {
    const { id } = await officerWithApplication(ctx.app);
    const body = borrowerBody(LAKSHMI);
    expect((await putBorrower(ctx.app, id, body)).status).toBe(401);
    for (const mobile of [KAVITA, MEENA, ARJUN]) {
      const res = await putBorrower(ctx.app, id, body, { token: await login(ctx.app, mobile) });
      expect(res.status, mobile).toBe(403);
      expect(res.body).toEqual({ success: false, message: 'You are not allowed to do this.', status_code: 403 });
    }
  });

  it('404 for an unknown id, a malformed id, another tenant’s application and another officer’s', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = borrowerBody(LAKSHMI);
    for (const other of ['0'.repeat(32), 'not-an-id']) {
      const res = await putBorrower(ctx.app, other, body, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Application not found', status_code: 404 });
    }
    const acfl = await login(ctx.app, RAVI, 'acfl');
    expect((await putBorrower(ctx.app, id, body, { token: acfl, tenant: 'acfl' })).status).toBe(404);
    const acflApp = await createApplication(ctx.app, acfl, '9876509999', 'acfl');
    expect((await putBorrower(ctx.app, acflApp, body, { token })).status).toBe(404);
    const other = await otherOfficer(ctx.app, ctx.db);
    const res = await putBorrower(ctx.app, id, body, { token: other });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Application not found');
  });

  it.each([
    [{ name: 'Ab' }, 'Invalid name'],
    [{ aadhaar: '234567890123' }, 'Invalid Aadhaar number'],
    [{ dob: '12-04-2010', age: 15 }, 'DOB must be between 21 and 60 years'],
    [{ voter_id: '' }, 'Voter ID is required'],
    [{ amount_requested: 50000 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [{ terms_accepted: false }, 'You must accept the Terms & Conditions'],
    [{ deviations: 'yes' }, 'Invalid deviations'],
  ])('400 with the form’s message for %j', async (patch, message) => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, LAKSHMI, { aadhaar: false });
    const res = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI, patch), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, status_code: 400 });
    expect((await rowOf(ctx.db, id)).stage).toEqual([]);
  });

  it('400 for a body that is not a JSON object', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const res = await putBorrower(ctx.app, id, [1, 2], { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body must be a JSON object');
  });

  it('409 unless the mobile, the PAN and (not MALE) the voter ID were verified on this application', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = borrowerBody(LAKSHMI);
    const otherPhone = await putBorrower(ctx.app, id, { ...body, phone: '9876500000' }, { token });
    expect(otherPhone.status).toBe(409);
    expect(otherPhone.body.message).toBe("Verify the borrower's mobile number before continuing.");
    const noPan = await putBorrower(ctx.app, id, body, { token });
    expect(noPan.status).toBe(409);
    expect(noPan.body.message).toBe('Verify the PAN before continuing.');
    await verifyPan(ctx.app, token, id, 'CRYPY5532L'); // another PAN verified: not the body's
    expect((await putBorrower(ctx.app, id, body, { token })).body.message).toBe('Verify the PAN before continuing.');
    await verifyPan(ctx.app, token, id, LAKSHMI.pan);
    const noVoter = await putBorrower(ctx.app, id, body, { token });
    expect(noVoter.status).toBe(409);
    expect(noVoter.body.message).toBe('Verify the voter ID before continuing.');
    expect((await rowOf(ctx.db, id)).stage).toEqual([]);
  });

  it('a MALE borrower needs no voter ID', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyPan(ctx.app, token, id, 'CRYPY5532L');
    const res = await putBorrower(
      ctx.app,
      id,
      borrowerBody({ ...LAKSHMI, name: 'RAMESH YADAV', pan: 'CRYPY5532L', gender: 'MALE', dob: '03-09-1982' }, { voter_id: null }),
      { token },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.verifications.voter_id).toBeNull();
  });

  it('SUNITA KUMARI (voter card reads SUNITA DEVI): 400 without the deviation, 200 with it, stored PENDING with the server’s match', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, SUNITA, { aadhaar: false });
    const without = await putBorrower(ctx.app, id, borrowerBody(SUNITA), { token });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ success: false, message: NAME_MISMATCH, status_code: 400 });
    const clientInfo = { is_match: true, forged: 'by the client' };
    const withDeviation = await putBorrower(
      ctx.app,
      id,
      borrowerBody(SUNITA, { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: clientInfo }] }),
      { token },
    );
    expect(withDeviation.status, withDeviation.body.message).toBe(200);
    const [deviation] = withDeviation.body.data.deviations;
    expect(deviation).toMatchObject({
      type: 'BORROWER_NAME_MISMATCH_DEVIATION',
      status: 'PENDING',
      info: { is_match: false, reference: { source: 'INPUT', value: 'SUNITA KUMARI' } },
    });
    expect(deviation.info.results).toEqual([
      expect.objectContaining({ source: 'PAN', value: 'SUNITA KUMARI', is_match: true }),
      expect.objectContaining({ source: 'VOTER_ID', value: 'SUNITA DEVI', is_match: false }),
    ]);
    expect((await rowOf(ctx.db, id)).data.deviations).toEqual(withDeviation.body.data.deviations);
  });

  it('a name that matches again drops the stale name deviation', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, SUNITA, { aadhaar: false });
    const deviations = [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }];
    expect((await putBorrower(ctx.app, id, borrowerBody(SUNITA, { deviations }), { token })).status).toBe(200);
    // Corrected to a MALE borrower without a voter ID: the name is matched with the PAN alone.
    const res = await putBorrower(ctx.app, id, borrowerBody(SUNITA, { gender: 'MALE', title: 'Mr.', voter_id: null }), { token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.deviations).toEqual([]);
  });

  it('replays by Idempotency-Key: same bytes, no second write', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    await verifyIdentity(ctx.app, token, id, LAKSHMI, { aadhaar: false });
    const headers = { 'idempotency-key': 'borrower-1' };
    const first = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), { token, headers });
    expect(first.status).toBe(200);
    const before = await rowOf(ctx.db, id);
    ctx.clock.advance(MINUTE);
    const second = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), { token, headers });
    expect(second.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await rowOf(ctx.db, id)).toEqual(before);
  });

  it('409 once the application has left DRAFT', async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    await ctx.db.update(applications).set({ status: 'PD1_COMPLETE' });
    const res = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This step can no longer be changed: the application is PD1_COMPLETE.');
  });
});
