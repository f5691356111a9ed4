import { tempDir } from './helpers/temp-dir';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { joinUsRequests, users } from '../../src/server/db/schema';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { ARJUN, KAVITA, login, MEENA, RAVI, sendOtp } from './helpers/auth-flow';
import { get, hostOf, post, type CallOptions } from './helpers/http';
import { APPLICANT, register, registration, submitRegistration, trackRegistration, uploadDocuments } from './helpers/join-us';
import { PDF, PNG } from './helpers/multipart';
import { MINUTE, T0, useTestApp } from './helpers/test-app';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

const ctx = useTestApp({ storage: createDiskStorage(tempDir('sahyog-join-us-review-test-')) });

const BASE = '/api/v1/join-us/requests';
const list = (token: string, query = '', options: CallOptions = {}) => get(ctx.app, `${BASE}${query}`, { token, ...options });
const detail = (token: string, id: string, options: CallOptions = {}) => get(ctx.app, `${BASE}/${id}`, { token, ...options });
const act = (token: string, id: string, action: 'verify' | 'approve' | 'reject', body?: unknown, options: CallOptions = {}) =>
  post(ctx.app, `${BASE}/${id}/${action}`, body, { token, ...options });

async function requestId(mobile = APPLICANT, tenant = 'sahyog'): Promise<string> {
  const [row] = await ctx.db
    .select({ id: joinUsRequests.id })
    .from(joinUsRequests)
    .where(and(eq(joinUsRequests.tenant_id, tenant), eq(joinUsRequests.mobile, mobile)));
  expect(row, `no request of ${mobile}`).toBeDefined();
  return row!.id;
}

const userOf = async (mobile: string, tenant = 'sahyog') =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, tenant), eq(users.mobile, mobile)))
  )[0];

describe('who may review', () => {
  it('only a signed-in branch manager of the tenant', async () => {
    await register(ctx.app);
    const id = await requestId();
    expect((await get(ctx.app, BASE)).status).toBe(401);
    for (const mobile of [RAVI, MEENA, KAVITA]) {
      const token = await login(ctx.app, mobile);
      const refused = { success: false, message: 'You are not allowed to do this.', status_code: 403 };
      expect((await list(token)).body, mobile).toEqual(refused);
      expect((await detail(token, id)).status, mobile).toBe(403);
      expect((await act(token, id, 'verify')).status, mobile).toBe(403);
      expect((await act(token, id, 'reject', { reason: 'x' })).status, mobile).toBe(403);
    }
    expect((await ctx.db.select().from(joinUsRequests))[0]!.status).toBe('RECEIVED');
    const arjun = await login(ctx.app, ARJUN);
    expect((await list(arjun)).status).toBe(200);
    expect((await detail(arjun, id)).status).toBe(200);
  });
});

describe('GET /api/v1/join-us/requests', () => {
  it('lists newest first in zero-based pages, filtered by status', async () => {
    const mobiles = ['9876500001', '9876500002', '9876500003'];
    for (const mobile of mobiles) {
      await register(ctx.app, mobile);
      ctx.clock.advance(MINUTE);
    }
    const arjun = await login(ctx.app, ARJUN);
    await act(arjun, await requestId(mobiles[0]), 'verify');

    const first = await list(arjun, '?page=0&size=2');
    expect(first.status).toBe(200);
    expect(first.body.data.total_elements).toBe(3);
    expect(first.body.data.total_pages).toBe(2);
    expect(first.body.data.list.map((r: { mobile: string }) => r.mobile)).toEqual(['9876500003', '9876500002']);
    expect(first.body.data.list[0]).toEqual({
      id: await requestId(mobiles[2]),
      first_name: 'Asha',
      last_name: 'Verma',
      mobile: '9876500003',
      business_name: 'Verma Kirana Store',
      city: 'Pune',
      state: 'Maharashtra',
      status: 'RECEIVED',
      created_at: new Date(T0 + 2 * MINUTE).toISOString(),
    });
    const second = await list(arjun, '?page=1&size=2');
    expect(second.body.data.list.map((r: { mobile: string }) => r.mobile)).toEqual(['9876500001']);

    const verifying = await list(arjun, '?status=UNDER_VERIFICATION');
    expect(verifying.body.data).toMatchObject({
      total_elements: 1,
      total_pages: 1,
      list: [{ mobile: '9876500001', status: 'UNDER_VERIFICATION' }],
    });
    expect((await list(arjun, '?status=APPROVED')).body.data).toEqual({ list: [], total_pages: 0, total_elements: 0 });
    expect((await list(arjun)).body.data.list).toHaveLength(3); // default size 10
  });

  it('refuses a malformed query', async () => {
    const arjun = await login(ctx.app, ARJUN);
    expect((await list(arjun, '?status=DONE')).body.message).toBe('status must be one of RECEIVED, UNDER_VERIFICATION, APPROVED, REJECTED');
    expect((await list(arjun, '?page=-1')).body.message).toBe('page must be a whole number from 0 to 100000');
    const size = await list(arjun, '?size=500');
    expect(size.status).toBe(400);
    expect(size.body.message).toBe('size must be a whole number from 1 to 100');
  });
});

describe('GET /api/v1/join-us/requests/:id', () => {
  it('answers the fields and the documents with signed URLs that serve the files', async () => {
    const documents = await uploadDocuments(ctx.app);
    await submitRegistration(ctx.app, registration(documents));
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    const res = await detail(arjun, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      mobile: APPLICANT,
      first_name: 'Asha',
      last_name: 'Verma',
      business_name: 'Verma Kirana Store',
      gst_number: null,
      email: 'asha.verma@example.com',
      pincode: '411001',
      city: 'Pune',
      state: 'Maharashtra',
      address: '12 Market Road, Shivaji Nagar',
      bank_name: 'State Bank of India',
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
      status: 'RECEIVED',
      reason: null,
      user_id: null,
      created_at: new Date(T0).toISOString(),
    });
    const docs = res.body.data.documents as { field: string; file_id: string; mime: string; file_url: string }[];
    expect(docs.map(({ field, file_id, mime }) => ({ field, file_id, mime }))).toEqual([
      { field: 'pan', file_id: documents.pan, mime: 'image/png' },
      { field: 'aadhaar_front', file_id: documents.aadhaar_front, mime: 'image/jpeg' },
      { field: 'aadhaar_back', file_id: documents.aadhaar_back, mime: 'image/jpeg' },
      { field: 'cancelled_cheque', file_id: documents.cancelled_cheque, mime: 'application/pdf' },
    ]);
    const pan = await ctx.app.inject({ method: 'GET', url: docs[0]!.file_url, headers: { host: hostOf() } });
    expect(pan.statusCode).toBe(200);
    expect(pan.rawPayload.equals(PNG)).toBe(true);
    const cheque = await ctx.app.inject({ method: 'GET', url: docs[3]!.file_url, headers: { host: hostOf() } });
    expect(cheque.rawPayload.equals(PDF)).toBe(true);
    // The link is bound to the tenant.
    expect((await ctx.app.inject({ method: 'GET', url: docs[0]!.file_url, headers: { host: hostOf('acfl') } })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const arjun = await login(ctx.app, ARJUN);
    expect((await detail(arjun, 'a'.repeat(32))).body).toEqual({ success: false, message: 'Request not found', status_code: 404 });
    expect((await detail(arjun, 'nope')).status).toBe(400);
    expect((await act(arjun, 'a'.repeat(32), 'verify')).status).toBe(404);
  });
});

describe('the review machine', () => {
  it('verify moves RECEIVED to UNDER_VERIFICATION once; approve needs verification first', async () => {
    await register(ctx.app);
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    const early = await act(arjun, id, 'approve');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Start verification before approving this request.');

    ctx.clock.advance(MINUTE);
    const verified = await act(arjun, id, 'verify');
    expect(verified.status, verified.body.message).toBe(200);
    expect(verified.body.data).toMatchObject({ id, status: 'UNDER_VERIFICATION', verified_at: new Date(T0 + MINUTE).toISOString() });
    expect(verified.body.data.documents).toHaveLength(4);
    const [row] = await ctx.db.select().from(joinUsRequests);
    expect(row!.verified_by).toBe((await userOf(ARJUN))!.id);
    expect((await trackRegistration(ctx.app, APPLICANT)).body.message).toBe('Your details are being verified.');

    const twice = await act(arjun, id, 'verify');
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ success: false, message: 'This request is already under verification.', status_code: 409 });
  });

  it('approve makes the applicant an AGENT of the tenant who signs in by OTP', async () => {
    const documents = await register(ctx.app);
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    expect((await sendOtp(ctx.app, APPLICANT)).status).toBe(400); // not a user yet
    await act(arjun, id, 'verify');
    const approved = await act(arjun, id, 'approve');
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data.status).toBe('APPROVED');

    const user = (await userOf(APPLICANT))!;
    expect(user).toMatchObject({
      role: 'AGENT',
      mfi_employee: null,
      first_name: 'Asha',
      last_name: 'Verma',
      email: 'asha.verma@example.com',
      address: '12 Market Road, Shivaji Nagar',
      pincode: '411001',
      city: 'Pune',
      state: 'Maharashtra',
      bank_name: 'State Bank of India',
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
      ...documents,
    });
    expect(approved.body.data.user_id).toBe(user.id);
    expect(await userOf(APPLICANT, 'acfl')).toBeUndefined();

    const token = await login(ctx.app, APPLICANT);
    const me = await get(ctx.app, '/api/v1/user/me', { token });
    expect(me.body.data).toMatchObject({ id: user.id, mobile: APPLICANT, role: 'AGENT', first_name: 'Asha', pan: documents.pan });
    expect((await trackRegistration(ctx.app, APPLICANT)).body.message).toBe(
      'Your request has been approved. You can now sign in with your mobile number.',
    );
    // The new partner cannot review. Registering again is answered like any mobile's request
    // (the public form tells no one who is a user), and that request cannot be approved.
    expect((await list(token)).status).toBe(403);
    const again = await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app)));
    expect(again.status, again.body.message).toBe(200);
    const [newer] = await ctx.db.select().from(joinUsRequests).where(eq(joinUsRequests.status, 'RECEIVED'));
    await act(arjun, newer!.id, 'verify');
    expect((await act(arjun, newer!.id, 'approve')).body.message).toBe(
      'A user with this mobile number already exists, so the request cannot be approved.',
    );

    expect((await act(arjun, id, 'approve')).body.message).toBe('This request was already approved.');
    expect((await act(arjun, id, 'reject', { reason: 'Changed my mind' })).body.message).toBe('This request was already approved.');
    expect((await act(arjun, id, 'verify')).status).toBe(409);
  });

  it('approve is refused when the mobile became a user meanwhile, and nothing changes', async () => {
    await register(ctx.app);
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    await act(arjun, id, 'verify');
    await ctx.db.insert(users).values({ tenant_id: 'sahyog', mobile: APPLICANT, first_name: 'Someone', role: 'MFI_EMPLOYEE' });
    const res = await act(arjun, id, 'approve');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A user with this mobile number already exists, so the request cannot be approved.');
    expect((await ctx.db.select().from(joinUsRequests))[0]!.status).toBe('UNDER_VERIFICATION');
    expect((await userOf(APPLICANT))!.first_name).toBe('Someone');
  });

  it('an approve repeated with its Idempotency-Key is answered again, not applied twice', async () => {
    await register(ctx.app);
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    await act(arjun, id, 'verify');
    const key = { headers: { 'idempotency-key': 'approve-1' } };
    const first = await act(arjun, id, 'approve', undefined, key);
    const replay = await act(arjun, id, 'approve', undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect((await ctx.db.select().from(users).where(eq(users.mobile, APPLICANT))).length).toBe(1);
  });

  it('reject needs a reason of 1 to 500 characters, which tracking never shows', async () => {
    await register(ctx.app);
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const res = await act(arjun, id, 'reject', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await act(arjun, id, 'reject', { reason: ' ' })).body.message).toBe('Enter the reason for rejection');
    expect((await act(arjun, id, 'reject', { reason: 'x'.repeat(501) })).body.message).toBe('The reason must be at most 500 characters');
    expect((await ctx.db.select().from(joinUsRequests))[0]!.status).toBe('RECEIVED');

    const rejected = await act(arjun, id, 'reject', { reason: '  PAN image is blurred  ' });
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', reason: 'PAN image is blurred', user_id: null });
    const tracked = await trackRegistration(ctx.app, APPLICANT);
    expect(tracked.body).toEqual({ success: true, data: { status: 'REJECTED' }, message: 'Your request was not approved.' });
    expect(tracked.raw.body).not.toContain('blurred');
    expect(await userOf(APPLICANT)).toBeUndefined();

    expect((await act(arjun, id, 'reject', { reason: 'again' })).body.message).toBe('This request was already rejected.');
    expect((await act(arjun, id, 'verify')).body.message).toBe('This request was already rejected.');
    expect((await act(arjun, id, 'approve')).status).toBe(409);
    await register(ctx.app, '9876500001');
    expect((await act(arjun, await requestId('9876500001'), 'reject', { reason: 'y'.repeat(500) })).status).toBe(200);
  });

  it('reject works from under verification too', async () => {
    await register(ctx.app);
    const id = await requestId();
    const arjun = await login(ctx.app, ARJUN);
    await act(arjun, id, 'verify');
    expect((await act(arjun, id, 'reject', { reason: 'Bank account closed' })).body.data.status).toBe('REJECTED');
  });
});

describe('tenants', () => {
  it('acfl’s branch manager sees none of sahyog’s requests, and cannot act on them', async () => {
    await register(ctx.app);
    const id = await requestId();
    const acfl = await login(ctx.app, ARJUN, 'acfl');
    const options = { tenant: 'acfl' };
    expect((await list(acfl, '', options)).body.data).toEqual({ list: [], total_pages: 0, total_elements: 0 });
    expect((await detail(acfl, id, options)).status).toBe(404);
    expect((await act(acfl, id, 'verify', undefined, options)).status).toBe(404);
    expect((await act(acfl, id, 'reject', { reason: 'x' }, options)).status).toBe(404);
    expect((await ctx.db.select().from(joinUsRequests))[0]!.status).toBe('RECEIVED');
    expect((await trackRegistration(ctx.app, APPLICANT, options)).status).toBe(404);
    // A sahyog token is not valid on the acfl host.
    const sahyog = await login(ctx.app, ARJUN);
    expect((await list(sahyog, '', options)).status).toBe(401);
  });

  it('the same mobile may register with two tenants, each reviewed by its own', async () => {
    await register(ctx.app);
    await register(ctx.app, APPLICANT, { tenant: 'acfl' });
    const acfl = await login(ctx.app, ARJUN, 'acfl');
    const acflId = await requestId(APPLICANT, 'acfl');
    await act(acfl, acflId, 'verify', undefined, { tenant: 'acfl' });
    expect((await act(acfl, acflId, 'approve', undefined, { tenant: 'acfl' })).status).toBe(200);
    expect((await userOf(APPLICANT, 'acfl'))!.role).toBe('AGENT');
    expect(await userOf(APPLICANT)).toBeUndefined();
    expect((await trackRegistration(ctx.app, APPLICANT)).body.message).toBe('We have received your details and will verify them soon.');
  });
});
