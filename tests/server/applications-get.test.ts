import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, coApplicants, familyMembers, users } from '../../src/server/db/schema';
import { createDraftApplication } from '../../src/server/modules/applications/applications.service';
import { BASE, LAKSHMI, officerWithApplication, otherOfficer, rowOf, withBorrowerStep } from './applications-fixtures';
import { ARJUN, KAVITA, login, MEENA, RAVI, SURESH } from './helpers/auth-flow';
import { get } from './helpers/http';
import { T0, useTestApp } from './helpers/test-app';
import { BORROWER, createApplication } from './helpers/validation';

const ctx = useTestApp();
const getApplication = (id: string, token?: string, tenant?: string) => get(ctx.app, `${BASE}/${id}`, { token, tenant });
const byPhone = (phone: string, token?: string, tenant?: string) => get(ctx.app, `${BASE}/phone-number/${phone}`, { token, tenant });

describe('a new application (mobile validation)', () => {
  it('gets a tracker id of its tenant (prefix, India’s YYMM, 6 digits) and the borrower’s phone', async () => {
    const { id } = await officerWithApplication(ctx.app);
    const row = await rowOf(ctx.db, id);
    expect(row.tracker_id).toMatch(/^SAH2601[0-9]{6}$/);
    expect(row.phone).toBe(BORROWER);
    const prefixes = { catfin: 'CAT', capitalneed: 'CAP', acfl: 'ACF' } as const;
    for (const [tenant, prefix] of Object.entries(prefixes)) {
      const token = await login(ctx.app, RAVI, tenant);
      const other = await createApplication(ctx.app, token, BORROWER, tenant);
      expect((await rowOf(ctx.db, other, tenant)).tracker_id).toMatch(new RegExp(`^${prefix}2601[0-9]{6}$`));
    }
  });

  it('takes India’s month: 31 Jan 20:00 UTC is already February in India', async () => {
    ctx.clock.set(Date.UTC(2026, 0, 31, 20, 0, 0));
    const { id } = await officerWithApplication(ctx.app);
    expect((await rowOf(ctx.db, id)).tracker_id).toMatch(/^SAH2602[0-9]{6}$/);
  });
});

describe('GET /api/v1/app/mfi/:id', () => {
  it('answers the view to its officer, a branch credit manager and a branch manager', async () => {
    const { id } = await withBorrowerStep(ctx.app, LAKSHMI);
    for (const mobile of [RAVI, MEENA, ARJUN]) {
      const res = await getApplication(id, await login(ctx.app, mobile));
      expect(res.status, mobile).toBe(200);
      expect(res.body.data).toMatchObject({ id, status: 'DRAFT', stage: ['BORROWER_INFO'], name: LAKSHMI.name, aadhaar: 'XXXX XXXX 0124' });
      expect(res.raw.body).not.toContain(LAKSHMI.aadhaar);
      expect(res.raw.body).not.toContain('aadhaar_encrypted');
    }
  });

  it('a fresh application: the mobile verified, every form field null', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const res = await getApplication(id, token);
    expect(res.body.data).toMatchObject({
      phone: BORROWER,
      is_phone_verified: true,
      aadhaar: null,
      name: null,
      pan: null,
      kyc: null,
      stage: [],
      verifications: { mobile: true, aadhaar: null, pan: null, voter_id: null },
      created_at: new Date(T0).toISOString(),
    });
  });

  it('lists the co-applicants and family members of the application, oldest first', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    const base = { tenant_id: 'sahyog', application_id: id, created_by: 1, updated_at: new Date(T0) };
    const guarantor = randomBytes(16).toString('hex');
    const coBorrower = randomBytes(16).toString('hex');
    await ctx.db.insert(coApplicants).values([
      {
        ...base,
        id: guarantor,
        type: 'GUARANTOR',
        status: 'REJECTED',
        data: { name: 'VIKRAM JOSHI', pan: 'EVJPJ1287N', aadhaar: '3458', approval_checks: { decision: 'REJECTED', rejected: true } },
        created_at: new Date(T0 + 2000),
      },
      {
        ...base,
        id: coBorrower,
        type: 'CO_BORROWER',
        status: 'ACTIVE',
        data: { name: 'RAMESH YADAV', pan: 'CRYPY5532L' },
        created_at: new Date(T0 + 1000),
      },
    ]);
    await ctx.db
      .insert(familyMembers)
      .values({ ...base, id: 'a'.repeat(32), data: { name: 'Asha', gender: 'FEMALE' }, created_at: new Date(T0) });
    const view = (await getApplication(id, token)).body.data;
    expect(view.co_applicants.map((c: { id: string }) => c.id)).toEqual([coBorrower, guarantor]);
    expect(view.co_applicants[1]).toMatchObject({
      id: guarantor,
      application_id: id,
      type: 'GUARANTOR',
      status: 'REJECTED',
      name: 'VIKRAM JOSHI',
      aadhaar: '3458',
      approval_checks: { decision: 'REJECTED', rejected: true },
      deviations: [],
      replaces_id: null,
      created_at: new Date(T0 + 2000).toISOString(),
    });
    expect(view.family_members).toEqual([
      expect.objectContaining({
        id: 'a'.repeat(32),
        application_id: id,
        name: 'Asha',
        gender: 'FEMALE',
        created_at: new Date(T0).toISOString(),
      }),
    ]);
  });

  it('401 without a token, 403 for an AGENT and an unknown designation', async () => {
    const { id } = await officerWithApplication(ctx.app);
    expect((await getApplication(id)).status).toBe(401);
    for (const mobile of [KAVITA, SURESH]) {
      const res = await getApplication(id, await login(ctx.app, mobile));
      expect(res.status, mobile).toBe(403);
    }
  });

  it('404 for an unknown id, another tenant’s and another officer’s application', async () => {
    const { token, id } = await officerWithApplication(ctx.app);
    expect((await getApplication('0'.repeat(32), token)).body).toEqual({
      success: false,
      message: 'Application not found',
      status_code: 404,
    });
    expect((await getApplication('XYZ', token)).status).toBe(404);
    const acflBcm = await login(ctx.app, MEENA, 'acfl');
    expect((await getApplication(id, acflBcm, 'acfl')).status).toBe(404);
    expect((await getApplication(id, await otherOfficer(ctx.app, ctx.db))).status).toBe(404);
  });
});

describe('GET /api/v1/app/mfi/phone-number/:phone', () => {
  it('answers the newest DRAFT of that phone', async () => {
    const { token } = await officerWithApplication(ctx.app);
    ctx.clock.advance(1000);
    const { id: newest } = await withBorrowerStep(ctx.app, LAKSHMI);
    const res = await byPhone(BORROWER, token);
    expect(res.status).toBe(200);
    const row = await rowOf(ctx.db, newest);
    expect(res.body.data).toEqual({
      tracker_id: row.tracker_id,
      id: newest,
      stage: ['BORROWER_INFO'],
      loan_type: 'MFI_BUSINESS_LOAN',
      phone: BORROWER,
      name: LAKSHMI.name,
      gender: 'FEMALE',
      status: 'DRAFT',
    });
    const bm = await byPhone(BORROWER, await login(ctx.app, ARJUN));
    expect(bm.body.data.id).toBe(newest);
  });

  it('404 when none is incomplete, or only another officer’s is; 400 for a bad mobile', async () => {
    const { token } = await officerWithApplication(ctx.app);
    const none = await byPhone('9876500000', token);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ success: false, message: 'No Incomplete Application Found', status_code: 404 });
    expect((await byPhone(BORROWER, await otherOfficer(ctx.app, ctx.db))).status).toBe(404);
    expect((await byPhone(BORROWER, token, 'acfl')).status).toBe(401);
    expect((await byPhone(BORROWER, await login(ctx.app, RAVI, 'acfl'), 'acfl')).status).toBe(404);
    for (const bad of ['12345', '5876543210', '98765432101']) {
      const res = await byPhone(bad, token);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Invalid mobile number');
    }
  });

  it('does not answer an application past DRAFT', async () => {
    const { token } = await officerWithApplication(ctx.app);
    await ctx.db.update(applications).set({ status: 'REJECTED' });
    expect((await byPhone(BORROWER, token)).status).toBe(404);
  });

  it('401 without a token, 403 for an AGENT', async () => {
    expect((await byPhone(BORROWER)).status).toBe(401);
    expect((await byPhone(BORROWER, await login(ctx.app, KAVITA))).status).toBe(403);
  });
});

describe('createDraftApplication', () => {
  it('tries another serial when the tracker id is taken, inside a transaction too', async () => {
    const userOf = async (tenant: string) =>
      (
        await ctx.db
          .select()
          .from(users)
          .where(and(eq(users.tenant_id, tenant), eq(users.mobile, RAVI)))
      )[0]!.id;
    const ravi = await userOf('sahyog');
    const serials = [123, 123, 124];
    const next = () => serials.shift()!;
    const first = await createDraftApplication(ctx.db, 'sahyog', ravi, T0, { phone: BORROWER }, next);
    const second = await ctx.db.transaction((tx) => createDraftApplication(tx, 'sahyog', ravi, T0, {}, next));
    expect((await rowOf(ctx.db, first)).tracker_id).toBe('SAH2601000123');
    expect((await rowOf(ctx.db, second)).tracker_id).toBe('SAH2601000124');
    expect((await rowOf(ctx.db, second)).phone).toBeNull();
    // Another tenant may use the same serial.
    const acfl = await createDraftApplication(ctx.db, 'acfl', await userOf('acfl'), T0, {}, () => 123);
    expect((await rowOf(ctx.db, acfl, 'acfl')).tracker_id).toBe('ACF2601000123');
  });
});
