import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestQuotaText } from '../../src/app/i18n/guest-quota.text';
import { en } from '../../src/app/i18n/en';
import { hi } from '../../src/app/i18n/hi';
import { buildApp } from '../../src/server/app';
import { applications, tenants } from '../../src/server/db/schema';
import { QUOTA_KINDS, type QuotaKind } from '../../src/server/modules/rate-limit/paid-call-quotas';
import { QUOTA_MSG } from '../../src/server/modules/rate-limit/quota.messages';
import { english } from '../../src/server/kernels/messages';
import { MAX_KEYED_CHECKS } from '../../src/server/modules/verification/verification.service';
import { kycBody, LAKSHMI, officerWithApplication, patchKyc, rowOf, withBorrowerStep } from './applications-fixtures';
import { login, MEENA, RAVI } from './helpers/auth-flow';
import { post, type Envelope } from './helpers/http';
import { HOUR, useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { statementBytes, upload } from './statement-fixtures';

// Issue 19: 1,500 PAN checks on one draft all answered with the holder's name. Every paid or
// identity-revealing call now spends a quota per application and per user, kept in the database.

const ctx = useTestApp();
const V = '/verification/v1';

type Answer = { status: number; body: Envelope; headers: Record<string, unknown> };
/** A kind's paid call, n-th of the test (numbers that differ, so no answer is served from a stored check). */
type Caller = { token: string; call: (n: number) => Promise<Answer> };

const setQuota = (kind: QuotaKind, per_application_hour: number, per_user_hour: number) =>
  ctx.db
    .update(tenants)
    .set({ quotas: { [kind]: { per_application_hour, per_user_hour } } })
    .where(eq(tenants.key, 'sahyog'));

const pan = (n: number) => `ABCDE${String(1000 + n)}F`;

/** LAKSHMI's application of Ravi's in PD1_COMPLETE with the CPV figures the BRE needs (as loan-offer.test.ts writes it). */
async function breReady() {
  const owner = await login(ctx.app, RAVI);
  const id = await createApplication(ctx.app, owner);
  const business_place = {
    verification_type: 'BUSINESS_PLACE_VERIFICATION',
    monthly_sales: 150000,
    gross_margin_percentage: 20,
    rent: 3000,
  };
  const residence = { verification_type: 'RESIDENCE_VERIFICATION', house_rent: 2000, food_expenses: 4000 };
  const data = {
    name: 'LAKSHMI DEVI',
    pan: 'BDVPD4821K',
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    tenure_requested: 24,
    app_mfi_cpv_info: { business_place, residence },
  };
  await ctx.db
    .update(applications)
    .set({ status: 'PD1_COMPLETE', data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb` })
    .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)));
  return id;
}

const CALLERS: Record<QuotaKind, () => Promise<Caller>> = {
  pan: async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    return { token, call: (n) => post(ctx.app, `${V}/verify_pan_lite`, { pan: pan(n), application_id: id }, { token }) };
  },
  voter_id: async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const body = (n: number) => ({ voter_id: `XKD${String(9000000 + n)}`, reference: 'r', application_id: id });
    return { token, call: (n) => post(ctx.app, `${V}/perfios/kyc/verify-voter-id`, body(n), { token }) };
  },
  aadhaar_otp: async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    return { token, call: () => post(ctx.app, `${V}/request_aadhaar_otp`, { aadhaar: LAKSHMI.aadhaar, application_id: id }, { token }) };
  },
  bank_account: async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = (n: number) => ({ account_number: `3001234${String(5000 + n)}`, ifsc: 'SBIN0001234', reference: 'r', application_id: id });
    return { token, call: (n) => post(ctx.app, `${V}/perfios/kyc/verify-bank-acc-v3`, body(n), { token }) };
  },
  bureau: async () => {
    const { token, id } = await withBorrowerStep(ctx.app, LAKSHMI);
    const body = await kycBody(ctx.db);
    return { token, call: () => patchKyc(ctx.app, id, body, { token }) };
  },
  bre: async () => {
    const id = await breReady();
    const token = await login(ctx.app, MEENA);
    return { token, call: () => post(ctx.app, '/api/v1/bureau/bre', { application_id: id, skip_cache: true }, { token }) };
  },
  statement: async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const fileId = await upload(ctx.app, token, id, statementBytes('ramesh-yadav-hdfc.pdf'));
    const body = { bank_name: 'HDFC Bank', files: [{ file_id: fileId }], application_id: id };
    return { token, call: () => post(ctx.app, '/banking/v1/identity', body, { token }) };
  },
};

describe.each(QUOTA_KINDS)('quota of %s calls', (kind) => {
  it('per application: past it 429 with Retry-After and the message; an hour later allowed again', async () => {
    const { call } = await CALLERS[kind]();
    await setQuota(kind, 2, 100);
    for (const n of [1, 2]) {
      const res = await call(n);
      expect(res.status, res.body.message).toBe(200);
    }
    const refused = await call(3);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(english(QUOTA_MSG.perApplication[kind]));
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    expect(refused.body).toMatchObject({ success: false, status_code: 429 });
    ctx.clock.advance(HOUR);
    expect((await call(4)).status).toBe(200);
  });

  it('per user: past it 429 with its own message', async () => {
    const { call } = await CALLERS[kind]();
    await setQuota(kind, 100, 2);
    for (const n of [1, 2]) expect((await call(n)).status).toBe(200);
    const refused = await call(3);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(english(QUOTA_MSG.perUser[kind]));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('quotas', () => {
  it('a refused PAN check reaches no provider and stores nothing', async () => {
    const { call } = await CALLERS.pan();
    await setQuota('pan', 1, 100);
    const { id } = (await ctx.db.select({ id: applications.id }).from(applications))[0]!;
    expect((await call(1)).status).toBe(200);
    expect((await call(2)).status).toBe(429);
    const checks = (await rowOf(ctx.db, id)).data.verifications as { pan: Record<string, unknown> };
    expect(Object.keys(checks.pan)).toEqual([pan(1)]);
  });

  it('defaults hold without a tenant setting: 10 PAN checks an application an hour', async () => {
    const { call } = await CALLERS.pan();
    for (let n = 1; n <= 10; n++) expect((await call(n)).status).toBe(200);
    expect((await call(11)).status).toBe(429);
  });

  it('are shared by every API node on the database, and are each tenant’s own', async () => {
    const { call, token } = await CALLERS.pan();
    await setQuota('pan', 3, 100);
    const other = await buildApp({ logger: false, db: ctx.db, clock: ctx.clock, config: { staticDir: '/nonexistent' } });
    try {
      const { id } = (await ctx.db.select({ id: applications.id }).from(applications))[0]!;
      const onOther = (n: number) => post(other, `${V}/verify_pan_lite`, { pan: pan(n), application_id: id }, { token });
      expect((await call(1)).status).toBe(200);
      expect((await onOther(2)).status).toBe(200);
      expect((await call(3)).status).toBe(200);
      expect((await onOther(4)).status).toBe(429);
      expect((await call(5)).status).toBe(429);
    } finally {
      await other.close();
    }
    // acfl keeps the defaults: its own officer's checks are not limited by sahyog's setting.
    const acflToken = await login(ctx.app, RAVI, 'acfl');
    const acflApp = await createApplication(ctx.app, acflToken, undefined, 'acfl');
    for (let n = 1; n <= 5; n++) {
      const res = await post(
        ctx.app,
        `${V}/verify_pan_lite`,
        { pan: pan(n), application_id: acflApp },
        { token: acflToken, tenant: 'acfl' },
      );
      expect(res.status, res.body.message).toBe(200);
    }
  });

  it('hold under concurrent calls', async () => {
    const { call } = await CALLERS.pan();
    await setQuota('pan', 4, 100);
    const results = await Promise.all(Array.from({ length: 9 }, (_, n) => call(n)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('a setting that is not a positive whole number falls back to the default', async () => {
    const { call } = await CALLERS.pan();
    await ctx.db
      .update(tenants)
      .set({ quotas: { pan: { per_application_hour: -1, per_user_hour: 'many' } } as never })
      .where(eq(tenants.key, 'sahyog'));
    for (let n = 1; n <= 10; n++) expect((await call(n)).status).toBe(200);
    expect((await call(11)).status).toBe(429);
  });

  it('every message is in the app’s catalogue, English and Hindi', () => {
    // The shell's catalogue, and the guests' address and tenant refusals kept beside the paid calls' API.
    const tables: [Record<string, string>, Record<string, string>][] = [
      [en, hi as Record<string, string>],
      [guestQuotaText.en, guestQuotaText.hi],
    ];
    for (const message of Object.values(QUOTA_MSG).flatMap((table) => Object.values(table).map(english))) {
      const found = tables.find(([english]) => Object.values(english).includes(message));
      expect(found, message).toBeDefined();
      const [english, hindi] = found!;
      const key = Object.keys(english).find((k) => english[k] === message)!;
      expect(hindi[key], key).toMatch(/[\u0900-\u097f]/);
    }
  });
});

describe('stored verification history', () => {
  it(`keeps at most ${MAX_KEYED_CHECKS} checks of a kind on an application: failures go first, then the oldest`, async () => {
    const { call, token } = await CALLERS.pan();
    await setQuota('pan', 1000, 1000);
    const { id } = (await ctx.db.select({ id: applications.id }).from(applications))[0]!;
    const stored = async () => ((await rowOf(ctx.db, id)).data.verifications as { pan: Record<string, { status: string }> }).pan;
    const before = JSON.stringify((await rowOf(ctx.db, id)).data).length;
    const tick = () => ctx.clock.advance(1000);

    for (let n = 1; n < MAX_KEYED_CHECKS; n++, tick()) expect((await call(n)).status).toBe(200);
    expect((await post(ctx.app, `${V}/verify_pan_lite`, { pan: 'ZZZZZ9999Z', application_id: id }, { token })).status).toBe(422);
    expect(Object.keys(await stored())).toHaveLength(MAX_KEYED_CHECKS);
    tick();
    expect((await call(MAX_KEYED_CHECKS)).status).toBe(200);
    const afterOneMore = await stored();
    expect(Object.keys(afterOneMore)).toHaveLength(MAX_KEYED_CHECKS);
    expect(afterOneMore['ZZZZZ9999Z']).toBeUndefined(); // the failure went, though newer than pan(1)
    expect(afterOneMore[pan(1)]?.status).toBe('VERIFIED');

    for (let n = MAX_KEYED_CHECKS + 1; n <= 60; n++, tick()) expect((await call(n)).status).toBe(200);
    const checks = await stored();
    expect(Object.keys(checks).sort()).toEqual(Array.from({ length: MAX_KEYED_CHECKS }, (_, i) => pan(60 - i)).sort());
    expect(JSON.stringify((await rowOf(ctx.db, id)).data).length - before).toBeLessThan(MAX_KEYED_CHECKS * 200);
  });
});
