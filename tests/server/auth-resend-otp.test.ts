import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpSessions } from '../../src/server/db/schema';
import { latestOtp, RAVI, resendOtp, startOtp, verifyOtp, wrongOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { MINUTE, SECOND, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const sessionRow = async (id: string) => (await ctx.db.select().from(otpSessions).where(eq(otpSessions.id, id)))[0]!;

describe('POST /api/v1/auth/resend-otp', () => {
  it('is refused within 30 s of the last send, with the seconds left', async () => {
    const { sessionId } = await startOtp(ctx.app, RAVI);
    const now = await resendOtp(ctx.app, sessionId);
    expect(now.status).toBe(429);
    expect(now.body).toEqual({ success: false, message: 'Please wait 30 seconds before requesting a new OTP.', status_code: 429 });
    expect(now.headers['retry-after']).toBe('30');
    ctx.clock.set(T0 + 29.5 * SECOND);
    expect((await resendOtp(ctx.app, sessionId)).body.message).toBe('Please wait 1 second before requesting a new OTP.');
    ctx.clock.set(T0 + 12 * SECOND);
    expect((await resendOtp(ctx.app, sessionId)).body.message).toBe('Please wait 18 seconds before requesting a new OTP.');
  });

  it('sends a new code after 30 s; the old code stops working', async () => {
    const { sessionId, otp: first } = await startOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 30 * SECOND);
    const res = await resendOtp(ctx.app, sessionId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'OTP resent successfully', status_code: 200 });
    const second = await latestOtp(ctx.app, RAVI);
    const outbox = await get(ctx.app, `/api/dev/sms?mobile=${RAVI}`);
    expect(outbox.body.data).toHaveLength(2);

    if (second !== first) {
      const old = await verifyOtp(ctx.app, sessionId, first);
      expect(old.body.message).toBe('Invalid OTP. Please try again.');
    }
    expect((await verifyOtp(ctx.app, sessionId, second)).status).toBe(200);
  });

  it('re-hashes the new code under a new salt', async () => {
    const { sessionId } = await startOtp(ctx.app, RAVI);
    const before = await sessionRow(sessionId);
    ctx.clock.set(T0 + 31 * SECOND);
    await resendOtp(ctx.app, sessionId);
    const after = await sessionRow(sessionId);
    expect(after.otp_salt).not.toBe(before.otp_salt);
    expect(after.otp_hash).not.toBe(before.otp_hash);
  });

  it('gives the new code a fresh 5-minute life from the resend', async () => {
    const { sessionId } = await startOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 4 * MINUTE);
    await resendOtp(ctx.app, sessionId);
    const otp = await latestOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 9 * MINUTE - SECOND); // 8:59 after the first send, 4:59 after the resend
    expect((await verifyOtp(ctx.app, sessionId, otp)).status).toBe(200);
  });

  it('the resent code expires 5 minutes after the resend', async () => {
    const { sessionId } = await startOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 6 * MINUTE); // the first code has expired: resend is the way out
    expect((await resendOtp(ctx.app, sessionId)).status).toBe(200);
    const otp = await latestOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 11 * MINUTE);
    expect((await verifyOtp(ctx.app, sessionId, otp)).body.message).toBe('OTP has expired. Please request a new OTP.');
  });

  it('keeps the wrong attempts: 3 before and 2 after the resend kill the session', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    for (let i = 0; i < 3; i++) await verifyOtp(ctx.app, sessionId, wrongOtp(otp));
    ctx.clock.set(T0 + 30 * SECOND);
    expect((await resendOtp(ctx.app, sessionId)).status).toBe(200);
    expect((await sessionRow(sessionId)).wrong_attempts).toBe(3);
    const fresh = await latestOtp(ctx.app, RAVI);
    expect((await verifyOtp(ctx.app, sessionId, wrongOtp(fresh))).body.message).toBe('Invalid OTP. Please try again.');
    expect((await verifyOtp(ctx.app, sessionId, wrongOtp(fresh))).body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect((await verifyOtp(ctx.app, sessionId, fresh)).status).toBe(400);
  });

  it.each([
    ['unknown', async () => 'e'.repeat(32)],
    [
      'used',
      async () => {
        const { sessionId, otp } = await startOtp(ctx.app, RAVI);
        await verifyOtp(ctx.app, sessionId, otp);
        return sessionId;
      },
    ],
    [
      'dead',
      async () => {
        const { sessionId, otp } = await startOtp(ctx.app, RAVI);
        for (let i = 0; i < 5; i++) await verifyOtp(ctx.app, sessionId, wrongOtp(otp));
        return sessionId;
      },
    ],
  ])('refuses a %s session', async (_kind, makeSession) => {
    const sessionId = await makeSession();
    ctx.clock.set(T0 + MINUTE);
    const res = await resendOtp(ctx.app, sessionId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'OTP session has expired. Please start again.', status_code: 400 });
  });
});
