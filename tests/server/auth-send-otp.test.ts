import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpSessions, smsOutbox } from '../../src/server/db/schema';
import { latestOtp, RAVI, sendOtp } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { MINUTE, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

describe('POST /api/v1/auth/send-otp', () => {
  it('starts a session and sends a 6-digit OTP by SMS', async () => {
    const res = await sendOtp(ctx.app, RAVI);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { session_id: expect.stringMatching(/^[0-9a-f]{32}$/) },
      message: 'OTP sent successfully',
      status_code: 200,
    });
    const outbox = await get(ctx.app, `/api/dev/sms?mobile=${RAVI}`);
    expect(outbox.body.data).toHaveLength(1);
    const [sms] = outbox.body.data;
    expect(sms.otp).toMatch(/^\d{6}$/);
    expect(sms.text).toBe(`${sms.otp} is your Sahyog login OTP. It is valid for 5 minutes. Do not share it with anyone.`);
    expect(sms.sent_at).toBe(new Date(T0).toISOString());
  });

  it('accepts the request without the client-identifier header and with a trimmed mobile', async () => {
    const res = await post(ctx.app, '/api/v1/auth/send-otp', { mobile: ` ${RAVI} `, hostname: 'localhost' });
    expect(res.status).toBe(200);
    expect(res.body.data.session_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sessions get distinct ids', async () => {
    const a = await sendOtp(ctx.app, RAVI);
    const b = await sendOtp(ctx.app, RAVI);
    expect(a.body.data.session_id).not.toBe(b.body.data.session_id);
  });

  it.each(['900000000', '90000000011', '5000000001', '90000a0001', ''])('refuses the invalid mobile %j', async (mobile) => {
    const res = await post(ctx.app, '/api/v1/auth/send-otp', { mobile });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Invalid mobile number', status_code: 400 });
  });

  it('refuses a mobile that is not a user of the tenant', async () => {
    const res = await sendOtp(ctx.app, '9876543210');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'This mobile number is not registered. Please contact us.', status_code: 400 });
    expect(await ctx.db.select().from(smsOutbox)).toHaveLength(0);
  });

  it('uses the Host’s tenant, not the body’s hostname', async () => {
    const res = await post(ctx.app, '/api/v1/auth/send-otp', { mobile: RAVI, hostname: 'localhost' }, { tenant: 'acfl' });
    expect(res.status).toBe(200);
    const [session] = await ctx.db.select().from(otpSessions).where(eq(otpSessions.id, res.body.data.session_id));
    expect(session!.tenant_id).toBe('acfl');
    const acflOtp = await latestOtp(ctx.app, RAVI, 'acfl');
    const [sms] = await ctx.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.tenant_id, 'acfl'), eq(smsOutbox.otp, acflOtp)));
    expect(sms!.text).toContain('is your ACFL login OTP');
  });

  it('stores only a salted hash of the OTP, valid for 5 minutes', async () => {
    const res = await sendOtp(ctx.app, RAVI);
    const otp = await latestOtp(ctx.app, RAVI);
    const [session] = await ctx.db.select().from(otpSessions).where(eq(otpSessions.id, res.body.data.session_id));
    expect(session).toBeDefined();
    expect(session!.otp_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.otp_salt).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(session)).not.toContain(otp);
    expect(session).toMatchObject({ mobile: RAVI, state: 'active', wrong_attempts: 0 });
    expect(session!.otp_expires_at.getTime()).toBe(T0 + 5 * MINUTE);
    expect(session!.last_sent_at.getTime()).toBe(T0);
  });
});
