import { tempDir } from './helpers/temp-dir';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, files, users } from '../../src/server/db/schema';
import { ARJUN, login, RAVI, startOtp, SURESH, verifyOtp } from './helpers/auth-flow';
import { call, get, hostOf } from './helpers/http';
import { JPEG, multipart, PDF, PNG, type FilePart } from './helpers/multipart';
import { useTestApp } from './helpers/test-app';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';

const uploadsDir = tempDir('sahyog-uploads-test-');
const ctx = useTestApp({ storage: createDiskStorage(uploadsDir), config: { uploadMaxBytes: 64 * 1024 } });

async function upload(
  url: string,
  fields: Record<string, string>,
  parts: FilePart[],
  opts: { token?: string; tenant?: string; key?: string } = {},
) {
  const { payload, headers } = multipart(fields, parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...headers,
      host: hostOf(opts.tenant),
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
  });
  return { status: res.statusCode, body: res.json(), raw: res };
}

async function newApplication(tenant = 'sahyog'): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const at = new Date(ctx.clock.now());
  const [creator] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, tenant), eq(users.mobile, RAVI)));
  await ctx.db.insert(applications).values({ tenant_id: tenant, id, created_by: creator!.id, created_at: at, updated_at: at });
  return id;
}

const photo = (bytes = JPEG, filename = 'captured_image1.jpg'): FilePart => ({ field: 'file', filename, bytes, type: 'image/jpeg' });

describe('POST /api/v1/apply-loan/upload-file', () => {
  it('stores a JPEG under a random name and answers file_id, parsed_data and a file_url', async () => {
    const token = await login(ctx.app, RAVI);
    const appId = await newApplication();
    const res = await upload(
      '/api/v1/apply-loan/upload-file',
      { application_id: appId, file_type: 'BORROWER_PHOTO', upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'borrower' },
      [photo()],
      { token },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.file_id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.data).toHaveProperty('parsed_data');
    expect(res.body.data.file_url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\?expires=\d+&sid=[0-9a-f-]{36}&sig=[A-Za-z0-9-]+\./);
    const [row] = await ctx.db.select().from(files).where(eq(files.id, res.body.data.file_id));
    expect(row).toMatchObject({
      tenant_id: 'sahyog',
      mime: 'image/jpeg',
      size: JPEG.length,
      application_id: appId,
      file_type: 'BORROWER_PHOTO',
    });
    expect(row!.storage_name).not.toContain('captured_image');
    expect(readFileSync(join(uploadsDir, 'sahyog', row!.storage_name)).equals(JPEG)).toBe(true);
  });

  it('refuses a file renamed to .jpg that is not an image', async () => {
    const token = await login(ctx.app, RAVI);
    const res = await upload('/api/v1/apply-loan/upload-file', {}, [photo(Buffer.from('MZ this is an exe really'), 'shop.jpg')], { token });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, status_code: 415, message: 'The file "shop.jpg" is not a PNG, JPEG or PDF file.' });
  });

  it('refuses a 0-byte file', async () => {
    const token = await login(ctx.app, RAVI);
    const res = await upload('/api/v1/apply-loan/upload-file', {}, [photo(Buffer.alloc(0), 'empty.jpg')], { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file "empty.jpg" is empty.');
  });

  it('refuses an oversize file with the limit in the message', async () => {
    const token = await login(ctx.app, RAVI);
    const big = Buffer.concat([JPEG, Buffer.alloc(70 * 1024, 3)]);
    const res = await upload('/api/v1/apply-loan/upload-file', {}, [photo(big)], { token });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is larger than 0.1 MB. Choose a smaller file.');
  });

  it("refuses a request without a file, a non-multipart body, bad fields and another tenant's application", async () => {
    const token = await login(ctx.app, RAVI);
    expect((await upload('/api/v1/apply-loan/upload-file', { file_type: 'X' }, [], { token })).body.message).toBe(
      'No file was sent in the "file" field',
    );
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/apply-loan/upload-file',
      headers: { host: hostOf(), token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload('/api/v1/apply-loan/upload-file', { application_id: 'nope' }, [photo()], { token })).status).toBe(400);
    expect((await upload('/api/v1/apply-loan/upload-file', { phone: '12345' }, [photo()], { token })).body.message).toBe(
      'Invalid mobile number',
    );
    const unknownType = await upload('/api/v1/apply-loan/upload-file', { upload_type: 'ANYTHING' }, [photo()], { token });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.message).toMatch(/^upload_type must be one of LOAN_APPLICANT_CO_APPLICANT/);
    expect((await upload('/api/v1/apply-loan/upload-file', { file_type: 'x'.repeat(500) }, [photo()], { token })).status).toBe(400);
    const acflApp = await newApplication('acfl');
    const res = await upload('/api/v1/apply-loan/upload-file', { application_id: acflApp }, [photo()], { token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Application not found');
  });

  it('needs a signed-in user with a valid role', async () => {
    expect((await upload('/api/v1/apply-loan/upload-file', {}, [photo()])).status).toBe(401);
    const suresh = await login(ctx.app, SURESH);
    expect((await upload('/api/v1/apply-loan/upload-file', {}, [photo()], { token: suresh })).status).toBe(403);
  });
});

describe('POST /api/v1/apply-loan/bulk-upload', () => {
  it('stores repeated files and answers data.files', async () => {
    const token = await login(ctx.app, ARJUN);
    const res = await upload(
      '/api/v1/apply-loan/bulk-upload',
      { file_type: 'BANK_STATEMENT' },
      [
        { field: 'files', filename: 'jan.pdf', bytes: PDF },
        { field: 'files', filename: 'feb.pdf', bytes: Buffer.concat([PDF, Buffer.from('%feb')]) },
      ],
      { token },
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.files).toHaveLength(2);
    expect(new Set(res.body.data.files.map((f: { file_id: string }) => f.file_id)).size).toBe(2);
  });
});

describe('POST /api/v1/join-us/upload-file', () => {
  it('is public, checks content and answers data.file_id', async () => {
    const ok = await upload('/api/v1/join-us/upload-file', { file_type: 'PAN' }, [{ field: 'file', filename: 'pan.png', bytes: PNG }]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.file_id).toMatch(/^[0-9a-f]{32}$/);
    const bad = await upload('/api/v1/join-us/upload-file', {}, [{ field: 'file', filename: 'pan.pdf', bytes: Buffer.from('not a pdf') }]);
    expect(bad.status).toBe(415);
    const unknown = await upload('/api/v1/join-us/upload-file', { file_type: 'PASSPORT' }, [
      { field: 'file', filename: 'pan.png', bytes: PNG },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('file_type must be one of PAN, AADHAAR_FRONT, AADHAAR_BACK, GST, CANCELLED_CHEQUE');
  });
});

describe('presigned file URLs', () => {
  it('serve the file to its own tenant only, and expire', async () => {
    const token = await login(ctx.app, RAVI);
    const up = await upload('/api/v1/apply-loan/upload-file', {}, [photo()], { token });
    const fileId = up.body.data.file_id as string;
    const signed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/loan-application/presigned-url?file_id=${fileId}`,
      headers: { host: hostOf(), token },
    });
    expect(signed.statusCode).toBe(200);
    const url = signed.json().data.file_url as string;

    const mine = await ctx.app.inject({ method: 'GET', url, headers: { host: hostOf() } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.rawPayload.equals(JPEG)).toBe(true);

    // Another tenant's host: the signature is bound to the tenant.
    expect((await ctx.app.inject({ method: 'GET', url, headers: { host: hostOf('acfl') } })).statusCode).toBe(403);
    // Another tenant's officer cannot ask for a URL either (an AGENT is refused before any lookup).
    const acflToken = await login(ctx.app, RAVI, 'acfl');
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/loan-application/presigned-url?file_id=${fileId}`,
      headers: { host: hostOf('acfl'), token: acflToken },
    });
    expect(theirs.statusCode).toBe(404);
    // A tampered signature and an expired link are refused.
    const tampered = url.replace(/(sig=[^.]+\.)(.)/, (_, head: string, first: string) => `${head}${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: tampered, headers: { host: hostOf() } })).statusCode).toBe(403);
    ctx.clock.advance(11 * 60_000);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { host: hostOf() } })).statusCode).toBe(403);
  });

  it('a link works only while the session that made it is live: a logout, or a new login on that device, ends it', async () => {
    const device = { 'client-identifier': 'WEB_APP', 'device-id': 'phone-0001-aaaa' };
    const signIn = async () => {
      const { sessionId, otp } = await startOtp(ctx.app, RAVI);
      const verified = await verifyOtp(ctx.app, sessionId, otp, { headers: device });
      expect(verified.status).toBe(200);
      return verified.body.data.token as string;
    };
    const linkOf = async (token: string) => {
      const up = await upload('/api/v1/apply-loan/upload-file', {}, [photo()], { token });
      expect(up.status, up.body.message).toBe(200);
      return up.body.data.file_url as string;
    };
    const fetchLink = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: { host: hostOf() } })).statusCode;

    const first = await signIn();
    const firstLink = await linkOf(first);
    expect(await fetchLink(firstLink)).toBe(200);
    // Another live session's id in the link breaks its signature.
    const other = await login(ctx.app, RAVI); // no device named: it revokes nothing
    const otherSession = new URL(await linkOf(other), 'http://x').searchParams.get('sid')!;
    expect(await fetchLink(firstLink.replace(/sid=[^&]+/, `sid=${otherSession}`))).toBe(403);
    // A new login on the same device revokes the first session, and its links with it.
    const second = await signIn();
    expect(await fetchLink(firstLink)).toBe(403);
    expect((await get(ctx.app, '/api/v1/user/me', { token: first })).status).toBe(401);
    const secondLink = await linkOf(second);
    expect(await fetchLink(secondLink)).toBe(200);
    expect((await call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, { token: second })).status).toBe(200);
    expect(await fetchLink(secondLink)).toBe(403);
  });

  it('answers 400 for a malformed file_id and 404 for an unknown one', async () => {
    const token = await login(ctx.app, RAVI);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/loan-application/presigned-url?file_id=x',
      headers: { host: hostOf(), token },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/loan-application/presigned-url?file_id=${'a'.repeat(32)}`,
      headers: { host: hostOf(), token },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('storage', () => {
  it('keeps uploads outside the static root, one directory per tenant', async () => {
    const token = await login(ctx.app, RAVI);
    await upload('/api/v1/apply-loan/upload-file', {}, [photo()], { token });
    expect(readdirSync(uploadsDir)).toContain('sahyog');
    expect(readdirSync(join(uploadsDir, 'sahyog')).every((name) => /^[a-z0-9]{32}$/.test(name))).toBe(true);
  });
});

describe('GET /api/v1/app/mfi/:id/files', () => {
  it("lists an application's files for its tenant only", async () => {
    const token = await login(ctx.app, RAVI);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/dev/applications', headers: { host: hostOf(), token } });
    expect(created.statusCode).toBe(200);
    const appId = created.json().data.application_id as string;
    await upload('/api/v1/apply-loan/upload-file', { application_id: appId, file_type: 'BORROWER_PHOTO' }, [photo()], { token });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/app/mfi/${appId}/files`, headers: { host: hostOf(), token } });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ file_type: 'BORROWER_PHOTO', mime: 'image/jpeg', size: JPEG.length });
    const acfl = await login(ctx.app, RAVI, 'acfl');
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/app/mfi/${appId}/files`,
      headers: { host: hostOf('acfl'), token: acfl },
    });
    expect(other.statusCode).toBe(404);
  });

  it('the dev application fixture is for relationship officers only', async () => {
    const meena = await login(ctx.app, '9000000002');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/dev/applications', headers: { host: hostOf(), token: meena } });
    expect(res.statusCode).toBe(403);
  });
});
