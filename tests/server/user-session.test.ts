import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '../../src/server/db/schema';
import { KAVITA, login, RAVI, SURESH } from './helpers/auth-flow';
import { call, get } from './helpers/http';
import { HOUR, MINUTE, SECOND, T0, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const expired = { success: false, message: 'Session expired. Please log in again.', status_code: 401 };
const me = (token?: string, tenant?: string) => get(ctx.app, '/api/v1/user/me', { token, tenant });
const logout = (token?: string, tenant?: string) => call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, { token, tenant });

describe('GET /api/v1/user/me', () => {
  it('answers the profile of the signed-in user', async () => {
    const token = await login(ctx.app, RAVI);
    const [ravi] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, RAVI)));
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: ravi!.id,
        first_name: 'Ravi',
        last_name: 'Kumar',
        email: 'ravi.kumar@sahyog.example',
        mobile: RAVI,
        address: 'Branch office, 14 Station Road',
        pincode: '411001',
        city: 'Pune',
        state: 'Maharashtra',
        role: 'MFI_EMPLOYEE',
        mfi_employee: 'RELATIONSHIP_OFFICER',
        pan: '',
        aadhaar_front: '',
        aadhaar_back: '',
        cancelled_cheque: '',
        account_number: '',
        bank_name: '',
        ifsc: '',
      },
    });
    expect(typeof res.body.data.id).toBe('number');
  });

  it('answers an agent with no designation, and an employee with a designation outside the three', async () => {
    const agent = (await me(await login(ctx.app, KAVITA))).body.data;
    expect(agent).toMatchObject({ role: 'AGENT', mfi_employee: null, address: '', bank_name: 'State Bank of India', ifsc: 'SBIN0001234' });
    const suresh = (await me(await login(ctx.app, SURESH))).body.data;
    expect(suresh).toMatchObject({ role: 'MFI_EMPLOYEE', mfi_employee: 'AREA_MANAGER', email: '' });
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
    ['an overlong token', 'x'.repeat(500)],
  ])('is 401 with %s', async (_case, token) => {
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(expired);
  });
});

describe('session tokens', () => {
  it('expire after 12 hours unused', async () => {
    const token = await login(ctx.app, RAVI);
    ctx.clock.set(T0 + 12 * HOUR);
    expect((await me(token)).status).toBe(200);
    const stillIdle = await login(ctx.app, RAVI); // issued at T0 + 12h
    ctx.clock.set(T0 + 24 * HOUR + SECOND);
    expect((await me(stillIdle)).body).toEqual(expired);
  });

  it('stay alive while used: at 11 h, then 11 h later, then refused 12 h after the last use', async () => {
    const token = await login(ctx.app, RAVI);
    ctx.clock.set(T0 + 11 * HOUR);
    expect((await me(token)).status).toBe(200);
    ctx.clock.set(T0 + 22 * HOUR);
    expect((await me(token)).status).toBe(200);
    ctx.clock.set(T0 + 34 * HOUR + SECOND);
    expect((await me(token)).status).toBe(401);
  });

  it('record their use at most once a minute', async () => {
    const token = await login(ctx.app, RAVI);
    const lastUsed = async () => (await ctx.db.select().from(authTokens))[0]!.last_used_at.getTime();
    ctx.clock.set(T0 + 30 * SECOND);
    await me(token);
    expect(await lastUsed()).toBe(T0);
    ctx.clock.set(T0 + MINUTE);
    await me(token);
    expect(await lastUsed()).toBe(T0 + MINUTE);
    ctx.clock.set(T0 + MINUTE + 59 * SECOND);
    await me(token);
    expect(await lastUsed()).toBe(T0 + MINUTE);
  });

  it('stay alive when used every few seconds (served from memory, still recorded)', async () => {
    const token = await login(ctx.app, RAVI);
    for (let t = 0; t <= 3 * MINUTE; t += 9 * SECOND) {
      ctx.clock.set(T0 + t);
      expect((await me(token)).status).toBe(200);
    }
    const [row] = await ctx.db.select().from(authTokens);
    expect(row!.last_used_at.getTime()).toBeGreaterThanOrEqual(T0 + 2 * MINUTE);
  });

  it('revoked in the database by another API node are refused within TOKEN_CACHE_SECONDS', async () => {
    const token = await login(ctx.app, RAVI);
    expect((await me(token)).status).toBe(200);
    await ctx.db.update(authTokens).set({ revoked_at: new Date(T0) });
    ctx.clock.set(T0 + 9 * SECOND);
    expect((await me(token)).status).toBe(200); // this process's copy, at most 10 s old
    ctx.clock.set(T0 + 10 * SECOND);
    expect((await me(token)).body).toEqual(expired);
  });

  it('are read from the database on every request with TOKEN_CACHE_SECONDS=0', async () => {
    await ctx.rebuild({ config: { tokenCacheSeconds: 0 } });
    const token = await login(ctx.app, RAVI);
    expect((await me(token)).status).toBe(200);
    await ctx.db.update(authTokens).set({ revoked_at: new Date(T0) });
    expect((await me(token)).status).toBe(401);
  });

  it('follow TOKEN_IDLE_HOURS', async () => {
    await ctx.rebuild({ config: { tokenIdleHours: 1 } });
    const token = await login(ctx.app, RAVI);
    ctx.clock.set(T0 + HOUR + SECOND);
    expect((await me(token)).status).toBe(401);
  });

  it('belong to the tenant that issued them', async () => {
    const token = await login(ctx.app, RAVI, 'acfl');
    expect((await me(token, 'acfl')).status).toBe(200);
    expect((await me(token, 'sahyog')).body).toEqual(expired);
    expect((await me(token, 'catfin')).status).toBe(401);
    const viaLoopback = await ctx.app.inject({ url: '/api/v1/user/me', headers: { host: '127.0.0.1:8080', token } });
    expect(viaLoopback.statusCode).toBe(401);
  });
});

describe('PUT /api/v1/user/logout', () => {
  it('revokes the token; it is refused after', async () => {
    const token = await login(ctx.app, RAVI);
    const res = await logout(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out' });
    expect((await ctx.db.select().from(authTokens))[0]!.revoked_at?.getTime()).toBe(T0);
    expect((await me(token)).body).toEqual(expired);
    expect((await logout(token)).status).toBe(401);
  });

  it('revokes only that token', async () => {
    const phone = await login(ctx.app, RAVI);
    const tablet = await login(ctx.app, RAVI);
    await logout(phone);
    expect((await me(tablet)).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await logout()).body).toEqual(expired);
  });
});
