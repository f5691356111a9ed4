import { describe, expect, it } from 'vitest';
import { ARJUN, login, RAVI, startOtp, verifyOtp } from './helpers/auth-flow';
import { get } from './helpers/http';
import { HOUR, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const me = async (token: string) => (await get(ctx.app, '/api/v1/user/me', { token })).status;

async function loginFrom(mobile: string, headers: Record<string, string>): Promise<string> {
  const { sessionId, otp } = await startOtp(ctx.app, mobile);
  const verified = await verifyOtp(ctx.app, sessionId, otp, { headers });
  expect(verified.status, verified.body.message).toBe(200);
  return verified.body.data.token as string;
}

const phone = { 'client-identifier': 'WEB_APP', 'device-id': 'phone-a-0001' };
const laptop = { 'client-identifier': 'WEB_APP', 'device-id': 'laptop-b-0002' };

describe('session lifetime', () => {
  it('ends 7 days after the login however busy the session is', async () => {
    const token = await login(ctx.app, RAVI);
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      ctx.clock.advance(6 * HOUR);
      expect(await me(token)).toBe(200);
    }
    ctx.clock.advance(7 * HOUR); // 7 days and an hour after the login, 7 hours after the last use
    expect(await me(token)).toBe(401);
  });

  it('TOKEN_MAX_DAYS shortens it', async () => {
    await ctx.rebuild({ config: { tokenMaxDays: 1 } });
    const token = await login(ctx.app, RAVI);
    ctx.clock.advance(11 * HOUR);
    expect(await me(token)).toBe(200);
    ctx.clock.advance(11 * HOUR);
    expect(await me(token)).toBe(200);
    ctx.clock.advance(3 * HOUR);
    expect(await me(token)).toBe(401);
  });
});

describe('a new login on a device', () => {
  it("revokes that device's older sessions of the user, and no other device's or user's", async () => {
    const first = await loginFrom(RAVI, phone);
    const onLaptop = await loginFrom(RAVI, laptop);
    const arjunOnPhone = await loginFrom(ARJUN, phone);
    const noDevice = await login(ctx.app, RAVI);
    expect(await me(first)).toBe(200); // warm this process's cache: the revocation must reach it too
    const second = await loginFrom(RAVI, phone);
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(200);
    expect(await me(onLaptop)).toBe(200);
    expect(await me(arjunOnPhone)).toBe(200);
    expect(await me(noDevice)).toBe(200);
  });

  it('refuses a malformed device id with the reason, before the code is used', async () => {
    const { sessionId, otp } = await startOtp(ctx.app, RAVI);
    const bad = await verifyOtp(ctx.app, sessionId, otp, { headers: { 'device-id': 'x y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('device-id must be 8 to 128 letters, digits, "-" or "_"');
    expect((await verifyOtp(ctx.app, sessionId, otp, { headers: phone })).status).toBe(200);
  });
});
