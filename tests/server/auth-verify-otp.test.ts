import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, otpSessions } from '../../src/server/db/schema';
import { RAVI, startOtp, verifyOtp, wrongOtp } from './helpers/auth-flow';
import { MINUTE, SECOND, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const sessionRow = async (id: string) => (await ctx.db.select().from(otpSessions).where(eq(otpSessions.id, id)))[0]!;

const refused = (message: string) => ({ success: false, message, status_code: 400 });

describe('POST /api/v1/auth/verify-otp', () => {
  it('issues a 256-bit token for the right code and stores only its SHA-256', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    const res = await verifyOtp(ctx.app, sessionId, otp);
    expect(res.status).toBe(200);
    // With the session's send-only credential (issue 31 S3), also stored only as its SHA-256.
    expect(res.body).toEqual({
      success: true,
      data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), send_token: expect.stringMatching(/^send\.[A-Za-z0-9_-]{43}$/) },
    });
    const token = res.body.data.token as string;
    const sendToken = res.body.data.send_token as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.db.select().from(authTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenant_id: 'sahyog', token_hash: createHash('sha256').update(token).digest('hex'), revoked_at: null });
    expect(rows[0]!.send_token_hash).toBe(createHash('sha256').update(sendToken).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(sendToken.slice(5));
    expect((await sessionRow(sessionId)).state).toBe('used');
  });

  it('accepts a code once', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    expect((await verifyOtp(ctx.app, sessionId, otp)).status).toBe(200);
    const again = await verifyOtp(ctx.app, sessionId, otp);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused('OTP session has expired. Please start again.'));
    expect(await ctx.db.select().from(authTokens)).toHaveLength(1);
  });

  it.each(['12345', '1234567', 'abcdef', '12 456'])('refuses the malformed code %j with "Invalid OTP"', async (otp) => {
    const { sessionId } = await startOtp(ctx.app, RAVI);
    const res = await verifyOtp(ctx.app, sessionId, otp);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('Invalid OTP'));
    expect((await sessionRow(sessionId)).wrong_attempts).toBe(0);
  });

  it('refuses an unknown session', async () => {
    const res = await verifyOtp(ctx.app, 'f'.repeat(32), '123456');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('OTP session has expired. Please start again.'));
  });

  it('counts a wrong code', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    const res = await verifyOtp(ctx.app, sessionId, wrongOtp(otp));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('Invalid OTP. Please try again.'));
    expect(await sessionRow(sessionId)).toMatchObject({ wrong_attempts: 1, state: 'active' });
    expect((await verifyOtp(ctx.app, sessionId, otp)).status).toBe(200);
  });

  it('kills the session at the 5th wrong code; the right code is refused after', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    for (let i = 1; i <= 4; i++) {
      const res = await verifyOtp(ctx.app, sessionId, wrongOtp(otp));
      expect(res.body.message, `try ${i}`).toBe('Invalid OTP. Please try again.');
    }
    const fifth = await verifyOtp(ctx.app, sessionId, wrongOtp(otp));
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual(refused('Too many wrong attempts. Please request a new OTP.'));
    expect(await sessionRow(sessionId)).toMatchObject({ wrong_attempts: 5, state: 'dead' });

    const right = await verifyOtp(ctx.app, sessionId, otp);
    expect(right.status).toBe(400);
    expect(right.body).toEqual(refused('Too many wrong attempts. Please request a new OTP.'));
    expect(await ctx.db.select().from(authTokens)).toHaveLength(0);
  });

  it('accepts the code until 5 minutes after the send', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 5 * MINUTE - SECOND);
    expect((await verifyOtp(ctx.app, sessionId, otp)).status).toBe(200);
  });

  it('refuses the code 5 minutes after the send, without counting a wrong try', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 5 * MINUTE);
    const res = await verifyOtp(ctx.app, sessionId, otp);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('OTP has expired. Please request a new OTP.'));
    expect(await sessionRow(sessionId)).toMatchObject({ wrong_attempts: 0, state: 'active' });
  });

  it('does not find a session of another tenant', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI, 'acfl');
    const res = await verifyOtp(ctx.app, sessionId, otp, { tenant: 'sahyog' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('OTP session has expired. Please start again.');
    expect((await verifyOtp(ctx.app, sessionId, otp, { tenant: 'acfl' })).status).toBe(200);
  });

  it('lets one of two concurrent right answers through', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    const results = await Promise.all([
      verifyOtp(ctx.app, sessionId, otp),
      verifyOtp(ctx.app, sessionId, otp),
      verifyOtp(ctx.app, sessionId, otp),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await ctx.db.select().from(authTokens)).toHaveLength(1);
  });
});
