import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../src/server/db/schema';
import { decryptAadhaar } from '../../src/server/keys/aadhaar-crypto';
import { recordVerification, type VerificationKind } from '../../src/server/modules/verification/verification.service';
import { otherOfficer } from './applications-fixtures';
import { ARJUN, KAVITA, latestOtp, login, MEENA, RAVI, SURESH, wrongOtp } from './helpers/auth-flow';
import { post, type CallOptions } from './helpers/http';
import { MINUTE, useTestApp } from './helpers/test-app';
import { BORROWER, createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp();
const V = '/verification/v1';

async function setup() {
  const token = await login(ctx.app, RAVI);
  const applicationId = await createApplication(ctx.app, token);
  return { token, applicationId };
}

const dataOf = async (id: string) =>
  (
    await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)))
  )[0]!.data as Record<string, any>;

const verifyPan = (token: string | undefined, application_id: string, pan: string, options: CallOptions = {}) =>
  post(ctx.app, `${V}/verify_pan_lite`, { pan, application_id }, { token, ...options });
const verifyVoter = (token: string | undefined, application_id: string, voter_id: string, options: CallOptions = {}) =>
  post(
    ctx.app,
    `${V}/perfios/kyc/verify-voter-id`,
    { voter_id, reference: `SAH-${voter_id.slice(0, 4)}-1700000000`, application_id },
    { token, ...options },
  );
const requestAadhaar = (token: string | undefined, application_id: string, aadhaar: string, options: CallOptions = {}) =>
  post(ctx.app, `${V}/request_aadhaar_otp`, { aadhaar, application_id }, { token, ...options });
const submitAadhaar = (token: string | undefined, application_id: string, ref_id: string, otp: string) =>
  post(ctx.app, `${V}/submit_aadhaar_otp`, { ref_id, origin: 'GL', application_id, otp }, { token });
const nameMatch = (token: string | undefined, application_id: string, values: { value: string; source: string }[]) =>
  post(ctx.app, `${V}/name_matcher`, { application_id, values }, { token });

/** Records a check straight through the service, and answers the application's checks after it. */
async function recordVerificationOf(id: string, kind: VerificationKind, result: Record<string, unknown>, key?: string) {
  await recordVerification(ctx.db, 'sahyog', id, kind, result, key);
  return (await dataOf(id)).verifications as Record<string, any>;
}

const PATHS = ['/verify_pan_lite', '/perfios/kyc/verify-voter-id', '/request_aadhaar_otp', '/submit_aadhaar_otp', '/name_matcher'].map(
  (p) => V + p,
);

describe('guards of every verification call', () => {
  it('401 without a token, 403 without a valid role, 404 for another tenant’s application, 400 for a bad id', async () => {
    const { token, applicationId } = await setup();
    const suresh = await login(ctx.app, SURESH);
    const acfl = await login(ctx.app, RAVI, 'acfl');
    for (const [i, path] of PATHS.entries()) {
      const body = bodies(applicationId)[i];
      const none = await post(ctx.app, path, body);
      expect(none.status, `${path} no token`).toBe(401);
      const forbidden = await post(ctx.app, path, body, { token: suresh });
      expect(forbidden.status, `${path} bad role`).toBe(403);
      const foreign = await post(ctx.app, path, body, { token: acfl, tenant: 'acfl' });
      expect(foreign.status, `${path} other tenant`).toBe(404);
      expect(foreign.body).toEqual({ success: false, statusCode: 404, status_code: 404, message: 'Application not found' });
      const badId = await post(ctx.app, path, bodies('nothex')[i], { token });
      expect(badId.status, `${path} bad id`).toBe(400);
      expect(badId.body.message).toBe('Invalid application_id');
    }
    expect((await dataOf(applicationId)).verifications).toBeUndefined();
  });

  it('lets whoever may change the application run the checks (its officer and the reviewers), not an AGENT', async () => {
    const { applicationId } = await setup();
    for (const mobile of [MEENA, ARJUN]) {
      const res = await verifyPan(await login(ctx.app, mobile), applicationId, 'BDVPD4821K');
      expect(res.status, mobile).toBe(200);
    }
    const agent = await verifyPan(await login(ctx.app, KAVITA), applicationId, 'BDVPD4821K');
    expect(agent.status).toBe(403);
  });

  it('another relationship officer of the tenant is told the application does not exist, and nothing is recorded', async () => {
    const { applicationId } = await setup();
    const other = await otherOfficer(ctx.app, ctx.db);
    for (const [i, path] of PATHS.entries()) {
      const res = await post(ctx.app, path, bodies(applicationId)[i], { token: other });
      expect(res.status, path).toBe(404);
    }
    expect((await dataOf(applicationId)).verifications).toBeUndefined();
  });
});

function bodies(application_id: string): Record<string, unknown>[] {
  return [
    { pan: 'BDVPD4821K', application_id },
    { voter_id: 'XKD1234566', reference: 'x', application_id },
    { aadhaar: '234567890124', application_id },
    { ref_id: 'a'.repeat(32), origin: 'GL', application_id, otp: '123456' },
    {
      application_id,
      values: [
        { value: 'A B', source: 'INPUT' },
        { value: 'A B', source: 'PAN' },
      ],
    },
  ];
}

describe('POST /verification/v1/verify_pan_lite', () => {
  it.each([
    ['BDVPD4821K', 'LAKSHMI DEVI'],
    ['CRYPY5532L', 'RAMESH YADAV'],
    ['FSKPK2231P', 'SUNITA KUMARI'],
    ['abcpe1234f', 'SANDBOX HOLDER'],
  ])('%s verifies as %s and is recorded on the application', async (pan, name) => {
    const { token, applicationId } = await setup();
    const res = await verifyPan(token, applicationId, pan);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, statusCode: 200, message: 'PAN verified successfully', data: { name_pan_card: name } });
    expect((await dataOf(applicationId)).verifications.pan[pan.toUpperCase()]).toMatchObject({
      status: 'VERIFIED',
      pan: pan.toUpperCase(),
      name,
    });
  });

  it('keeps each PAN checked on an application: a co-applicant’s check does not replace the borrower’s', async () => {
    const { token, applicationId } = await setup();
    expect((await verifyPan(token, applicationId, 'BDVPD4821K')).status).toBe(200);
    expect((await verifyPan(token, applicationId, 'CRYPY5532L')).status).toBe(200);
    const pans = (await dataOf(applicationId)).verifications.pan;
    expect(Object.keys(pans).sort()).toEqual(['BDVPD4821K', 'CRYPY5532L']);
    expect(pans.BDVPD4821K.name).toBe('LAKSHMI DEVI');
  });

  it('ZZZZZ9999Z is INVALID PAN (422), recorded as failed', async () => {
    const { token, applicationId } = await setup();
    const res = await verifyPan(token, applicationId, 'ZZZZZ9999Z');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, statusCode: 422, status_code: 422, message: 'PAN verification failed,INVALID PAN!' });
    expect((await dataOf(applicationId)).verifications.pan.ZZZZZ9999Z).toMatchObject({ status: 'FAILED', reason: 'INVALID PAN' });
  });

  it('refuses a malformed PAN with 400', async () => {
    const { token, applicationId } = await setup();
    const res = await verifyPan(token, applicationId, 'ABCDE12345');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid PAN');
    expect((await dataOf(applicationId)).verifications).toBeUndefined();
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const { token, applicationId } = await setup();
    const headers = { 'idempotency-key': 'pan-1' };
    const first = await verifyPan(token, applicationId, 'BDVPD4821K', { headers });
    const second = await verifyPan(token, applicationId, 'BDVPD4821K', { headers });
    expect(second.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await verifyPan(token, applicationId, 'CRYPY5532L', { headers })).status).toBe(422);
  });
});

describe('POST /verification/v1/perfios/kyc/verify-voter-id', () => {
  it('SUNITA KUMARI’s card reads SUNITA DEVI; others read the persona or SANDBOX HOLDER', async () => {
    const { token, applicationId } = await setup();
    const sunita = await verifyVoter(token, applicationId, 'XKD3456787');
    expect(sunita.status).toBe(200);
    expect(sunita.body).toMatchObject({
      statusCode: 200,
      message: 'Voter-Id verified successfully',
      data: { result: { name: 'SUNITA DEVI' } },
    });
    expect((await dataOf(applicationId)).verifications.voter_id.XKD3456787).toMatchObject({
      status: 'VERIFIED',
      voter_id: 'XKD3456787',
      name: 'SUNITA DEVI',
    });
    expect((await verifyVoter(token, applicationId, 'XKD2345676')).body.data.result.name).toBe('RAMESH YADAV');
    expect((await verifyVoter(token, applicationId, 'QWE1234567')).body.data.result.name).toBe('SANDBOX HOLDER');
  });

  it('refuses a malformed EPIC with 400 and replays by key', async () => {
    const { token, applicationId } = await setup();
    const bad = await verifyVoter(token, applicationId, 'XK12345678');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid Voter ID');
    const headers = { 'idempotency-key': 'voter-1' };
    const first = await verifyVoter(token, applicationId, 'XKD1234566', { headers });
    const second = await verifyVoter(token, applicationId, 'XKD1234566', { headers });
    expect(first.status).toBe(200);
    expect(second.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(second.headers['idempotent-replayed']).toBe('true');
  });
});

describe('Aadhaar OTP', () => {
  it('sends the code to the borrower’s verified mobile, verifies the persona and keeps only the masked number in clear', async () => {
    const { token, applicationId } = await setup();
    const sent = await requestAadhaar(token, applicationId, '2345 6789 0124');
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body).toMatchObject({ statusCode: 200, data: { status: 'SUCCESS', origin: 'GL' } });
    const refId = sent.body.data.ref_id as string;
    expect(refId).toMatch(/^[0-9a-f]{32}$/);
    const otp = await latestOtp(ctx.app, BORROWER);
    const res = await submitAadhaar(token, applicationId, refId, otp);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      statusCode: 200,
      message: 'Aadhaar verification successful',
      data: { name: 'LAKSHMI DEVI', dob: '12-04-1985', gender: 'F', aadhaar_masked: 'XXXX XXXX 0124', pincode: '422001' },
    });
    expect(res.body.data.address).toMatch(/Nashik/);
    expect(res.raw.body).not.toContain('234567890124');
    expect(sent.raw.body).not.toContain('234567890124');
    const stored = (await dataOf(applicationId)).verifications.aadhaar;
    expect(stored).toMatchObject({ status: 'VERIFIED', name: 'LAKSHMI DEVI', aadhaar_masked: 'XXXX XXXX 0124' });
    expect(JSON.stringify(await dataOf(applicationId))).not.toContain('234567890124');
    const key = ctx.app.secrets.aadhaarKey;
    expect(decryptAadhaar(key, stored.aadhaar_encrypted)).toBe('234567890124');
  });

  it('refuses 234567890123 (Verhoeff) with 400 Invalid Aadhaar number and sends nothing', async () => {
    const { token, applicationId } = await setup();
    const res = await requestAadhaar(token, applicationId, '234567890123');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, message: 'Invalid Aadhaar number' });
    expect((await dataOf(applicationId)).verifications).toBeUndefined();
  });

  it('refuses a wrong code, an expired one, and a reference of another application', async () => {
    const { token, applicationId } = await setup();
    const sent = await requestAadhaar(token, applicationId, '678901234560');
    const refId = sent.body.data.ref_id as string;
    const otp = await latestOtp(ctx.app, BORROWER);
    const wrong = await submitAadhaar(token, applicationId, refId, wrongOtp(otp));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP. Please try again.');
    const second = await createApplication(ctx.app, token, '9876509999');
    const cross = await submitAadhaar(token, second, refId, otp);
    expect(cross.status).toBe(400);
    expect(cross.body.message).toBe('Aadhaar OTP session has expired. Please request a new OTP.');
    ctx.clock.advance(5 * MINUTE);
    const late = await submitAadhaar(token, applicationId, refId, otp);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('OTP has expired. Please request a new OTP.');
    expect((await dataOf(applicationId)).verifications.aadhaar.status).toBe('OTP_SENT');
  });

  it('replays the request by Idempotency-Key without a second SMS', async () => {
    const { token, applicationId } = await setup();
    const headers = { 'idempotency-key': 'aadhaar-1' };
    const first = await requestAadhaar(token, applicationId, '345678901238', { headers });
    const otp = await latestOtp(ctx.app, BORROWER);
    const second = await requestAadhaar(token, applicationId, '345678901238', { headers });
    expect(second.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(await latestOtp(ctx.app, BORROWER)).toBe(otp);
    const res = await submitAadhaar(token, applicationId, first.body.data.ref_id, otp);
    expect(res.body.data.name).toBe('RAMESH YADAV');
  });
});

describe('a VERIFIED check stays VERIFIED', () => {
  it('a verified Aadhaar is not turned back to OTP_SENT: a new request is 409 and texts nobody', async () => {
    const { token, applicationId } = await setup();
    const sent = await requestAadhaar(token, applicationId, '234567890124');
    await submitAadhaar(token, applicationId, sent.body.data.ref_id, await latestOtp(ctx.app, BORROWER));
    const toBorrower = async () => (await ctx.db.query.smsOutbox.findMany()).filter((m) => m.to === BORROWER).length;
    const smsBefore = await toBorrower();
    for (const mobile of [RAVI, MEENA]) {
      const again = await requestAadhaar(await login(ctx.app, mobile), applicationId, '345678901238');
      expect(again.status, mobile).toBe(409);
      expect(again.body.message).toBe('Aadhaar is already verified for this application.');
    }
    expect(await toBorrower()).toBe(smsBefore);
    expect((await dataOf(applicationId)).verifications.aadhaar).toMatchObject({ status: 'VERIFIED', name: 'LAKSHMI DEVI' });
  });

  it('a verified PAN is not recorded as failed by a later check of the same number', async () => {
    const { token, applicationId } = await setup();
    expect((await verifyPan(token, applicationId, 'BDVPD4821K')).status).toBe(200);
    const failing = await recordVerificationOf(
      applicationId,
      'pan',
      { status: 'FAILED', pan: 'BDVPD4821K', reason: 'INVALID PAN' },
      'BDVPD4821K',
    );
    expect(failing.pan.BDVPD4821K).toMatchObject({ status: 'VERIFIED', name: 'LAKSHMI DEVI' });
    const aadhaar = await recordVerificationOf(applicationId, 'aadhaar', { status: 'OTP_SENT', ref_id: 'x' });
    expect(aadhaar.aadhaar).toMatchObject({ status: 'OTP_SENT' }); // nothing verified yet: recorded
  });
});

describe('Aadhaar OTP sends per application', () => {
  it('at most the configured number per hour (429 with Retry-After), counted per application', async () => {
    const app = await ctx.rebuild({ config: { aadhaarOtpMaxSendsPerApplicationHour: 2 } });
    const token = await login(app, RAVI);
    const applicationId = await createApplication(app, token);
    for (let i = 0; i < 2; i++)
      (ctx.clock.advance(MINUTE), expect((await requestAadhaar(token, applicationId, '234567890124')).status).toBe(200));
    const third = await requestAadhaar(token, applicationId, '234567890124');
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Too many Aadhaar OTP requests for this application. Please try again later.');
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(58 * 60);
    const other = await createApplication(app, token, '9876509999');
    expect((await requestAadhaar(token, other, '345678901238')).status).toBe(200);
    ctx.clock.advance(60 * MINUTE);
    expect((await requestAadhaar(token, applicationId, '234567890124')).status).toBe(200);
  });
});

describe('POST /verification/v1/name_matcher', () => {
  it.each([
    ['SUNITA KUMARI', 'SUNITA DEVI', false],
    ['Lakshmi  devi', 'DEVI LAKSHMI', true],
    ['R. YADAV', 'RAMESH YADAV', true],
  ])('%s vs %s → is_match %s, recorded', async (input, other, expected) => {
    const { token, applicationId } = await setup();
    const res = await nameMatch(token, applicationId, [
      { value: input, source: 'INPUT' },
      { value: other, source: 'VOTER_ID' },
    ]);
    expect(res.status).toBe(200);
    expect((res.body as Record<string, unknown>).is_match).toBe(expected);
    expect(res.body.data.is_match).toBe(expected);
    expect(res.body.message).toBe(
      expected ? 'Names match' : 'Name mismatch detected. Please ensure all provided documents have matching names.',
    );
    expect((await dataOf(applicationId)).verifications.name_match.is_match).toBe(expected);
  });

  it('fails when any one of several names differs', async () => {
    const { token, applicationId } = await setup();
    const res = await nameMatch(token, applicationId, [
      { value: 'SUNITA KUMARI', source: 'PAN' },
      { value: 'Sunita Kumari', source: 'INPUT' },
      { value: 'SUNITA DEVI', source: 'VOTER_ID' },
    ]);
    expect((res.body as Record<string, unknown>).is_match).toBe(false);
    expect(res.body.data.reference.source).toBe('INPUT');
    expect(res.body.data.results.map((r: { is_match: boolean }) => r.is_match)).toEqual([true, false]);
  });

  it('refuses fewer than two names or an unknown source with 400', async () => {
    const { token, applicationId } = await setup();
    expect((await nameMatch(token, applicationId, [{ value: 'A B', source: 'INPUT' }])).body.message).toBe(
      'values must list at least two names',
    );
    const res = await nameMatch(token, applicationId, [
      { value: 'A B', source: 'INPUT' },
      { value: 'A B', source: 'PASSPORT' },
    ]);
    expect(res.status).toBe(400);
  });
});
