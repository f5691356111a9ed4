import { tempDir } from './helpers/temp-dir';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { files, joinUsRequests, rateLimitHits } from '../../src/server/db/schema';
import { runMaintenance } from '../../src/server/maintenance';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { KAVITA, login, RAVI } from './helpers/auth-flow';
import { hostOf } from './helpers/http';
import {
  APPLICANT,
  register,
  registration,
  submitRegistration,
  trackRegistration,
  uploadDocuments,
  uploadedFileId,
  uploadJoinUs,
} from './helpers/join-us';
import { JPEG, multipart } from './helpers/multipart';
import { HOUR, MINUTE, T0, useTestApp } from './helpers/test-app';

const uploadsDir = tempDir('sahyog-join-us-test-');
const ctx = useTestApp({ storage: createDiskStorage(uploadsDir) });

const requestsOf = (mobile = APPLICANT, tenant = 'sahyog') =>
  ctx.db
    .select()
    .from(joinUsRequests)
    .where(and(eq(joinUsRequests.tenant_id, tenant), eq(joinUsRequests.mobile, mobile)));
const fileRow = async (id: string) => (await ctx.db.select().from(files).where(eq(files.id, id)))[0];
const setStatus = (status: string, reason: string | null = null) =>
  ctx.db.update(joinUsRequests).set({ status, rejection_reason: reason }).where(eq(joinUsRequests.mobile, APPLICANT));

describe('POST /api/v1/join-us/request: validation', () => {
  it.each([
    [{ first_name: 'A' }, 'Invalid first name'],
    [{ last_name: ' ' }, 'Invalid last name'],
    [{ mobile: '5876543210' }, 'Invalid mobile'],
    [{ email: 'asha@' }, 'Invalid email'],
    [{ pincode: '011001' }, 'Invalid pincode'],
    [{ address: 'Short' }, 'Invalid address'],
    [{ bank_name: 'SB' }, 'Invalid bank name'],
    [{ account_number: '12345678' }, 'Invalid account number'],
    [{ ifsc: 'SBIN1001234' }, 'Invalid IFSC'],
    [{ pan: '' }, 'Missing PAN'],
    [{ aadhaar_front: undefined }, 'Missing aadhaar front'],
    [{ cancelled_cheque: '' }, 'Missing cancelled cheque'],
    [{ first_name: 'A', ifsc: 'bad' }, 'Invalid first name'], // only the first message, in form order
  ])('%j → 400 %s, nothing stored', async (overrides, message) => {
    const documents = await uploadDocuments(ctx.app);
    const res = await submitRegistration(ctx.app, registration(documents, overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, status_code: 400 });
    expect(await requestsOf()).toHaveLength(0);
    expect((await fileRow(documents.pan))!.attached_at).toBeNull();
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await submitRegistration(ctx.app, '[1,2]', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body must be a JSON object');
  });
});

describe('POST /api/v1/join-us/request: uploads', () => {
  it('stores the request as RECEIVED, answers the mobile as tracker id and claims the files', async () => {
    const documents = await uploadDocuments(ctx.app);
    const gst = await uploadedFileId(ctx.app, { fileType: 'GST', bytes: JPEG });
    ctx.clock.advance(5 * MINUTE);
    const res = await submitRegistration(ctx.app, registration(documents, { gst, first_name: '  Asha  ' }));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body).toEqual({ success: true, data: { tracker_id: APPLICANT } });

    const [row] = await requestsOf();
    expect(row).toMatchObject({
      tenant_id: 'sahyog',
      status: 'RECEIVED',
      first_name: 'Asha',
      business_name: 'Verma Kirana Store',
      gst_number: null,
      ifsc: 'SBIN0001234',
      ...documents,
      gst,
      rejection_reason: null,
      user_id: null,
    });
    expect(row!.id).toMatch(/^[0-9a-f]{32}$/);
    for (const id of [...Object.values(documents), gst]) {
      expect((await fileRow(id))!.attached_at).toEqual(new Date(T0 + 5 * MINUTE));
    }
  });

  it('refuses unknown uploads, another tenant’s, an application upload and a malformed id, and claims nothing', async () => {
    const documents = await uploadDocuments(ctx.app);
    const acflFile = await uploadedFileId(ctx.app, { tenant: 'acfl' });
    const [stray] = await ctx.db
      .insert(files)
      .values({
        tenant_id: 'sahyog',
        id: 'f'.repeat(32),
        storage_name: 'a'.repeat(32),
        original_name: 'x.png',
        mime: 'image/png',
        size: 1,
        sha256: '0'.repeat(64),
        purpose: 'APPLY_LOAN',
        created_at: new Date(T0),
      })
      .returning();
    const cases: [Record<string, string>, string][] = [
      [{ pan: 'a'.repeat(32) }, 'Missing PAN: the upload was not found. Please upload it again.'],
      [{ aadhaar_front: acflFile }, 'Missing aadhaar front: the upload was not found. Please upload it again.'],
      [{ aadhaar_back: stray!.id }, 'Missing aadhaar back: the upload was not found. Please upload it again.'],
      [{ cancelled_cheque: 'not-an-id' }, 'Missing cancelled cheque: the upload was not found. Please upload it again.'],
      [{ gst: 'b'.repeat(32) }, 'Missing GST document: the upload was not found. Please upload it again.'],
      [{ aadhaar_back: documents.aadhaar_front }, 'Upload a separate file for each document.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await submitRegistration(ctx.app, registration(documents, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await requestsOf()).toHaveLength(0);
    for (const id of Object.values(documents)) expect((await fileRow(id))!.attached_at).toBeNull();
  });

  it('refuses uploads another request already claimed, and rolls the whole request back', async () => {
    const first = await register(ctx.app, '9876500001');
    const mine = await uploadDocuments(ctx.app);
    const res = await submitRegistration(ctx.app, registration({ ...mine, cancelled_cheque: first.cancelled_cheque }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Missing cancelled cheque: this upload belongs to another request. Please upload it again.');
    expect(await requestsOf()).toHaveLength(0);
    expect((await fileRow(mine.pan))!.attached_at).toBeNull();
  });
});

describe('POST /api/v1/join-us/request: one request at a time', () => {
  const pending = { success: false, message: 'A request for this mobile number is already being processed.', status_code: 409 };

  it('refuses a second request while the first is received or under verification, allows one after a rejection', async () => {
    await register(ctx.app);
    const again = await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app)));
    expect(again.status).toBe(409);
    expect(again.body).toEqual(pending);

    await setStatus('UNDER_VERIFICATION');
    expect((await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app)))).body).toEqual(pending);

    await setStatus('REJECTED', 'Blurred PAN');
    ctx.clock.advance(MINUTE);
    const retry = await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app)));
    expect(retry.status, retry.body.message).toBe(200);
    expect((await requestsOf()).map((r) => r.status).sort()).toEqual(['RECEIVED', 'REJECTED']);
  });

  it('lets only one of two concurrent requests through', async () => {
    const a = await uploadDocuments(ctx.app);
    const b = await uploadDocuments(ctx.app);
    const results = await Promise.all([submitRegistration(ctx.app, registration(a)), submitRegistration(ctx.app, registration(b))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await requestsOf()).toHaveLength(1);
    const loser = results[0]!.status === 409 ? a : b;
    expect((await fileRow(loser.pan))!.attached_at).toBeNull();
  });

  it('holds in the database itself: a second pending row for the mobile is refused by the unique index', async () => {
    const documents = await register(ctx.app);
    const [row] = await requestsOf();
    const copy = { ...row!, id: 'c'.repeat(32), ...documents };
    await expect(ctx.db.insert(joinUsRequests).values(copy)).rejects.toThrow();
    await ctx.db.insert(joinUsRequests).values({ ...copy, status: 'REJECTED' }); // a decided one is fine
    expect(await requestsOf()).toHaveLength(2);
  });

  it('answers a staff or partner mobile exactly as any other mobile, and tracks it the same way', async () => {
    await ctx.rebuild({ config: { joinUsMaxPerAddressHour: 100 } });
    const answers = [];
    for (const mobile of [RAVI, KAVITA, APPLICANT]) {
      const res = await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app), { mobile }));
      const tracked = await trackRegistration(ctx.app, mobile);
      const again = await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app), { mobile }));
      answers.push([res.status, JSON.stringify(res.body).replace(mobile, 'M'), tracked.raw.body, again.raw.body]);
      expect(await requestsOf(mobile)).toHaveLength(1);
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2]![0]).toBe(200);
  });
});

describe('GET /api/v1/join-us/track', () => {
  it('refuses an invalid or missing mobile and answers 404 for an unknown one', async () => {
    for (const url of ['/api/v1/join-us/track?tracker_id=12345', '/api/v1/join-us/track']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { host: hostOf() } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Invalid mobile', status_code: 400 });
    }
    const unknown = await trackRegistration(ctx.app, APPLICANT);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'No request was found for this mobile number.', status_code: 404 });
  });

  it('answers the message of each status', async () => {
    await register(ctx.app);
    const expected: [string, string | null, string][] = [
      ['RECEIVED', null, 'We have received your details and will verify them soon.'],
      ['UNDER_VERIFICATION', null, 'Your details are being verified.'],
      ['APPROVED', null, 'Your request has been approved. You can now sign in with your mobile number.'],
      ['REJECTED', 'The cancelled cheque is not readable', 'Your request was not approved.'],
    ];
    for (const [status, reason, message] of expected) {
      await setStatus(status, reason);
      const res = await trackRegistration(ctx.app, APPLICANT);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { status }, message });
      expect(res.raw.body).not.toContain('cheque'); // the branch manager's own words stay inside
    }
  });

  it('answers the newest request of the mobile', async () => {
    await register(ctx.app);
    await setStatus('REJECTED', 'Wrong PAN');
    ctx.clock.advance(MINUTE);
    await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app)));
    expect((await trackRegistration(ctx.app, APPLICANT)).body.message).toBe('We have received your details and will verify them soon.');
  });

  it('finds nothing on another tenant’s host', async () => {
    await register(ctx.app);
    const res = await trackRegistration(ctx.app, APPLICANT, { tenant: 'acfl' });
    expect(res.status).toBe(404);
  });
});

describe('rate limits of the public join-us routes', () => {
  const fromNetwork = (minutes: number) => `Too many requests from this network. Please try again after ${minutes} minutes.`;
  const forMobile = (minutes: number) => `Too many requests for this mobile number. Please try again after ${minutes} minutes.`;

  it('counts uploads, requests and tracking together per client address, and slides with the hour', async () => {
    await ctx.rebuild({ config: { joinUsMaxPerAddressHour: 6, joinUsMaxPerMobileHour: 100 } });
    const office = '10.2.0.1';
    await uploadDocuments(ctx.app, { remoteAddress: office }); // 4 calls at T0
    ctx.clock.set(T0 + 10 * MINUTE);
    expect((await trackRegistration(ctx.app, APPLICANT, { remoteAddress: office })).status).toBe(404); // 5
    expect((await submitRegistration(ctx.app, {}, { remoteAddress: office })).status).toBe(400); // 6: invalid, still counted

    const filesBefore = (await ctx.db.select().from(files)).length;
    const upload = await uploadJoinUs(ctx.app, { remoteAddress: office });
    expect(upload.status).toBe(429);
    expect(upload.body).toEqual({ success: false, message: fromNetwork(50), status_code: 429 });
    expect((await ctx.db.select().from(files)).length).toBe(filesBefore); // refused before the body was stored
    const tracked = await trackRegistration(ctx.app, APPLICANT, { remoteAddress: office });
    expect(tracked.status).toBe(429);
    expect(tracked.headers['retry-after']).toBe(String(50 * 60));
    expect((await submitRegistration(ctx.app, {}, { remoteAddress: office })).body.message).toBe(fromNetwork(50));

    expect((await trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.2.0.2' })).status).toBe(404); // another address
    ctx.clock.set(T0 + HOUR);
    expect((await uploadJoinUs(ctx.app, { remoteAddress: office })).status).toBe(200); // the 4 uploads of T0 left the hour
  });

  it('counts requests and tracking per mobile, whatever the address', async () => {
    await ctx.rebuild({ config: { joinUsMaxPerAddressHour: 100, joinUsMaxPerMobileHour: 3 } });
    const documents = await uploadDocuments(ctx.app);
    expect((await submitRegistration(ctx.app, registration(documents), { remoteAddress: '10.3.0.1' })).status).toBe(200);
    ctx.clock.set(T0 + 20 * MINUTE);
    expect((await trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.3.0.2' })).status).toBe(200);
    expect((await trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.3.0.3' })).status).toBe(200);
    const refused = await trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.3.0.4' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: forMobile(40), status_code: 429 });
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    const request = await submitRegistration(ctx.app, registration(await uploadDocuments(ctx.app)), { remoteAddress: '10.3.0.5' });
    expect(request.body.message).toBe(forMobile(40));
    expect((await trackRegistration(ctx.app, '9876500009')).status).toBe(404); // another mobile
  });

  it('holds under concurrent calls', async () => {
    await ctx.rebuild({ config: { joinUsMaxPerAddressHour: 4, joinUsMaxPerMobileHour: 100 } });
    const results = await Promise.all(
      Array.from({ length: 7 }, () => trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.4.0.1' })),
    );
    expect(results.filter((r) => r.status === 404)).toHaveLength(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });

  it('is shared by every API node on the database, and counted per tenant', async () => {
    await ctx.rebuild({ config: { joinUsMaxPerAddressHour: 2, joinUsMaxPerMobileHour: 100 } });
    const other = await buildApp({
      logger: false,
      db: ctx.db,
      clock: ctx.clock,
      config: { staticDir: '/nonexistent', joinUsMaxPerAddressHour: 2 },
    });
    try {
      expect((await trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.5.0.1' })).status).toBe(404);
      expect((await trackRegistration(other, APPLICANT, { remoteAddress: '10.5.0.1' })).status).toBe(404);
      expect((await trackRegistration(ctx.app, APPLICANT, { remoteAddress: '10.5.0.1' })).status).toBe(429);
      expect((await trackRegistration(other, APPLICANT, { remoteAddress: '10.5.0.1' })).status).toBe(429);
      expect((await trackRegistration(other, APPLICANT, { remoteAddress: '10.5.0.1', tenant: 'acfl' })).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('does not count against the OTP login', async () => {
    await ctx.rebuild({ config: { joinUsMaxPerAddressHour: 1 } });
    await trackRegistration(ctx.app, APPLICANT);
    expect((await trackRegistration(ctx.app, APPLICANT)).status).toBe(429);
    await login(ctx.app, RAVI); // same address
  });
});

describe('unclaimed join-us uploads', () => {
  it('are removed 24 hours after upload by the clock; claimed ones and their bytes stay', async () => {
    const documents = await register(ctx.app);
    const stray = await uploadedFileId(ctx.app, { fileType: 'GST' });
    const strayRow = (await fileRow(stray))!;
    const path = join(uploadsDir, 'sahyog', strayRow.storage_name);
    expect(existsSync(path)).toBe(true);

    ctx.clock.set(T0 + 24 * HOUR - MINUTE);
    expect((await runMaintenance(ctx.app, ctx.app.storage)).files).toBe(0);
    expect(await fileRow(stray)).toBeDefined();

    ctx.clock.set(T0 + 24 * HOUR + MINUTE);
    expect((await runMaintenance(ctx.app, ctx.app.storage)).files).toBe(1);
    expect(await fileRow(stray)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
    for (const id of Object.values(documents)) {
      const row = (await fileRow(id))!;
      expect(row.attached_at).not.toBeNull();
      expect(existsSync(join(uploadsDir, 'sahyog', row.storage_name))).toBe(true);
    }
  });

  it('rate-limit hits are removed once they left their hour', async () => {
    await trackRegistration(ctx.app, APPLICANT);
    expect((await ctx.db.select().from(rateLimitHits)).length).toBe(2); // address and mobile
    ctx.clock.set(T0 + HOUR + MINUTE);
    expect((await runMaintenance(ctx.app, ctx.app.storage)).hits).toBe(2);
    expect(await ctx.db.select().from(rateLimitHits)).toHaveLength(0);
  });
});

describe('multipart to the request route', () => {
  it('is refused with the first field message (the request takes JSON)', async () => {
    const { payload, headers } = multipart({ first_name: 'Asha' }, []);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/join-us/request', payload, headers: { ...headers, host: hostOf() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid first name');
  });
});
