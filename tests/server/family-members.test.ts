import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, familyMembers, files, users } from '../../src/server/db/schema';
import { ARJUN, KAVITA, login, MEENA, RAVI } from './helpers/auth-flow';
import { call, type CallOptions } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp();
const API = '/api/v1/app/mfi';
const hex = () => randomBytes(16).toString('hex');

async function uploaded(tenant = 'sahyog'): Promise<Record<string, string>> {
  const ids = { pan_file: hex(), aadhaar_front_file: hex(), aadhaar_back_file: hex(), voter_id_file: hex() };
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

const MEMBER = {
  name: 'Anil Kumar',
  relation_to_borrower: 'Son',
  phone: '9876543212',
  pan: 'ABCPK1234D',
  guardian_name: 'Lakshmi Devi',
  guardian_relationship: 'Mother',
  pincode: '422001',
  city: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
  gender: 'MALE',
  dob: '12-04-2005',
  education_qualification: '10th Pass',
  income: 5000,
};

async function setup(mobile = '9876501234', tenant?: string) {
  const token = await login(ctx.app, RAVI, tenant);
  const appId = await createApplication(ctx.app, token, mobile, tenant);
  return { token, appId, body: { ...MEMBER, ...(await uploaded(tenant)) } };
}

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body: unknown, token?: string, options: CallOptions = {}) =>
  call(ctx.app, method, url, body, { token, ...options });
const add = (token: string | undefined, appId: string, body: object, options?: CallOptions) =>
  send('POST', `${API}/${appId}/family-member`, body, token, options);
const rows = async () => (await ctx.db.select({ n: count() }).from(familyMembers))[0]!.n;
const routes = (appId: string, fid: string, body: object) =>
  [
    ['POST', `${API}/${appId}/family-member`, body],
    ['GET', `${API}/${appId}/family-member`, undefined],
    ['GET', `${API}/family-member/${fid}`, undefined],
    ['PATCH', `${API}/family-member/${fid}`, body],
  ] as const;

describe('family members: who may call', () => {
  it('401 without a token, 403 for an AGENT, 403 for a branch credit manager adding; reviewers read and edit', async () => {
    const { token, appId, body } = await setup();
    const member = await add(token, appId, body);
    expect(member.status, member.body.message).toBe(200);
    const kavita = await login(ctx.app, KAVITA);
    for (const [method, url, payload] of routes(appId, member.body.data.id, body)) {
      expect((await send(method, url, payload)).status, url).toBe(401);
      expect((await send(method, url, payload, kavita)).status, url).toBe(403);
    }
    const meena = await login(ctx.app, MEENA);
    const byMeena = await add(meena, appId, body);
    expect(byMeena.status).toBe(403);
    expect(byMeena.body.message).toBe('You are not allowed to do this.');
    expect((await send('GET', `${API}/${appId}/family-member`, undefined, meena)).body.data).toHaveLength(1);
    const arjun = await login(ctx.app, ARJUN);
    const edited = await send('PATCH', `${API}/family-member/${member.body.data.id}`, { ...body, income: 8000 }, arjun);
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({ id: member.body.data.id, income: 8000, approval_checks: { decision: 'PASS' } });
    expect(await rows()).toBe(1);
  });

  it('404 for an unknown id, another tenant’s and another officer’s application or member', async () => {
    const { token, appId, body } = await setup();
    const member = await add(token, appId, body);
    const acfl = await setup('9876501235', 'acfl');
    const acflMember = await add(acfl.token, acfl.appId, acfl.body, { tenant: 'acfl' });
    expect(acflMember.status).toBe(200);
    await ctx.db.insert(users).values({
      tenant_id: 'sahyog',
      mobile: '9000000011',
      first_name: 'Other',
      role: 'MFI_EMPLOYEE',
      mfi_employee: 'RELATIONSHIP_OFFICER',
    });
    const other = await login(ctx.app, '9000000011');
    const cases: [string, string, string][] = [
      [token, hex(), hex()],
      [token, 'nope', 'nope'],
      [token, acfl.appId, acflMember.body.data.id],
      [other, appId, member.body.data.id],
    ];
    for (const [caller, application, fid] of cases) {
      for (const [method, url, payload] of routes(application, fid, body)) {
        const res = await send(method, url, payload, caller);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.message).toBe(url.startsWith(`${API}/family-member/`) ? 'Family member not found' : 'Application not found');
      }
    }
    expect(await rows()).toBe(2);
  });
});

describe('family members: add, read, update', () => {
  it('adds a member: stage FAMILY_MEMBER, the member with approval_checks PASS; GET answers it', async () => {
    const { token, appId, body } = await setup();
    const res = await add(token, appId, body);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      ...body,
      application_id: appId,
      dob: '2005-04-12',
      email: null,
      approval_checks: { decision: 'PASS' },
      created_at: '2026-01-15T04:30:00.000Z',
    });
    const [app] = await ctx.db.select().from(applications).where(eq(applications.id, appId));
    expect(app!.stage).toEqual(['FAMILY_MEMBER']);
    const { approval_checks: _checks, ...view } = res.body.data;
    expect((await send('GET', `${API}/family-member/${view.id}`, undefined, token)).body.data).toEqual(view);
    expect((await send('GET', `${API}/${appId}/family-member`, undefined, token)).body.data).toEqual([view]);
  });

  it.each([
    [{ name: 'An' }, 'Invalid name'],
    // Issue 31 N5: the member's own relation to the borrower, from the list.
    [{ relation_to_borrower: 'Cousin' }, 'Please select the relation to the borrower'],
    [{ relation_to_borrower: undefined }, 'Please select the relation to the borrower'],
    [{ phone: '12345' }, 'Invalid mobile number'],
    [{ email: 'x@' }, 'Invalid email'],
    [{ pan: 'ABC' }, 'Invalid PAN'],
    [{ pincode: '012345' }, 'Invalid pincode'],
    [{ address: 'short' }, 'Invalid address'],
    [{ gender: '' }, 'Please select gender'],
    [{ dob: '31-02-2005' }, 'Invalid date or date of birth is required'],
    [{ dob: '16-01-2026' }, 'Invalid date or date of birth is required'],
    [{ education_qualification: '' }, 'Please enter education qualification'],
    [{ income: 0 }, 'Please enter income'],
    [{ pan_file: '' }, 'Missing PAN'],
    [{ aadhaar_front_file: '' }, 'Missing aadhaar front'],
    [{ aadhaar_back_file: undefined }, 'Missing aadhaar back'],
    [{ voter_id_file: '' }, 'Missing voter id'],
    [{ voter_id_file: hex() }, 'Invalid file: voter_id_file is not an upload of this application'],
    [{ id: 'x'.repeat(32) }, 'Invalid id'],
  ])('%j: 400 %s and no row', async (patch, message) => {
    const { token, appId, body } = await setup();
    const res = await add(token, appId, { ...body, ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, status_code: 400, message });
    expect(await rows()).toBe(0);
  });

  it('a family has at most 6 members: the 7th is 409, a replay of the 6th is still its answer', async () => {
    const { token, appId, body } = await setup();
    const ids = Array.from({ length: 6 }, hex);
    // Each member with its own documents: a file of another member is refused (file-references.test.ts).
    for (const id of ids) expect((await add(token, appId, { ...body, ...(await uploaded()), id })).status).toBe(200);
    const seventh = await add(token, appId, { ...body, ...(await uploaded()) });
    expect(seventh.status).toBe(409);
    expect(seventh.body.message).toBe('A family can have at most 6 members');
    const replay = await add(token, appId, { ...body, id: ids[5] });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(ids[5]);
    expect(await rows()).toBe(6);
  });

  it('two adds racing for the 6th place: one is taken, the other is 409', async () => {
    const { token, appId, body } = await setup();
    for (let i = 0; i < 5; i += 1) expect((await add(token, appId, { ...body, ...(await uploaded()) })).status).toBe(200);
    const [one, other] = [await uploaded(), await uploaded()];
    const raced = await Promise.all([
      add(token, appId, { ...body, ...one, id: hex() }),
      add(token, appId, { ...body, ...other, id: hex() }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await rows()).toBe(6);
  });

  it('the same Idempotency-Key and body: the same bytes, one row; the same client id under a new key: one row; on another application: 409', async () => {
    const { token, appId, body } = await setup();
    const id = hex();
    const first = await add(token, appId, { ...body, id }, { headers: { 'idempotency-key': 'fm-1' } });
    const again = await add(token, appId, { ...body, id }, { headers: { 'idempotency-key': 'fm-1' } });
    expect(first.status).toBe(200);
    expect(again.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(again.headers['idempotent-replayed']).toBe('true');
    const newKey = await add(token, appId, { ...body, id, income: 1 }, { headers: { 'idempotency-key': 'fm-2' } });
    expect(newKey.status).toBe(200);
    expect(newKey.body).toEqual(first.body);
    const otherApp = await createApplication(ctx.app, token, '9876501299');
    const conflict = await add(token, otherApp, { ...body, id });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('This id is already used by a family member of another application.');
    expect(await rows()).toBe(1);
  });

  it('PATCH validates the full form, and an approved application is not changed (409)', async () => {
    const { token, appId, body } = await setup();
    const member = await add(token, appId, body);
    const url = `${API}/family-member/${member.body.data.id}`;
    const bad = await send('PATCH', url, { ...body, income: '' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter income');
    await ctx.db.update(applications).set({ status: 'APPROVED' }).where(eq(applications.id, appId));
    for (const res of [await send('PATCH', url, body, token), await add(token, appId, body)]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This application is approved and can no longer be changed.');
    }
  });
});
