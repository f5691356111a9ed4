import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants, type QuotaOverridesColumn } from '../../src/server/db/schema';
import { QUOTA_MSG } from '../../src/server/modules/rate-limit/quota.messages';
import { english } from '../../src/server/kernels/messages';
import { LAKSHMI, officerWithApplication, rowOf } from './applications-fixtures';
import { guestSignIn, type Guest } from './helpers/guest-flow';
import { post } from './helpers/http';
import { HOUR, useTestApp } from './helpers/test-app';

// Issue 31 S1: every guest of a tenant is its one SELF_APPLY user, so six guests making 10 PAN
// checks each used up the per-user quota and the seventh borrower's first check was refused;
// yet one address, with three guest mobiles, got 30 holders' names. A guest's paid calls now
// count per guest (its mobile, and its application), per client address and per tenant.

const ctx = useTestApp();
const V = '/verification/v1';

const pan = (n: number) => `ABCDE${String(1000 + n)}F`;
const mobile = (i: number) => `98765${String(20000 + i)}`;
const address = (i: number) => `198.51.100.${i + 1}`;

/** A guest's paid call from `from`, the n-th of the test (PANs that differ, so none is answered from a stored check). */
const PAID = {
  pan: (guest: Guest, n: number, from: string, headers?: Record<string, string>) =>
    post(
      ctx.app,
      `${V}/verify_pan_lite`,
      { pan: pan(n), application_id: guest.applicationId },
      { token: guest.token, remoteAddress: from, headers },
    ),
  aadhaar_otp: (guest: Guest, _n: number, from: string) =>
    post(
      ctx.app,
      `${V}/request_aadhaar_otp`,
      { aadhaar: LAKSHMI.aadhaar, application_id: guest.applicationId },
      { token: guest.token, remoteAddress: from },
    ),
};

const setQuotas = (quotas: QuotaOverridesColumn) => ctx.db.update(tenants).set({ quotas }).where(eq(tenants.key, 'sahyog'));

/** The PAN checks recorded on an application (a refused one reaches no provider and is not among them). */
const panChecks = async (id: string) =>
  Object.keys(((await rowOf(ctx.db, id)).data.verifications as { pan?: object } | undefined)?.pan ?? {});

describe.each([
  ['pan', 10],
  ['aadhaar_otp', 5],
] as const)('%s: every guest has its own quota', (kind, quota) => {
  it(`seven guests, each within its own ${quota} an hour, are all served: six use theirs up, the seventh is not refused for them`, async () => {
    for (let i = 0; i < 6; i++) {
      const guest = await guestSignIn(ctx.app, mobile(i));
      for (let n = 1; n <= quota; n++) {
        const res = await PAID[kind](guest, n, address(i));
        expect(res.status, `guest ${i + 1}, call ${n}: ${res.body.message}`).toBe(200);
      }
      const over = await PAID[kind](guest, quota + 1, address(i));
      expect(over.status, `guest ${i + 1} past its own quota`).toBe(429);
    }
    const seventh = await guestSignIn(ctx.app, mobile(6));
    const first = await PAID[kind](seventh, 1, address(6));
    expect(first.status, first.body.message).toBe(200);
  });
});

describe('guest quotas of paid calls', () => {
  it('a guest past its own quota gets 429 with Retry-After and its message; nothing is paid; others are served', async () => {
    await setQuotas({ pan: { per_application_hour: 100, per_guest_hour: 3 } });
    const guest = await guestSignIn(ctx.app, mobile(1));
    for (let n = 1; n <= 3; n++) expect((await PAID.pan(guest, n, address(1))).status).toBe(200);
    const refused = await PAID.pan(guest, 4, address(1));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    expect(refused.body).toMatchObject({ success: false, statusCode: 429, status_code: 429, message: english(QUOTA_MSG.perUser.pan) });
    expect(refused.body.data).toBeUndefined();
    expect((await panChecks(guest.applicationId)).sort()).toEqual([pan(1), pan(2), pan(3)]);

    const neighbour = await guestSignIn(ctx.app, mobile(2));
    expect((await PAID.pan(neighbour, 1, address(1))).status).toBe(200);
    ctx.clock.advance(HOUR);
    expect((await PAID.pan(guest, 5, address(1))).status).toBe(200);
  });

  it('one client address across several guest mobiles: past its bound (20 PAN checks an hour by default) 429, in English or Hindi', async () => {
    const farm = '203.0.113.50';
    const guests = [await guestSignIn(ctx.app, mobile(1)), await guestSignIn(ctx.app, mobile(2)), await guestSignIn(ctx.app, mobile(3))];
    for (const guest of guests.slice(0, 2)) {
      for (let n = 1; n <= 10; n++) expect((await PAID.pan(guest, n, farm)).status).toBe(200);
    }
    const third = await PAID.pan(guests[2]!, 1, farm);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe(String(60 * 60));
    expect(third.body).toMatchObject({ success: false, status_code: 429, message: english(QUOTA_MSG.guestsPerAddress.pan) });
    expect(third.body.data).toBeUndefined();
    const inHindi = await PAID.pan(guests[2]!, 2, farm, { 'accept-language': 'hi' });
    expect(inHindi.status).toBe(429);
    expect(inHindi.body.message).toBe('इस नेटवर्क से PAN जांच की सीमा अभी पूरी हो गई है। कृपया बाद में फिर से प्रयास करें।');
    expect(await panChecks(guests[2]!.applicationId)).toEqual([]);

    // The same guest from its own network is served: the address was full, not the guest.
    expect((await PAID.pan(guests[2]!, 3, address(9))).status).toBe(200);
  });

  it('the tenant bound: past it every guest of the tenant gets 429; an officer and another tenant’s guests do not', async () => {
    await setQuotas({ pan: { guests_per_tenant_hour: 4 } });
    for (let i = 0; i < 4; i++) {
      const guest = await guestSignIn(ctx.app, mobile(i));
      expect((await PAID.pan(guest, 1, address(i))).status).toBe(200);
    }
    const fifth = await guestSignIn(ctx.app, mobile(4));
    const refused = await PAID.pan(fifth, 1, address(4));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(english(QUOTA_MSG.guestsPerTenant.pan));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const officer = await officerWithApplication(ctx.app);
    const staffCheck = await post(ctx.app, `${V}/verify_pan_lite`, { pan: pan(9), application_id: officer.id }, { token: officer.token });
    expect(staffCheck.status, staffCheck.body.message).toBe(200);
    const elsewhere = await guestSignIn(ctx.app, mobile(5), 'acfl');
    const acfl = await post(
      ctx.app,
      `${V}/verify_pan_lite`,
      { pan: pan(1), application_id: elsewhere.applicationId },
      { token: elsewhere.token, tenant: 'acfl', remoteAddress: address(5) },
    );
    expect(acfl.status, acfl.body.message).toBe(200);

    ctx.clock.advance(HOUR);
    expect((await PAID.pan(fifth, 2, address(4))).status).toBe(200);
  });

  it('a guest’s Aadhaar OTP requests follow AADHAAR_OTP_MAX_SENDS_PER_APPLICATION_HOUR (a guest has one application)', async () => {
    await ctx.rebuild({ config: { aadhaarOtpMaxSendsPerApplicationHour: 7 } });
    const guest = await guestSignIn(ctx.app, mobile(1));
    for (let n = 1; n <= 7; n++) expect((await PAID.aadhaar_otp(guest, n, address(1))).status).toBe(200);
    expect((await PAID.aadhaar_otp(guest, 8, address(1))).status).toBe(429);
  });

  it('the tenant bound holds under concurrent calls of different guests', async () => {
    await setQuotas({ pan: { guests_per_tenant_hour: 3 } });
    const guests: Guest[] = [];
    for (let i = 0; i < 7; i++) guests.push(await guestSignIn(ctx.app, mobile(i)));
    const results = await Promise.all(guests.map((guest, i) => PAID.pan(guest, i, address(i))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
  });
});
