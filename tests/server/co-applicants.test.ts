import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../src/server/db/client';
import { applications, coApplicants, files, users } from '../../src/server/db/schema';
import { createSandboxBureauProvider } from '../../src/server/providers/bureau/sandbox-bureau.provider';
import { ProviderUnavailableError } from '../../src/server/errors';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { call, post, type CallOptions } from './helpers/http';
import { raceOnApplicationLock } from './helpers/row-lock';
import { useTestApp } from './helpers/test-app';
import { testDatabaseKind } from './helpers/test-db';
import { createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp();
const API = '/api/v1/app/mfi';
const OTHER_RO = '9000000011';
const hex = () => randomBytes(16).toString('hex');

async function uploaded(tenant = 'sahyog'): Promise<Record<string, string>> {
  const ids = { pan_file: hex(), aadhaar_front_file: hex(), aadhaar_back_file: hex() };
  const at = new Date(ctx.clock.now());
  await ctx.db.insert(files).values(
    Object.values(ids).map((id) => ({
      tenant_id: tenant,
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

async function setup(mobile = '9876501234', tenant?: string) {
  const token = await login(ctx.app, RAVI, tenant);
  const appId = await createApplication(ctx.app, token, mobile, tenant);
  return { token, appId, body: { ...RAMESH, ...(await uploaded(tenant)) } };
}

const RAMESH = {
  type: 'CO_BORROWER',
  relationship: 'Spouse',
  title: 'Mr.',
  name: 'Ramesh Yadav',
  phone: '9876543211',
  guardian_name: 'Shyam Yadav',
  guardian_relationship: 'Father',
  gender: 'MALE',
  income: 25000,
  dob: '03-09-1982',
  age: 43,
  marital_status: 'Married',
  pincode: '422001',
  city: 'Nashik',
  district: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
  pan: 'CRYPY5532L',
  voter_id: 'XKD2345676',
};

/** RAMESH's PAN and voter ID checked on the application before his add. */
async function verifyIdentities(token: string, appId: string) {
  await post(ctx.app, '/verification/v1/verify_pan_lite', { pan: RAMESH.pan, application_id: appId }, { token });
  await post(
    ctx.app,
    '/verification/v1/perfios/kyc/verify-voter-id',
    { voter_id: RAMESH.voter_id, reference: 'T', application_id: appId },
    { token },
  );
}

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body: unknown, token?: string, options: CallOptions = {}) =>
  call(ctx.app, method, url, body, { token, ...options });
const add = (token: string | undefined, appId: string, body: object, options?: CallOptions) =>
  send('POST', `${API}/${appId}/co-applicant`, body, token, options);
const rows = async () => (await ctx.db.select({ n: count() }).from(coApplicants))[0]!.n;

/** Every co-applicant route, for an application and one of its co-applicants. */
const routes = (appId: string, coId: string, body: object) =>
  [
    ['POST', `${API}/${appId}/co-applicant`, body],
    ['GET', `${API}/${appId}/co-applicant`, undefined],
    ['GET', `${API}/co-applicant/${coId}`, undefined],
    ['PATCH', `${API}/co-applicant/${coId}`, body],
    ['POST', `${API}/${appId}/co-applicant/replace`, { ...body, id_to_replace: coId }],
    ['POST', `${API}/${appId}/co-applicant/${coId}/hardcheck`, undefined],
  ] as const;

describe('co-applicant routes: who may call them', () => {
  it('401 without a token, 403 for an AGENT on every route', async () => {
    const { token, appId, body } = await setup();
    const co = await add(token, appId, body);
    const kavita = await login(ctx.app, KAVITA);
    for (const [method, url, payload] of routes(appId, co.body.data.id, body)) {
      expect((await send(method, url, payload)).status, `${method} ${url}`).toBe(401);
      const agent = await send(method, url, payload, kavita);
      expect(agent.status, `${method} ${url}`).toBe(403);
      expect(agent.body.message).toBe('You are not allowed to do this.');
    }
    expect(await rows()).toBe(1);
  });

  it('a branch credit manager reads and edits but does not add, replace or run the bureau; a branch manager reads', async () => {
    const { token, appId, body } = await setup();
    const co = await add(token, appId, body);
    const meena = await login(ctx.app, MEENA);
    const [addRoute, list, one, patch, replace, hardcheck] = routes(appId, co.body.data.id, body);
    for (const [method, url, payload] of [addRoute, replace, hardcheck])
      expect((await send(method, url, payload, meena)).status, url).toBe(403);
    expect((await send(list[0], list[1], undefined, meena)).body.data).toHaveLength(1);
    expect((await send(one[0], one[1], undefined, await login(ctx.app, ARJUN))).body.data.id).toBe(co.body.data.id);
    const edited = await send(patch[0], patch[1], { ...body, income: 30000 }, meena);
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({ income: 30000, status: 'ACTIVE' });
    expect(await rows()).toBe(1);
  });

  it('404 for an unknown id, another tenant’s and another officer’s application or co-applicant', async () => {
    const { token, appId, body } = await setup();
    const co = await add(token, appId, body);
    const acfl = await setup('9876501235', 'acfl');
    const acflCo = await add(acfl.token, acfl.appId, acfl.body, { tenant: 'acfl' });
    expect(acflCo.status).toBe(200);
    const [ravi] = await ctx.db.select().from(users).where(eq(users.mobile, RAVI));
    await ctx.db
      .insert(users)
      .values({ tenant_id: 'sahyog', mobile: OTHER_RO, first_name: 'Other', role: 'MFI_EMPLOYEE', mfi_employee: ravi!.mfi_employee });
    const other = await login(ctx.app, OTHER_RO);
    const cases: [string, string, string][] = [
      [token, hex(), hex()],
      [token, 'not-an-id', 'not-an-id'],
      [token, acfl.appId, acflCo.body.data.id],
      [other, appId, co.body.data.id],
    ];
    for (const [caller, application, coId] of cases) {
      for (const [method, url, payload] of routes(application, coId, body)) {
        const res = await send(method, url, payload, caller);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.message).toBe(url.startsWith(`${API}/co-applicant/`) ? 'Co-applicant not found' : 'Application not found');
      }
    }
    expect(await rows()).toBe(2);
  });
});

describe('co-applicant add: refusals', () => {
  it.each([
    [{ type: 'BORROWER' }, 'Invalid type'],
    [{ relationship: '' }, 'Please select relationship'],
    [{ phone: '98765' }, 'Please enter mobile number'],
    [{ phone: '5876543211' }, 'Invalid mobile number'],
    [{ name: 'Ra' }, 'Invalid name'],
    [{ income: -1 }, 'Invalid income'],
    [{ dob: '03-09-2010' }, 'Age not acceptable as per provided DOB'],
    [{ age: 61 }, 'Age not acceptable as per provided DOB'],
    [{ address: 'short' }, 'Invalid address'],
    [{ pan: 'CRYPY553' }, 'Invalid pan number'],
    [{ pan_file: '' }, 'Invalid PAN file'],
    [{ aadhaar: '345678901238' }, 'Invalid aadhaar number'],
    [{ gender: 'FEMALE', voter_id: '' }, 'Voter ID file is required for co-borrower'],
    [{ id: 'ABC' }, 'Invalid id'],
    [{ pan_file: 'f'.repeat(32) }, 'Invalid file: pan_file is not an upload of this application'],
    [{ deviations: 'yes' }, 'Invalid deviations'],
  ])('%j: 400 %s and no row', async (patch, message) => {
    const { token, appId, body } = await setup();
    const res = await add(token, appId, { ...body, ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, status_code: 400, message });
    expect(await rows()).toBe(0);
  });

  it('a file of another tenant is an invalid file', async () => {
    const { token, appId, body } = await setup();
    const foreign = await uploaded('acfl');
    const res = await add(token, appId, { ...body, aadhaar_back_file: foreign.aadhaar_back_file });
    expect([res.status, res.body.message]).toEqual([400, 'Invalid file: aadhaar_back_file is not an upload of this application']);
  });

  it('a PAN or voter ID the provider does not find: 422 with the verification messages, each answer recorded as a check', async () => {
    const { token, appId, body } = await setup();
    // The sandbox's not-found PAN (ZZZZZ9999Z) is not a person's PAN, so the form refuses it first: a provider that finds nothing.
    await ctx.rebuild({ providers: { pan: { verifyPan: async () => ({ found: false }) } } });
    const pan = await add(token, appId, body);
    expect(pan.status).toBe(422);
    expect(pan.body.message).toBe('PAN verification failed,INVALID PAN!');
    await ctx.rebuild({ providers: { voterId: { verifyVoterId: async () => ({ found: false }) } } });
    const voter = await add(token, appId, body);
    expect(voter.status).toBe(422);
    expect(voter.body.message).toBe('Invalid Voter-Id. Name not found');
    const [app] = await ctx.db.select().from(applications).where(eq(applications.id, appId));
    expect((app!.data.verifications as any).voter_id.XKD2345676.status).toBe('FAILED');
    expect((app!.data.verifications as any).pan.CRYPY5532L.status).toBe('VERIFIED');
    expect(app!.stage).toEqual([]);
    expect(await rows()).toBe(0);
  });

  it('a bureau outage is 503 and writes nothing', async () => {
    const { token, appId, body } = await setup();
    await ctx.rebuild({
      providers: {
        bureau: {
          check: async () => {
            throw new ProviderUnavailableError('Bureau');
          },
        },
      },
    });
    const res = await add(token, appId, body);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Bureau verification is not available right now. Please try again later.');
    expect(await rows()).toBe(0);
  });

  it('an approved application takes no new or changed co-applicants (409)', async () => {
    const { token, appId, body } = await setup();
    const co = await add(token, appId, body);
    await ctx.db.update(applications).set({ status: 'APPROVED' }).where(eq(applications.id, appId));
    for (const res of [
      await add(token, appId, { ...body, pan: 'ABCPK1234D' }),
      await send('PATCH', `${API}/co-applicant/${co.body.data.id}`, body, token),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This application is approved and can no longer be changed.');
    }
  });

  it('an application approved while the bureau is asked takes no co-applicant (409) and no stage', async () => {
    const { token, appId, body } = await setup();
    const sandbox = createSandboxBureauProvider();
    const approveFirst = async (pan: string) => {
      await ctx.db.update(applications).set({ status: 'APPROVED' }).where(eq(applications.id, appId));
      return sandbox.check(pan);
    };
    await ctx.rebuild({ providers: { bureau: { check: approveFirst } } });
    const res = await add(token, appId, body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This application is approved and can no longer be changed.');
    expect(await rows()).toBe(0);
    const [app] = await ctx.db.select().from(applications).where(eq(applications.id, appId));
    expect(app!.stage).toEqual([]);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'an application approved by a writer the add had to wait for takes no co-applicant (409)',
    async () => {
      const { token, appId, body } = await setup();
      await verifyIdentities(token, appId); // so that the add's one write is the write that waits
      const approve = (tx: Tx) => tx.update(applications).set({ status: 'APPROVED' }).where(eq(applications.id, appId));
      const res = await raceOnApplicationLock(ctx.db, appId, /insert into co_applicants/, () => add(token, appId, body), approve);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This application is approved and can no longer be changed.');
      expect(await rows()).toBe(0);
    },
  );
});

describe('co-applicant add: replays', () => {
  it('the same Idempotency-Key and body: the same bytes and one row', async () => {
    const { token, appId, body } = await setup();
    const headers = { 'idempotency-key': 'co-1' };
    const first = await add(token, appId, body, { headers });
    const again = await add(token, appId, body, { headers });
    expect(first.status).toBe(200);
    expect(again.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rows()).toBe(1);
  });

  it('the same client id under a new key: the existing record, unchanged; on another application: 409', async () => {
    const { token, appId, body } = await setup();
    const id = hex();
    const first = await add(token, appId, { ...body, id }, { headers: { 'idempotency-key': 'a' } });
    expect(first.status).toBe(200);
    expect(first.body.data.id).toBe(id);
    ctx.clock.advance(60_000);
    const again = await add(token, appId, { ...body, id, income: 99 }, { headers: { 'idempotency-key': 'b' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const otherApp = await createApplication(ctx.app, token, '9876501299');
    const conflict = await add(token, otherApp, { ...body, id });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('This id is already used by a co-applicant of another application.');
    expect(await rows()).toBe(1);
  });

  it('two requests with the same client id at once (a retry while the first is still running): one row, one answer', async () => {
    const { token, appId, body } = await setup();
    const id = hex();
    const [a, b] = await Promise.all([add(token, appId, { ...body, id }), add(token, appId, { ...body, id })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await rows()).toBe(1);
  });
});
