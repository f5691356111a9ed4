import { describe, expect, it } from 'vitest';
import { ARJUN, KAVITA, MEENA, RAVI, resendOtp, sendOtp, SURESH } from './helpers/auth-flow';
import { HOUR, MINUTE, SECOND, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp({ config: { otpMaxSendsPerMobileHour: 3, otpMaxSendsPerAddressHour: 4 } });

const tooMany = (minutes: number) => ({
  success: false,
  message: `Too many OTP requests. Please try again after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  status_code: 429,
});

describe('OTP sends per mobile and hour', () => {
  it('refuses the send past the limit, with the minutes until one is free', async () => {
    for (const minute of [0, 1, 2]) {
      ctx.clock.set(T0 + minute * MINUTE);
      expect((await sendOtp(ctx.app, RAVI)).status).toBe(200);
    }
    ctx.clock.set(T0 + 10 * MINUTE);
    const res = await sendOtp(ctx.app, RAVI);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooMany(50)); // the send of T0 leaves the hour at T0+60min
    expect(res.headers['retry-after']).toBe(String(50 * 60));
  });

  it('slides: an hour after the first send, one more is allowed, then the next waits for the second', async () => {
    for (const minute of [0, 1, 2]) {
      ctx.clock.set(T0 + minute * MINUTE);
      await sendOtp(ctx.app, RAVI);
    }
    ctx.clock.set(T0 + HOUR - SECOND);
    expect((await sendOtp(ctx.app, RAVI)).status).toBe(429);
    ctx.clock.set(T0 + HOUR);
    expect((await sendOtp(ctx.app, RAVI)).status).toBe(200);
    const next = await sendOtp(ctx.app, RAVI);
    expect(next.status).toBe(429);
    expect(next.body).toEqual(tooMany(1));
  });

  it('counts resends with sends', async () => {
    const first = await sendOtp(ctx.app, RAVI);
    ctx.clock.set(T0 + 30 * SECOND);
    expect((await resendOtp(ctx.app, first.body.data.session_id)).status).toBe(200);
    expect((await sendOtp(ctx.app, RAVI)).status).toBe(200);
    ctx.clock.set(T0 + 61 * SECOND);
    const resend = await resendOtp(ctx.app, first.body.data.session_id);
    expect(resend.status).toBe(429);
    expect(resend.body.message).toBe(tooMany(59).message);
    expect((await sendOtp(ctx.app, RAVI)).status).toBe(429);
  });

  it('counts the mobile across tenants: the same phone gets no more texts through another tenant', async () => {
    const tenants = ['sahyog', 'acfl', 'catfin'];
    for (const [i, tenant] of tenants.entries()) {
      expect((await sendOtp(ctx.app, RAVI, { tenant, remoteAddress: `10.0.0.${i + 1}` })).status).toBe(200);
    }
    for (const [i, tenant] of [...tenants, 'capitalneed'].entries()) {
      const res = await sendOtp(ctx.app, RAVI, { tenant, remoteAddress: `10.0.1.${i + 1}` });
      expect(res.status, tenant).toBe(429);
      expect(res.headers['retry-after']).toBe(String(60 * 60));
    }
    expect((await sendOtp(ctx.app, MEENA, { tenant: 'acfl' })).status).toBe(200); // another mobile
  });

  it('holds across tenants under concurrent sends', async () => {
    const tenants = ['sahyog', 'acfl', 'catfin', 'capitalneed'];
    const results = await Promise.all(tenants.flatMap((tenant) => [0, 1].map(() => sendOtp(ctx.app, RAVI, { tenant }))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('counts per mobile: another mobile is not affected', async () => {
    for (let i = 0; i < 3; i++) await sendOtp(ctx.app, RAVI);
    expect((await sendOtp(ctx.app, MEENA)).status).toBe(200);
  });

  it('holds under concurrent sends', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => sendOtp(ctx.app, RAVI, { remoteAddress: '10.0.0.7' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });
});

describe('OTP sends per client address and hour', () => {
  const branch = '10.1.1.1';

  it('refuses the send past the address limit, whatever the mobile', async () => {
    for (const mobile of [RAVI, MEENA, ARJUN, KAVITA]) {
      expect((await sendOtp(ctx.app, mobile, { remoteAddress: branch })).status).toBe(200);
    }
    const res = await sendOtp(ctx.app, SURESH, { remoteAddress: branch });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(tooMany(60));
    expect((await sendOtp(ctx.app, SURESH, { remoteAddress: '10.1.1.2' })).status).toBe(200);
    ctx.clock.set(T0 + HOUR);
    expect((await sendOtp(ctx.app, SURESH, { remoteAddress: branch })).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const mobiles = [RAVI, MEENA, ARJUN, KAVITA, SURESH];
    let sends = 0;
    const viaProxy = (forwardedFor: string) =>
      sendOtp(ctx.app, mobiles[sends++ % mobiles.length]!, {
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 4; i++) expect((await viaProxy(`192.0.2.${i}`)).status).toBe(200);
    expect((await viaProxy('192.0.2.200')).status).toBe(429); // all counted as 10.9.9.9

    await ctx.database.reset();
    await ctx.rebuild({ config: { trustProxy: ['10.9.9.9'] } });
    sends = 0;
    for (let i = 0; i < 4; i++) expect((await viaProxy('192.0.2.1')).status).toBe(200);
    expect((await viaProxy('192.0.2.1')).status).toBe(429);
    expect((await viaProxy('192.0.2.2')).status).toBe(200);
  });
});

describe('probing for registered numbers', () => {
  it('sends to unregistered numbers count against the address limit and then get 429', async () => {
    for (const mobile of ['9111111111', '9222222222', '9333333333', '9444444444']) {
      const res = await sendOtp(ctx.app, mobile);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This mobile number is not registered. Please contact us.');
    }
    // The fifth probe from the same address is refused like a fifth real send.
    expect((await sendOtp(ctx.app, '9555555555')).status).toBe(429);
    expect((await sendOtp(ctx.app, RAVI)).status).toBe(429);
  });
});
