import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema';
import { PUBLIC_UPLOAD_MSG } from '../../src/server/modules/files/public-upload-budget';
import { english } from '../../src/server/kernels/messages';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { login, RAVI } from './helpers/auth-flow';
import { guestSignIn } from './helpers/guest-flow';
import { hostOf } from './helpers/http';
import { JPEG, multipart, PNG, type FilePart } from './helpers/multipart';
import { tempDir } from './helpers/temp-dir';
import { SECOND, useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';

// Guest uploads (DECISIONS "Public applicant flow"): content-checked like staff uploads, tied to
// the guest's own application, within a byte budget per mobile and per client address.

const uploadsDir = tempDir('sahyog-guest-uploads-');
const ctx = useTestApp({
  storage: createDiskStorage(uploadsDir),
  config: { guestUploadBytesPerMobileDay: 5000, guestUploadBytesPerAddressDay: 7000 },
});

async function upload(url: string, fields: Record<string, string>, parts: FilePart[], token: string, remoteAddress = '203.0.113.9') {
  const { payload, headers } = multipart(fields, parts);
  const res = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { ...headers, host: hostOf(), token } });
  return { status: res.statusCode, body: res.json() as { success: boolean; data?: any; message?: string } };
}

const photo = (bytes: Buffer, filename = 'aadhaar.jpg'): FilePart => ({ field: 'file', filename, bytes, type: 'image/jpeg' });
const fields = (applicationId?: string) => ({
  file_type: 'AADHAAR_FRONT',
  upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
  ...(applicationId ? { application_id: applicationId } : {}),
});

describe('guest uploads: /api/v1/apply-loan/upload-file and /bulk-upload', () => {
  it('stores a file on the guest’s own application (named or not) and answers file_id and parsed_data', async () => {
    const guest = await guestSignIn(ctx.app);
    const named = await upload('/api/v1/apply-loan/upload-file', fields(guest.applicationId), [photo(JPEG)], guest.token);
    expect(named.status, named.body.message).toBe(200);
    expect(named.body.data).toMatchObject({ file_id: expect.stringMatching(/^[0-9a-f]{32}$/), parsed_data: null });
    const camera = await upload('/api/v1/apply-loan/upload-file', fields(), [photo(PNG, 'captured_image_1.png')], guest.token);
    expect(camera.status, camera.body.message).toBe(200);
    const rows = await ctx.db.select().from(files).where(eq(files.application_id, guest.applicationId));
    expect(rows.map((r) => r.id).sort()).toEqual([named.body.data.file_id, camera.body.data.file_id].sort());
    expect(rows.every((r) => r.client_address === '203.0.113.9')).toBe(true);
    const bulk = await upload(
      '/api/v1/apply-loan/bulk-upload',
      fields(guest.applicationId),
      [{ ...photo(JPEG), field: 'files' }],
      guest.token,
    );
    expect(bulk.status, bulk.body.message).toBe(200);
    expect(bulk.body.data.files).toHaveLength(1);
  });

  it('checks the content like a staff upload: an executable named .jpg is 415, nothing kept', async () => {
    const guest = await guestSignIn(ctx.app);
    const res = await upload(
      '/api/v1/apply-loan/upload-file',
      fields(guest.applicationId),
      [photo(Buffer.from('MZ not a photo'))],
      guest.token,
    );
    expect(res.status).toBe(415);
    expect(await ctx.db.select().from(files)).toHaveLength(0);
  });

  it('another application (an officer’s or another guest’s) is 404, nothing kept', async () => {
    const guest = await guestSignIn(ctx.app);
    const staffApp = await createApplication(ctx.app, await login(ctx.app, RAVI));
    ctx.clock.advance(31 * SECOND);
    const other = await guestSignIn(ctx.app, '9876500012');
    for (const id of [staffApp, other.applicationId]) {
      const res = await upload('/api/v1/apply-loan/upload-file', fields(id), [photo(JPEG)], guest.token);
      expect(res.status, id).toBe(404);
    }
    expect(await ctx.db.select().from(files)).toHaveLength(0);
  });

  it('a mobile’s day is limited in bytes (429 with Retry-After), and so is a client address across guests', async () => {
    const guest = await guestSignIn(ctx.app);
    const size = JPEG.length; // 2006 bytes: two fit in 5000, a third does not
    expect(size).toBeGreaterThan(1700);
    for (let i = 0; i < 2; i++)
      expect((await upload('/api/v1/apply-loan/upload-file', fields(), [photo(JPEG)], guest.token)).status).toBe(200);
    const third = await upload('/api/v1/apply-loan/upload-file', fields(), [photo(JPEG)], guest.token);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('You have uploaded too much today. Please try again tomorrow, or ask the branch for help.');

    ctx.clock.advance(31 * SECOND);
    const neighbour = await guestSignIn(ctx.app, '9876500012');
    expect((await upload('/api/v1/apply-loan/upload-file', fields(), [photo(JPEG)], neighbour.token)).status).toBe(200);
    const overAddress = await upload('/api/v1/apply-loan/upload-file', fields(), [photo(JPEG)], neighbour.token);
    expect(overAddress.status).toBe(429);
    expect(overAddress.body.message).toBe('Too much has been uploaded from this network today. Please try again later.');
    const elsewhere = await upload('/api/v1/apply-loan/upload-file', fields(), [photo(JPEG)], neighbour.token, '198.51.100.7');
    expect(elsewhere.status).toBe(200);
  });
});

// Issue 31 S2: four 10-file requests stored 40 files and answered 4 file ids; 36 were unreachable.
describe('one file per /api/v1/apply-loan/upload-file request', () => {
  const filesOnDisk = () => {
    try {
      return readdirSync(join(uploadsDir, 'sahyog')).length;
    } catch {
      return 0;
    }
  };

  it.each([
    ['two parts in the file field', [photo(JPEG), photo(PNG, 'other.png')]],
    ['a second part under another name', [photo(JPEG), { ...photo(JPEG), field: 'other' }]],
    ['ten parts', Array.from({ length: 10 }, (_, i) => photo(JPEG, `page-${i}.jpg`))],
  ])('a guest’s %s: 400 with the reason, no file row and no stored file', async (_name, parts) => {
    const guest = await guestSignIn(ctx.app);
    const before = filesOnDisk();
    const res = await upload('/api/v1/apply-loan/upload-file', fields(guest.applicationId), parts, guest.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: english(PUBLIC_UPLOAD_MSG.oneFile), status_code: 400 });
    expect(await ctx.db.select().from(files)).toHaveLength(0);
    expect(filesOnDisk()).toBe(before);
    // One file is stored as before, and seen on disk (so the count above would have seen the others).
    const one = await upload('/api/v1/apply-loan/upload-file', fields(guest.applicationId), [photo(JPEG)], guest.token);
    expect(one.status, one.body.message).toBe(200);
    expect(filesOnDisk()).toBe(before + 1);
  });

  it('a staff upload of two files is refused the same way', async () => {
    const token = await login(ctx.app, RAVI);
    const id = await createApplication(ctx.app, token);
    const res = await upload('/api/v1/apply-loan/upload-file', fields(id), [photo(JPEG), photo(JPEG, 'two.jpg')], token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(english(PUBLIC_UPLOAD_MSG.oneFile));
    expect(await ctx.db.select().from(files)).toHaveLength(0);
  });
});
