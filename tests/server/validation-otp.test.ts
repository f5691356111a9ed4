import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, otpSessions } from '../../src/server/db/schema';
import { ARJUN, KAVITA, latestOtp, login, MEENA, RAVI, verifyOtp, wrongOtp } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { MINUTE, SECOND, useTestApp } from './helpers/test-app';
import { BORROWER, createApplication, resendValidation, sendValidation, verifyValidation } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp();

const applicationCount = async (tenant = 'sahyog') =>
  (await ctx.db.select({ n: count() }).from(applications).where(eq(applications.tenant_id, tenant)))[0]!.n;

describe('POST /api/v1/validation/mobile/otp/send', () => {
  it('sends a code to any valid borrower mobile (not a user) through the SMS outbox', async () => {
    const token = await login(ctx.app, RAVI);
    const res = await sendValidation(ctx.app, token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.session_id).toMatch(/^[0-9a-f]{32}$/);
    const otp = await latestOtp(ctx.app, BORROWER);
    const [session] = await ctx.db.select().from(otpSessions).where(eq(otpSessions.id, res.body.data.session_id));
    expect(session!.purpose).toBe('APPLY_LOAN_MFI');
    expect(session!.otp_hash).not.toContain(otp);
    expect(JSON.stringify(session)).not.toContain(`"${otp}"`);
  });

  it('is 401 without a token and 403 for every designation but RELATIONSHIP_OFFICER', async () => {
    expect((await sendValidation(ctx.app, undefined)).status).toBe(401);
    for (const mobile of [MEENA, ARJUN, KAVITA]) {
      const res = await sendValidation(ctx.app, await login(ctx.app, mobile));
      expect(res.status, mobile).toBe(403);
      expect(res.body).toMatchObject({ success: false, status_code: 403 });
    }
  });

  it('refuses a malformed mobile with 400', async () => {
    const token = await login(ctx.app, RAVI);
    for (const mobile of ['12345', '5876543210', 'abcdefghij']) {
      const res = await sendValidation(ctx.app, token, mobile);
      expect(res.status, mobile).toBe(400);
      expect(res.body.message).toBe('Invalid mobile number');
    }
  });

  it('applies the per-mobile send limit of login (5 an hour)', async () => {
    const token = await login(ctx.app, RAVI);
    for (let i = 0; i < 5; i++) expect((await sendValidation(ctx.app, token)).status).toBe(200);
    const res = await sendValidation(ctx.app, token);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many OTP requests/);
  });
});

describe('POST /api/v1/validation/mobile/otp/verify', () => {
  it('creates a DRAFT application of the officer with the verified phone; count goes up', async () => {
    const token = await login(ctx.app, RAVI);
    expect(await applicationCount()).toBe(0);
    const id = await createApplication(ctx.app, token);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await applicationCount()).toBe(1);
    const [row] = await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
    expect(row!.status).toBe('DRAFT');
    expect(row!.data).toMatchObject({ phone: BORROWER, is_phone_verified: true });
    expect((await get(ctx.app, '/api/v1/app/mfi/count', { token })).body.data).toEqual({ count: 1 });
  });

  it('uses the session up: a second verify is refused and creates nothing', async () => {
    const token = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, token);
    const otp = await latestOtp(ctx.app, BORROWER);
    expect((await verifyValidation(ctx.app, token, sent.body.data.session_id, otp)).status).toBe(200);
    const again = await verifyValidation(ctx.app, token, sent.body.data.session_id, otp);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('OTP session has expired. Please start again.');
    expect(await applicationCount()).toBe(1);
  });

  it('replays the same answer for the same Idempotency-Key and creates one application', async () => {
    const token = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, token);
    const otp = await latestOtp(ctx.app, BORROWER);
    const headers = { 'idempotency-key': 'validate-1' };
    const first = await verifyValidation(ctx.app, token, sent.body.data.session_id, otp, { headers });
    const second = await verifyValidation(ctx.app, token, sent.body.data.session_id, otp, { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await applicationCount()).toBe(1);
  });

  it('is 403 for a BRANCH_CREDIT_MANAGER even with a live session, which stays usable', async () => {
    const ravi = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, ravi);
    const otp = await latestOtp(ctx.app, BORROWER);
    const meena = await login(ctx.app, MEENA);
    const res = await verifyValidation(ctx.app, meena, sent.body.data.session_id, otp);
    expect(res.status).toBe(403);
    expect(await applicationCount()).toBe(0);
    expect((await verifyValidation(ctx.app, ravi, sent.body.data.session_id, otp)).status).toBe(200);
  });

  it('is 401 without a token', async () => {
    expect((await verifyValidation(ctx.app, undefined, 'a'.repeat(32), '123456')).status).toBe(401);
  });

  it('refuses a wrong purpose and a malformed code with 400', async () => {
    const token = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, token);
    const bad = await post(
      ctx.app,
      '/api/v1/validation/mobile/otp/verify',
      { session_id: sent.body.data.session_id, otp: '123456', purpose: 'LOGIN' },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('purpose must be APPLY_LOAN_MFI');
    expect((await verifyValidation(ctx.app, token, sent.body.data.session_id, '12ab')).body.message).toBe('Invalid OTP');
  });

  it('keeps sessions apart: another officer’s session, a login session, another tenant', async () => {
    const ravi = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, ravi);
    const otp = await latestOtp(ctx.app, BORROWER);
    // A validation session cannot sign anyone in.
    expect((await verifyOtp(ctx.app, sent.body.data.session_id, otp)).status).toBe(400);
    // RAVI of another tenant does not see it.
    const raviAcfl = await login(ctx.app, RAVI, 'acfl');
    expect((await verifyValidation(ctx.app, raviAcfl, sent.body.data.session_id, otp, { tenant: 'acfl' })).status).toBe(400);
    expect((await verifyValidation(ctx.app, ravi, sent.body.data.session_id, otp)).status).toBe(200);
  });

  it('expires the code after 5 minutes', async () => {
    const token = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, token);
    const otp = await latestOtp(ctx.app, BORROWER);
    ctx.clock.advance(5 * MINUTE);
    const res = await verifyValidation(ctx.app, token, sent.body.data.session_id, otp);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('OTP has expired. Please request a new OTP.');
    expect(await applicationCount()).toBe(0);
  });

  it('locks the session at the 5th wrong code; the right code is refused after', async () => {
    const token = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, token);
    const otp = await latestOtp(ctx.app, BORROWER);
    for (let i = 1; i <= 4; i++) {
      const res = await verifyValidation(ctx.app, token, sent.body.data.session_id, wrongOtp(otp));
      expect(res.body.message, `try ${i}`).toBe('Invalid OTP. Please try again.');
    }
    const fifth = await verifyValidation(ctx.app, token, sent.body.data.session_id, wrongOtp(otp));
    expect(fifth.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    const right = await verifyValidation(ctx.app, token, sent.body.data.session_id, otp);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect(await applicationCount()).toBe(0);
  });
});

describe('POST /api/v1/validation/mobile/otp/resend', () => {
  it('waits 30 s, then sends a new code; the old one stops working', async () => {
    const token = await login(ctx.app, RAVI);
    const sent = await sendValidation(ctx.app, token);
    const sessionId = sent.body.data.session_id as string;
    const first = await latestOtp(ctx.app, BORROWER);
    const early = await resendValidation(ctx.app, token, sessionId);
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Please wait 30 seconds before requesting a new OTP.');
    ctx.clock.advance(30 * SECOND);
    const res = await resendValidation(ctx.app, token, sessionId);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('OTP resent successfully');
    const second = await latestOtp(ctx.app, BORROWER);
    if (second !== first) expect((await verifyValidation(ctx.app, token, sessionId, first)).status).toBe(400);
    expect((await verifyValidation(ctx.app, token, sessionId, second)).status).toBe(200);
  });

  it('is 401 without a token, 403 for another designation, 400 for an unknown session', async () => {
    expect((await resendValidation(ctx.app, undefined, 'a'.repeat(32))).status).toBe(401);
    expect((await resendValidation(ctx.app, await login(ctx.app, MEENA), 'a'.repeat(32))).status).toBe(403);
    const res = await resendValidation(ctx.app, await login(ctx.app, RAVI), 'a'.repeat(32));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('OTP session has expired. Please start again.');
  });
});
