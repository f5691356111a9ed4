import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { PUBLIC_UPLOAD_MSG } from '../../src/server/modules/files/public-upload-budget';
import { english } from '../../src/server/kernels/messages';
import { hostOf } from './helpers/http';
import { uploadJoinUs } from './helpers/join-us';
import { JPEG, multipart, PNG } from './helpers/multipart';
import { HOUR, MINUTE, T0, useTestApp } from './helpers/test-app';
import { tempDir } from './helpers/temp-dir';

// Issue 19: a signed-out caller could store 10 × 10 MB per request and got one file id back.
// Now: one file per public upload request, and a byte budget per address and per tenant.

const uploadsDir = tempDir('sahyog-public-uploads-test-');
const ctx = useTestApp({
  storage: createDiskStorage(uploadsDir),
  config: { joinUsMaxPerAddressHour: 1000, publicUploadBytesPerAddressDay: 5000, publicUploadBytesPerTenantDay: 9000 },
});

/** A PNG of exactly `size` bytes. */
const pngOf = (size: number) => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(size - 8, 7)]);
const storedFiles = () => ctx.db.select().from(files);
const filesOnDisk = (tenant = 'sahyog') => {
  try {
    return readdirSync(join(uploadsDir, tenant)).length;
  } catch {
    return 0;
  }
};

async function postParts(parts: { field: string; bytes: Buffer }[]) {
  const { payload, headers } = multipart(
    { file_type: 'PAN' },
    parts.map((p, i) => ({ ...p, filename: `doc-${i}.png`, type: 'image/png' })),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/join-us/upload-file',
    payload,
    headers: { ...headers, host: hostOf() },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('one file per public upload request', () => {
  it.each([
    [
      'two parts in the file field',
      [
        { field: 'file', bytes: PNG },
        { field: 'file', bytes: JPEG },
      ],
    ],
    [
      'a second part under another name',
      [
        { field: 'file', bytes: PNG },
        { field: 'other', bytes: PNG },
      ],
    ],
    ['ten parts of 1 MB', Array.from({ length: 10 }, () => ({ field: 'file', bytes: pngOf(1024 * 1024) }))],
  ])('%s: 400 with the reason, and nothing stored', async (_name, parts) => {
    const before = filesOnDisk();
    const res = await postParts(parts);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: english(PUBLIC_UPLOAD_MSG.oneFile), status_code: 400 });
    expect(await storedFiles()).toHaveLength(0);
    expect(filesOnDisk()).toBe(before);
  });

  it('one part is stored and answered as before', async () => {
    const res = await postParts([{ field: 'file', bytes: PNG }]);
    expect(res.status, res.body.message).toBe(200);
    expect(await storedFiles()).toHaveLength(1);
  });
});

describe('byte budget of public uploads', () => {
  it('per client address: refused with 429 and Retry-After past the budget, nothing stored; freed 24 hours later', async () => {
    const office = '10.7.0.1';
    expect((await uploadJoinUs(ctx.app, { remoteAddress: office, bytes: pngOf(2000) })).status).toBe(200);
    ctx.clock.set(T0 + 2 * HOUR);
    expect((await uploadJoinUs(ctx.app, { remoteAddress: office, bytes: pngOf(3000) })).status).toBe(200); // 5000: the budget exactly
    const diskBefore = filesOnDisk();

    ctx.clock.set(T0 + 3 * HOUR);
    const refused = await uploadJoinUs(ctx.app, { remoteAddress: office, bytes: pngOf(100) });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: english(PUBLIC_UPLOAD_MSG.addressBudget), status_code: 429 });
    expect(await storedFiles()).toHaveLength(2);
    expect(filesOnDisk()).toBe(diskBefore);
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/join-us/upload-file',
      remoteAddress: office,
      ...multipartOf(pngOf(100)),
    });
    expect(raw.headers['retry-after']).toBe(String(21 * 3600)); // the first upload leaves the day at T0 + 24 h

    expect((await uploadJoinUs(ctx.app, { remoteAddress: '10.7.0.2', bytes: pngOf(100) })).status).toBe(200); // another address
    ctx.clock.set(T0 + 24 * HOUR + MINUTE);
    expect((await uploadJoinUs(ctx.app, { remoteAddress: office, bytes: pngOf(1900) })).status).toBe(200); // the 2000 bytes left the day
  });

  it('per tenant, from every address; another tenant has its own', async () => {
    for (const [i, size] of [4000, 4000].entries()) {
      expect((await uploadJoinUs(ctx.app, { remoteAddress: `10.8.0.${i}`, bytes: pngOf(size) })).status).toBe(200);
    }
    const refused = await uploadJoinUs(ctx.app, { remoteAddress: '10.8.0.9', bytes: pngOf(1001) });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(english(PUBLIC_UPLOAD_MSG.tenantBudget));
    expect((await uploadJoinUs(ctx.app, { remoteAddress: '10.8.0.9', bytes: pngOf(1000) })).status).toBe(200); // 9000 exactly
    expect((await uploadJoinUs(ctx.app, { remoteAddress: '10.8.0.9', bytes: pngOf(2000), tenant: 'acfl' })).status).toBe(200);
  });

  it('holds under concurrent uploads: the last bytes are taken once', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => uploadJoinUs(ctx.app, { remoteAddress: `10.9.0.${i}`, bytes: pngOf(4000) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    const rows = await ctx.db.select().from(files).where(eq(files.tenant_id, 'sahyog'));
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBe(8000);
  });
});

function multipartOf(bytes: Buffer) {
  const { payload, headers } = multipart({ file_type: 'PAN' }, [{ field: 'file', filename: 'x.png', bytes, type: 'image/png' }]);
  return { payload, headers: { ...headers, host: hostOf() } };
}
