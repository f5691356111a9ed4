import { describe, expect, it } from 'vitest';
import { ARJUN, login, MEENA, RAVI, startOtp, verifyOtp } from './helpers/auth-flow';
import { call, get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { deviceOf } from '../../src/server/modules/auth/session.service';

const ctx = useTestApp();

const phone = { 'client-identifier': 'WEB_APP', 'device-id': 'phone-a-0001' };
const laptop = { 'client-identifier': 'WEB_APP', 'device-id': 'laptop-b-0002' };

async function loginFrom(mobile: string, headers: Record<string, string>): Promise<string> {
  const { sessionId, otp } = await startOtp(ctx.app, mobile);
  const verified = await verifyOtp(ctx.app, sessionId, otp, { headers });
  expect(verified.status, verified.body.message).toBe(200);
  return verified.body.data.token as string;
}

const me = (token: string) => get(ctx.app, '/api/v1/user/me', { token });
const idOf = async (token: string) => (await me(token)).body.data.id as number;

describe('device lost (remote wipe)', () => {
  it("a branch manager lists the tenant's officers and credit managers, by name, and no one else", async () => {
    const manager = await login(ctx.app, ARJUN);
    const listed = await get(ctx.app, '/api/v1/users', { token: manager });
    expect(listed.status).toBe(200);
    const staff = listed.body.data as { id: number; mobile: string; designation: string; first_name: string }[];
    // The seed's officer (RAVI) and credit manager (MEENA); not the manager, the agent or the unknown designation.
    expect(staff.map((s) => [s.mobile, s.designation])).toEqual([
      [MEENA, 'BRANCH_CREDIT_MANAGER'],
      [RAVI, 'RELATIONSHIP_OFFICER'],
    ]);
    expect(staff[1]!.id).toBe(await idOf(await loginFrom(RAVI, phone)));
    const names = staff.map((s) => s.first_name);
    expect(names).toEqual([...names].sort());

    // Another tenant's manager sees their own tenant's staff, never these ids.
    const acfl = await call(ctx.app, 'GET', '/api/v1/users', undefined, { token: await login(ctx.app, ARJUN, 'acfl'), tenant: 'acfl' });
    expect(acfl.status).toBe(200);
    const ids = new Set(staff.map((s) => s.id));
    for (const other of acfl.body.data as { id: number }[]) expect(ids.has(other.id)).toBe(false);

    for (const token of [await login(ctx.app, RAVI), await login(ctx.app, MEENA)])
      expect((await get(ctx.app, '/api/v1/users', { token })).status).toBe(403);
    expect((await get(ctx.app, '/api/v1/users')).status).toBe(401);
  });

  it("a branch manager lists an officer's devices and marks one lost: its sessions end, and its next contact is told to wipe", async () => {
    const onPhone = await loginFrom(RAVI, phone);
    const onLaptop = await loginFrom(RAVI, laptop);
    const ravi = await idOf(onPhone);
    const manager = await login(ctx.app, ARJUN);
    const phoneDevice = deviceOf(phone['client-identifier'], phone['device-id'])!;

    const listed = await get(ctx.app, `/api/v1/users/${ravi}/devices`, { token: manager });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { device: string }) => d.device).sort()).toEqual(
      [phoneDevice, deviceOf(laptop['client-identifier'], laptop['device-id'])].sort(),
    );
    for (const d of listed.body.data)
      expect(d).toMatchObject({ live: true, signed_in_at: expect.any(String), last_used_at: expect.any(String) });

    const lost = await post(ctx.app, `/api/v1/users/${ravi}/devices/${phoneDevice}/lost`, undefined, { token: manager });
    expect(lost.status).toBe(200);
    expect(lost.body.data.revoked_sessions).toBe(1);
    const wiped = await me(onPhone);
    expect(wiped.status).toBe(401);
    expect(wiped.headers['sahyog-wipe']).toBe('1');
    expect(wiped.headers['clear-site-data']).toBe('"cache"');
    expect((await me(onLaptop)).status).toBe(200);

    // Marked again: nothing live is left there, and the list says so.
    const again = await post(ctx.app, `/api/v1/users/${ravi}/devices/${phoneDevice}/lost`, undefined, { token: manager });
    expect(again.body.data.revoked_sessions).toBe(0);
    const after = (await get(ctx.app, `/api/v1/users/${ravi}/devices`, { token: manager })).body.data as {
      device: string;
      live: boolean;
    }[];
    expect(after.find((d) => d.device === phoneDevice)?.live).toBe(false);
  });

  it('issue 31 N4: a device is listed with the short label its sign-in sent; a label that is not short and plain is not kept', async () => {
    const onPhone = await loginFrom(RAVI, { ...phone, 'device-label': 'Android · Chrome 156' });
    await loginFrom(RAVI, { ...laptop, 'device-label': 'Ravi <script> '.repeat(5) });
    const ravi = await idOf(onPhone);
    const manager = await login(ctx.app, ARJUN);
    const listed = await get(ctx.app, `/api/v1/users/${ravi}/devices`, { token: manager });
    expect(listed.status).toBe(200);
    const labels = Object.fromEntries(listed.body.data.map((d: { device: string; label: string | null }) => [d.device, d.label]));
    expect(labels).toEqual({
      [deviceOf(phone['client-identifier'], phone['device-id'])!]: 'Android · Chrome 156',
      [deviceOf(laptop['client-identifier'], laptop['device-id'])!]: null,
    });
  });

  it('logout answers Clear-Site-Data "cache" (not "storage": queued items stay on the phone)', async () => {
    const token = await loginFrom(RAVI, phone);
    const res = await call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, { token });
    expect(res.status).toBe(200);
    expect(res.headers['clear-site-data']).toBe('"cache"');
  });

  it('an unknown, expired or made-up token gets a plain 401, without the wipe', async () => {
    const res = await get(ctx.app, '/api/v1/user/me', { token: 'x'.repeat(43) });
    expect(res.status).toBe(401);
    expect(res.headers['sahyog-wipe']).toBeUndefined();
  });

  it('only a branch manager may; malformed ids are 400 with the reason; unknown ones 404', async () => {
    const onPhone = await loginFrom(RAVI, phone);
    const ravi = await idOf(onPhone);
    const device = (await get(ctx.app, `/api/v1/users/${ravi}/devices`, { token: await login(ctx.app, ARJUN) })).body.data[0].device;
    for (const token of [onPhone, await login(ctx.app, MEENA)]) {
      expect((await get(ctx.app, `/api/v1/users/${ravi}/devices`, { token })).status).toBe(403);
      expect((await post(ctx.app, `/api/v1/users/${ravi}/devices/${device}/lost`, undefined, { token })).status).toBe(403);
    }
    const manager = await login(ctx.app, ARJUN);
    const bad = await post(ctx.app, `/api/v1/users/${ravi}/devices/not-a-device/lost`, undefined, { token: manager });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Invalid device id' } });
    expect((await get(ctx.app, '/api/v1/users/abc/devices', { token: manager })).status).toBe(400);
    expect((await get(ctx.app, '/api/v1/users/999999/devices', { token: manager })).body.message).toBe('User not found');
    const unknown = await post(ctx.app, `/api/v1/users/${ravi}/devices/${'0'.repeat(64)}/lost`, undefined, { token: manager });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No session of this user on that device' } });
    // Another tenant's branch manager does not reach this tenant's officer.
    const acflManager = await login(ctx.app, ARJUN, 'acfl');
    const elsewhere = await call(ctx.app, 'POST', `/api/v1/users/${ravi}/devices/${device}/lost`, undefined, {
      token: acflManager,
      tenant: 'acfl',
    });
    expect(elsewhere).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await me(onPhone)).toMatchObject({ status: 200 });
  });
});
