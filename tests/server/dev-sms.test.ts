import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { login, MEENA, RAVI, resendOtp, sendOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { SECOND, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const outbox = (mobile: string, tenant?: string) => get(ctx.app, `/api/dev/sms?mobile=${mobile}`, { tenant });

describe('GET /api/dev/sms', () => {
  it('lists the messages of a mobile, newest first', async () => {
    const sent = await sendOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 30 * SECOND);
    await resendOtp(ctx.app, sent.body.data.session_id);
    await sendOtp(ctx.app, MEENA);
    const res = await outbox(RAVI);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.map((m: { sent_at: string }) => m.sent_at)).toEqual([
      new Date(T0 + 30 * SECOND).toISOString(),
      new Date(T0).toISOString(),
    ]);
    for (const message of res.body.data) {
      expect(Object.keys(message).sort()).toEqual(['otp', 'sent_at', 'text', 'to']);
      expect(message.to).toBe(RAVI);
      expect(message.text.startsWith(message.otp)).toBe(true);
    }
  });

  it('lists only the Host’s tenant', async () => {
    await sendOtp(ctx.app, RAVI, { tenant: 'acfl' });
    await sendOtp(ctx.app, RAVI, { tenant: 'catfin' });
    await sendOtp(ctx.app, RAVI, { tenant: 'catfin' });
    expect((await outbox(RAVI)).body.data).toEqual([]);
    const acfl = (await outbox(RAVI, 'acfl')).body.data;
    expect(acfl).toHaveLength(1);
    expect(acfl[0].text).toContain('your ACFL login OTP');
    const catfin = (await outbox(RAVI, 'catfin')).body.data;
    expect(catfin).toHaveLength(2);
    expect(catfin[0].text).toContain('your CatFin login OTP');
  });

  it.each(['', '?mobile=', '?mobile=12345', '?mobile=abc', '?mobile=9000000001&mobile=9000000002'])(
    'refuses the query %j',
    async (query) => {
      const res = await get(ctx.app, `/api/dev/sms${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Invalid mobile number', status_code: 400 });
    },
  );

  it('answers only a client on the loopback address, never one a proxy forwarded', async () => {
    await sendOtp(ctx.app, RAVI);
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/api/dev/sms?mobile=${RAVI}`, headers: { host: 'localhost:8080', ...headers }, remoteAddress });
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await from(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json().data).toHaveLength(1);
    }
    for (const address of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1']) {
      const res = await from(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Route not found', status_code: 404 });
    }
    expect((await from('127.0.0.1', { 'x-forwarded-for': '10.0.0.5' })).statusCode).toBe(404);
    expect((await from('127.0.0.1', { forwarded: 'for=10.0.0.5' })).statusCode).toBe(404);
  });

  it('does not exist in production, where a server without an SMS gateway refuses to send (503) and keeps no code', async () => {
    const lines: string[] = [];
    // Production takes its keys from the configuration only (docs/security-and-keys.md, "Keys").
    const ring = (id: string) => ({ current: id, keys: { [id]: randomBytes(32).toString('base64url') } });
    const keysJson = JSON.stringify({ aadhaar: ring('a1'), 'file-link': ring('l1'), outbox: ring('o1') });
    const app = await ctx.rebuild({
      config: { nodeEnv: 'production', keysJson },
      logger: { stream: { write: (l: string) => lines.push(l) } },
    });
    const res = await get(app, `/api/dev/sms?mobile=${RAVI}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Route not found', status_code: 404 });

    const sent = await sendOtp(app, RAVI);
    expect(sent.status).toBe(503);
    expect(sent.body.message).toMatch(/no SMS service is configured/);
    expect(await ctx.database.db.query.smsOutbox.findMany()).toEqual([]);
    const sessions = await ctx.database.db.query.otpSessions.findMany();
    expect(sessions.every((s) => !JSON.stringify(s).match(/"\d{6}"/))).toBe(true);
    expect(lines.join('\n')).toContain('no SMS provider configured');
  });
});

describe('login end to end through the outbox', () => {
  it('works', async () => {
    const token = await login(ctx.app, MEENA, 'capitalneed');
    const me = await get(ctx.app, '/api/v1/user/me', { token, tenant: 'capitalneed' });
    expect(me.body.data.mfi_employee).toBe('BRANCH_CREDIT_MANAGER');
  });
});
