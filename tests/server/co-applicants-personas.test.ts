import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../src/server/db/client';
import { applications, coApplicants, files } from '../../src/server/db/schema';
import { login, MEENA, RAVI } from './helpers/auth-flow';
import { call, post } from './helpers/http';
import { raceOnApplicationLock } from './helpers/row-lock';
import { useTestApp } from './helpers/test-app';
import { testDatabaseKind } from './helpers/test-db';
import { createApplication } from './helpers/validation';

// The sandbox personas of DECISIONS.md as co-applicants of a LAKSHMI DEVI application.
const ctx = useTestApp();
const API = '/api/v1/app/mfi';
const hex = () => randomBytes(16).toString('hex');

async function uploaded(): Promise<Record<string, string>> {
  const names = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'];
  const ids = Object.fromEntries(names.map((n) => [n, hex()]));
  const at = new Date(ctx.clock.now());
  await ctx.db.insert(files).values(
    Object.values(ids).map((id) => ({
      tenant_id: 'sahyog',
      id,
      storage_name: hex(),
      original_name: 'doc.jpg',
      mime: 'image/jpeg',
      size: 10,
      sha256: '0'.repeat(64),
      purpose: 'APPLY_LOAN',
      created_at: at,
    })),
  );
  return ids;
}

/** RAVI's application for LAKSHMI DEVI, her PAN verified on it. */
async function lakshmiApplication() {
  const token = await login(ctx.app, RAVI);
  const appId = await createApplication(ctx.app, token, '9876501234');
  const pan = await post(ctx.app, '/verification/v1/verify_pan_lite', { pan: 'BDVPD4821K', application_id: appId }, { token });
  expect(pan.status).toBe(200);
  return { token, appId, docs: await uploaded() };
}

const base = {
  relationship: 'Spouse',
  title: 'Mr.',
  guardian_name: 'Shyam Lal',
  guardian_relationship: 'Father',
  income: 20000,
  marital_status: 'Married',
  pincode: '422001',
  city: 'Nashik',
  district: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
};
const RAMESH = {
  ...base,
  type: 'CO_BORROWER',
  name: 'Ramesh Yadav',
  phone: '9876543211',
  gender: 'MALE',
  dob: '03-09-1982',
  age: 43,
  pan: 'CRYPY5532L',
  voter_id: 'XKD2345676',
  aadhaar: '1238',
};
const VIKRAM = {
  ...base,
  type: 'GUARANTOR',
  name: 'Vikram Joshi',
  phone: '9876543212',
  gender: 'MALE',
  dob: '15-06-1990',
  age: 35,
  pan: 'EVJPJ1287N',
};
const MOHAN = {
  ...base,
  type: 'GUARANTOR',
  name: 'Mohan Lal',
  phone: '9876543213',
  gender: 'MALE',
  dob: '20-01-1975',
  age: 50,
  pan: 'DMLPL6643M',
  voter_id: 'XKD4567814',
};
const SUNITA = {
  ...base,
  type: 'CO_BORROWER',
  title: 'Smt.',
  name: 'Sunita Kumari',
  phone: '9876543214',
  gender: 'FEMALE',
  dob: '30-11-1988',
  age: 37,
  pan: 'FSKPK2231P',
  voter_id: 'XKD3456787',
};

const add = (token: string, appId: string, body: object, path = '/co-applicant') =>
  post(ctx.app, `${API}/${appId}${path}`, body, { token });
const applicationRow = async (id: string) =>
  (
    await ctx.db
      .select()
      .from(applications)
      .where(and(eq(applications.tenant_id, 'sahyog'), eq(applications.id, id)))
  )[0]!;
const rowsOf = (appId: string) => ctx.db.select().from(coApplicants).where(eq(coApplicants.application_id, appId));

describe('co-applicant personas (DECISIONS.md sandbox)', () => {
  it('RAMESH YADAV as co-borrower: PAN and voter ID verified now, bureau PASS, ACTIVE, stage CO_BORROWER', async () => {
    const { token, appId, docs } = await lakshmiApplication();
    const res = await add(token, appId, { ...RAMESH, ...docs });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      application_id: appId,
      type: 'CO_BORROWER',
      name: 'Ramesh Yadav',
      pan: 'CRYPY5532L',
      voter_id: 'XKD2345676',
      aadhaar: '1238',
      dob: '1982-09-03',
      gender: 'MALE',
      status: 'ACTIVE',
      replaces_id: null,
      deviations: [],
      email: null,
      landmark: null,
      pan_file: docs.pan_file,
      voter_id_back_file: null,
      created_at: '2026-01-15T04:30:00.000Z',
      approval_checks: { decision: 'PASS', reasons: [], rejected: false, check_values: { overdue_amount: 0 } },
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f]{32}$/);
    const app = await applicationRow(appId);
    expect(app.stage).toEqual(['CO_BORROWER']);
    const checks = app.data.verifications as Record<string, any>;
    expect(checks.pan.CRYPY5532L).toMatchObject({ status: 'VERIFIED', name: 'RAMESH YADAV' });
    expect(checks.pan.BDVPD4821K).toMatchObject({ status: 'VERIFIED', name: 'LAKSHMI DEVI' });
    expect(checks.voter_id.XKD2345676).toMatchObject({ status: 'VERIFIED', name: 'RAMESH YADAV' });
    const list = await call(ctx.app, 'GET', `${API}/${appId}/co-applicant`, undefined, { token });
    expect(list.body.data).toEqual([res.body.data]);
  });

  it('VIKRAM JOSHI as guarantor is REJECTED (overdue 18500) without a GUARANTOR stage; MOHAN LAL replaces him', async () => {
    const { token, appId, docs } = await lakshmiApplication();
    const vikram = await add(token, appId, { ...VIKRAM, ...docs });
    expect(vikram.status, vikram.body.message).toBe(200);
    expect(vikram.body.data.status).toBe('REJECTED');
    expect(vikram.body.data.approval_checks).toEqual({
      decision: 'REJECTED',
      reasons: ['OVERDUE_AMOUNT_PRESENT'],
      rejected: true,
      check_values: { overdue_amount: 18500 },
    });
    expect((await applicationRow(appId)).stage).toEqual([]);

    ctx.clock.advance(60_000);
    const mohan = await add(token, appId, { ...MOHAN, ...docs, id_to_replace: vikram.body.data.id }, '/co-applicant/replace');
    expect(mohan.status, mohan.body.message).toBe(200);
    expect(mohan.body.data).toMatchObject({ status: 'ACTIVE', replaces_id: vikram.body.data.id, name: 'Mohan Lal', type: 'GUARANTOR' });
    expect((await applicationRow(appId)).stage).toEqual(['GUARANTOR']);
    const list = await call(ctx.app, 'GET', `${API}/${appId}/co-applicant`, undefined, { token });
    expect(list.body.data.map((c: any) => [c.name, c.status])).toEqual([
      ['Vikram Joshi', 'REPLACED'],
      ['Mohan Lal', 'ACTIVE'],
    ]);
    // The history records this way out of the rejection page, with the earlier rejection and its reason.
    const view = await call(ctx.app, 'GET', `${API}/${appId}`, undefined, { token });
    const replaced = view.body.data.history.filter((e: any) => e.action === 'GUARANTOR_REPLACED');
    expect(replaced).toEqual([
      expect.objectContaining({
        actor_designation: 'RELATIONSHIP_OFFICER',
        from: 'DRAFT',
        to: 'DRAFT',
        detail: {
          replaced_id: vikram.body.data.id,
          replaced_name: 'Vikram Joshi',
          guarantor_id: mohan.body.data.id,
          rejection_reasons: ['OVERDUE_AMOUNT_PRESENT'],
        },
      }),
    ]);

    // Only a rejected guarantor of this application can be replaced: not a replaced one, not an active one.
    for (const id of [vikram.body.data.id, mohan.body.data.id, hex()]) {
      const again = await add(token, appId, { ...MOHAN, ...docs, id_to_replace: id }, '/co-applicant/replace');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Only a rejected guarantor of this application can be replaced.');
    }
    expect(await rowsOf(appId)).toHaveLength(2);
  });

  it('two replaces of one rejected guarantor at once: one replaces him, the other is 409', async () => {
    const { token, appId, docs } = await lakshmiApplication();
    const vikram = await add(token, appId, { ...VIKRAM, ...docs });
    const replace = () => add(token, appId, { ...MOHAN, ...docs, id_to_replace: vikram.body.data.id }, '/co-applicant/replace');
    const answers = await Promise.all([replace(), replace()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('Only a rejected guarantor of this application can be replaced.');
    expect((await rowsOf(appId)).map((r) => [r.type, r.status]).sort()).toEqual([
      ['GUARANTOR', 'ACTIVE'],
      ['GUARANTOR', 'REPLACED'],
    ]);
    const view = await call(ctx.app, 'GET', `${API}/${appId}`, undefined, { token });
    expect(view.body.data.history.filter((e: any) => e.action === 'GUARANTOR_REPLACED')).toHaveLength(1);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'a guarantor replaced by a writer the replace had to wait for is not replaced again (409)',
    async () => {
      const { token, appId, docs } = await lakshmiApplication();
      const vikram = (await add(token, appId, { ...VIKRAM, ...docs })).body.data.id as string;
      // MOHAN's PAN and voter ID checked first, so that the replace's one write is the write that waits.
      await post(ctx.app, '/verification/v1/verify_pan_lite', { pan: MOHAN.pan, application_id: appId }, { token });
      await post(
        ctx.app,
        '/verification/v1/perfios/kyc/verify-voter-id',
        { voter_id: MOHAN.voter_id, reference: 'T', application_id: appId },
        { token },
      );
      const replaced = (tx: Tx) => tx.update(coApplicants).set({ status: 'REPLACED' }).where(eq(coApplicants.id, vikram));
      const res = await raceOnApplicationLock(
        ctx.db,
        appId,
        /insert into co_applicants/,
        () => add(token, appId, { ...MOHAN, ...docs, id_to_replace: vikram }, '/co-applicant/replace'),
        replaced,
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only a rejected guarantor of this application can be replaced.');
      expect(await rowsOf(appId)).toHaveLength(1);
    },
  );

  it('a replacement must be a guarantor, and a replace replayed by its client id changes nothing', async () => {
    const { token, appId, docs } = await lakshmiApplication();
    const vikram = await add(token, appId, { ...VIKRAM, ...docs });
    const asCoBorrower = await add(
      token,
      appId,
      { ...MOHAN, ...docs, type: 'CO_BORROWER', id_to_replace: vikram.body.data.id },
      '/co-applicant/replace',
    );
    expect(asCoBorrower.status).toBe(400);
    expect(asCoBorrower.body.message).toBe('A rejected guarantor can only be replaced by a guarantor.');
    const id = hex();
    const body = { ...MOHAN, ...docs, id, id_to_replace: vikram.body.data.id };
    const first = await add(token, appId, body, '/co-applicant/replace');
    const again = await add(token, appId, body, '/co-applicant/replace');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(appId)).toHaveLength(2);
  });

  it('Bureau Check (hardcheck) on a rejected guarantor: still rejected, then passing makes it ACTIVE with its stage', async () => {
    const { token, appId, docs } = await lakshmiApplication();
    const vikram = await add(token, appId, { ...VIKRAM, ...docs });
    const url = `${API}/${appId}/co-applicant/${vikram.body.data.id}/hardcheck`;
    const still = await post(ctx.app, url, undefined, { token });
    expect(still.status).toBe(200);
    expect(still.body.data).toMatchObject({ status: 'REJECTED', approval_checks: { decision: 'REJECTED' } });
    expect((await applicationRow(appId)).stage).toEqual([]);

    // The overdue was paid: the bureau now passes him.
    const pass = { decision: 'PASS' as const, reasons: [], rejected: false, check_values: { overdue_amount: 0 } };
    await ctx.rebuild({ providers: { bureau: { check: async () => pass } } });
    expect((await post(ctx.app, url, undefined, { token: await login(ctx.app, MEENA) })).status).toBe(403);
    const now = await post(ctx.app, url, undefined, { token });
    expect(now.status).toBe(200);
    expect(now.body.data).toMatchObject({ id: vikram.body.data.id, status: 'ACTIVE', approval_checks: pass, name: 'Vikram Joshi' });
    expect((await applicationRow(appId)).stage).toEqual(['GUARANTOR']);
    const unknown = await post(ctx.app, `${API}/${appId}/co-applicant/${hex()}/hardcheck`, undefined, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Co-applicant not found');
  });

  it('SUNITA KUMARI (voter card reads SUNITA DEVI): 400 without a deviation, 200 with it, the deviation stored PENDING', async () => {
    const { token, appId, docs } = await lakshmiApplication();
    const without = await add(token, appId, { ...SUNITA, ...docs });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({
      success: false,
      status_code: 400,
      message: 'Name mismatch detected. Please review or continue with deviation.',
    });
    expect(await rowsOf(appId)).toHaveLength(0);

    const wrongType = await add(token, appId, {
      ...SUNITA,
      ...docs,
      deviations: [{ type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', info: {} }],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Deviation type must be CO_BORROWER_NAME_MISMATCH_DEVIATION');

    const withDeviation = await add(token, appId, {
      ...SUNITA,
      ...docs,
      deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false } }],
    });
    expect(withDeviation.status, withDeviation.body.message).toBe(200);
    expect(withDeviation.body.data.status).toBe('ACTIVE');
    const [deviation] = withDeviation.body.data.deviations;
    expect(deviation).toMatchObject({
      type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION',
      status: 'PENDING',
      info: { is_match: false, reference: { source: 'INPUT', value: 'Sunita Kumari' } },
    });
    expect(deviation.info.results).toEqual([
      expect.objectContaining({ source: 'PAN', value: 'SUNITA KUMARI', is_match: true }),
      expect.objectContaining({ source: 'VOTER_ID', value: 'SUNITA DEVI', is_match: false }),
    ]);
    expect((await applicationRow(appId)).stage).toEqual(['CO_BORROWER']);

    // A branch credit manager corrects her phone: the deviation on the record still counts and stays as reviewed.
    await ctx.db
      .update(coApplicants)
      .set({ data: { ...(await rowsOf(appId))[0]!.data, deviations: [{ ...deviation, status: 'APPROVED' }] } });
    const { id: _id, deviations: _d, ...form } = withDeviation.body.data;
    const patched = await call(
      ctx.app,
      'PATCH',
      `${API}/co-applicant/${withDeviation.body.data.id}`,
      { ...form, phone: '9876543299' },
      { token: await login(ctx.app, MEENA) },
    );
    expect(patched.status, patched.body.message).toBe(200);
    expect(patched.body.data).toMatchObject({
      phone: '9876543299',
      deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', status: 'APPROVED' }],
    });
  });
});
