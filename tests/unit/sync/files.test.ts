// @vitest-environment node
// Node environment: Blobs round-trip through fake-indexeddb here (TOOLCHAIN trap 3).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocalApplication } from '../../../src/app/db/applications.repository';
import { SahyogDb } from '../../../src/app/db/db';
import { captureFile, clearFile, FileTooLargeError, getFileWithBlob, type CaptureInput } from '../../../src/app/db/files.repository';
import { checkFile, IMAGE_OR_PDF } from '../../../src/app/components/upload/check-file';
import { newLocalId } from '../../../src/app/db/ids';
import { KV_KEYS, readKv } from '../../../src/app/db/kv.repository';
import { discardEntry, retryEntry, UPLOAD_DISCARDED_MESSAGE } from '../../../src/app/db/outbox.repository';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../../src/app/db/storage-errors';
import { createSyncEngine, memoryLock } from '../../../src/app/sync/engine';
import { onQueued } from '../../../src/app/sync/sync-signal';
import { createFakeServer } from './fake-server';

const SERVER_ID = 'a'.repeat(32);
let db: SahyogDb;
let app: string;
let clock: number;

beforeEach(async () => {
  db = new SahyogDb(`files-${newLocalId()}`);
  await db.open();
  clock = 1_700_000_000_000;
  app = await ensureLocalApplication(db, SERVER_ID, clock);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const jpegBytes = (n: number) => new Uint8Array([0xff, 0xd8, 0xff, ...new Array<number>(n).fill(9)]);
const pdfBytes = () => new TextEncoder().encode('%PDF-1.4 test');
/** Stands in for the worker: a smaller JPEG. */
const fakeCompress = async (blob: Blob) => (blob.type.startsWith('image/') ? new Blob([jpegBytes(10)], { type: 'image/jpeg' }) : blob);

function photo(overrides: Partial<CaptureInput> = {}): CaptureInput {
  return {
    applicationLocalId: app,
    field: 'photo_file',
    label: 'Borrower photo',
    fields: { file_type: 'BORROWER_PHOTO', upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'borrower' },
    files: [{ blob: new Blob([jpegBytes(5000)], { type: 'image/png' }), name: 'captured_image1.png' }],
    geo: { latitude: 12.97, longitude: 77.59, accuracy: 8 },
    ...overrides,
  };
}

const capture = (input: CaptureInput) =>
  captureFile(db, input, { compress: fakeCompress, now: () => clock, requestPersistence: async () => true });

describe('captureFile', () => {
  it('stores the compressed blob with geo tag, capture time, application and field, and queues one upload entry', async () => {
    const [id] = await capture(photo());
    const file = (await getFileWithBlob(db, id!))!;
    expect(file).toMatchObject({
      applicationLocalId: app,
      field: 'photo_file',
      capturedAt: clock,
      uploadState: 'pending',
      mime: 'image/jpeg',
      size: 13,
      name: 'captured_image1.jpg',
    });
    expect(file.geo).toEqual({ latitude: 12.97, longitude: 77.59, accuracy: 8 });
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(jpegBytes(10));

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      label: 'Borrower photo',
      applicationLocalId: app,
      state: 'pending',
      request: {
        kind: 'upload',
        url: '/v1/apply-loan/upload-file',
        fileField: 'file',
        fileLocalIds: [id],
        fields: {
          file_type: 'BORROWER_PHOTO',
          upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
          name_prefix: 'borrower',
          application_id: { $app: app },
        },
      },
      effect: { type: 'files-uploaded', fileLocalIds: [id] },
    });
    expect((await db.applications.get(app))!.syncState).toBe('pending');
  });

  it('writes the file and its entry atomically: a failing outbox write leaves no file behind', async () => {
    vi.spyOn(db.outbox, 'bulkAdd').mockRejectedValueOnce(new Error('disk error'));
    await expect(capture(photo())).rejects.toThrow('disk error');
    expect(await db.files.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a full disk becomes the storage-full message and loses nothing already saved', async () => {
    const [first] = await capture(photo());
    vi.spyOn(db.files, 'bulkAdd').mockRejectedValueOnce(new DOMException('quota', 'QuotaExceededError'));
    const error = await capture(photo()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFullError);
    expect((error as Error).message).toBe(STORAGE_FULL_MESSAGE);
    // The replacement was rolled back with the failed write: the first photo and its upload stay.
    expect((await db.files.toArray()).map((f) => f.localId)).toEqual([first]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('a new file for a single field replaces the old one and its queued upload', async () => {
    const [first] = await capture(photo());
    const [second] = await capture(photo());
    expect((await db.files.toArray()).map((f) => f.localId)).toEqual([second]);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.request).toMatchObject({ fileLocalIds: [second] });
    expect(first).not.toBe(second);
  });

  it('keeps a file that cannot be compressed as it is', async () => {
    const original = new Blob([jpegBytes(50)], { type: 'image/jpeg' });
    const [id] = await captureFile(db, photo({ files: [{ blob: original, name: 'a.jpg' }] }), {
      compress: async () => Promise.reject(new Error('no decoder')),
      requestPersistence: async () => true,
    });
    expect((await db.files.get(id!))!.size).toBe(53);
  });

  it('signals the enqueue and asks for persistent storage once, at the first capture', async () => {
    const signalled = vi.fn();
    const off = onQueued(signalled);
    const persist = vi.fn(async () => true);
    await captureFile(db, photo(), { compress: fakeCompress, requestPersistence: persist });
    await captureFile(db, photo({ field: 'pan_file' }), { compress: fakeCompress, requestPersistence: persist });
    off();
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    expect(signalled).toHaveBeenCalledTimes(2);
    expect(await readKv(db, KV_KEYS.persistRequested)).toBe(true);
  });

  it('bank statements: several PDFs in one bulk upload under the files field', async () => {
    const files = [1, 2].map((n) => ({ blob: new Blob([pdfBytes()], { type: 'application/pdf' }), name: `statement${n}.pdf` }));
    const ids = await capture(
      photo({
        field: 'bank_statement',
        multiple: true,
        files,
        geo: undefined,
        fields: { file_type: 'BANK_STATEMENT', upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', name_prefix: 'business' },
      }),
    );
    expect((await db.outbox.toArray())[0]!.request).toMatchObject({
      url: '/v1/apply-loan/bulk-upload',
      fileField: 'files',
      fileLocalIds: ids,
    });
  });
});

describe('clearFile', () => {
  it('removes the file (value, preview, geo tag) and its still-queued upload in one go', async () => {
    const [id] = await capture(photo());
    const [pan] = await capture(photo({ field: 'pan_file', label: 'PAN' }));
    await clearFile(db, id!);
    expect(await db.files.get(id!)).toBeUndefined();
    expect(await db.fileBlobs.get(id!)).toBeUndefined();
    expect(await db.files.get(pan!)).toBeDefined();
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.label)).toEqual(['PAN']);
  });

  it('with nothing left to send, the application is synced again', async () => {
    const [id] = await capture(photo());
    await clearFile(db, id!);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.applications.get(app))!.syncState).toBe('synced');
  });

  it('clearing one file of a bulk upload queues the others again under a new key', async () => {
    const files = [1, 2].map((n) => ({ blob: new Blob([pdfBytes()], { type: 'application/pdf' }), name: `s${n}.pdf` }));
    const [a, b] = await capture(photo({ field: 'bank_statement', multiple: true, files }));
    const before = (await db.outbox.toArray())[0]!;
    await clearFile(db, a!);
    const after = await db.outbox.toArray();
    expect(after).toHaveLength(1);
    expect(after[0]!.request).toMatchObject({ fileLocalIds: [b], fileField: 'files' });
    expect(after[0]!.idempotencyKey).not.toBe(before.idempotencyKey);
  });
});

describe('uploads through the engine', () => {
  it("sends the captured file once with the application's server id, then marks it uploaded", async () => {
    const server = createFakeServer();
    const [id] = await capture(photo());
    const engine = createSyncEngine({ db, transport: server.transport, lock: memoryLock(), now: () => clock });
    expect(await engine.drain()).toMatchObject({ sent: 1 });
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]!.fields).toMatchObject({ application_id: SERVER_ID, file_type: 'BORROWER_PHOTO' });
    expect(server.uploads[0]!.fields).not.toHaveProperty('phone');
    expect(server.calls[0]!.request).toMatchObject({ kind: 'upload', fileField: 'file' });
    expect(await db.files.get(id!)).toMatchObject({ uploadState: 'uploaded', serverFileId: server.uploads[0]!.id });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.applications.get(app))!.syncState).toBe('synced');
  });

  it('a parked upload keeps the server message on its file; Retry clears it, Discard marks the file not uploaded', async () => {
    const server = createFakeServer();
    server.setIntercept(() => ({ status: 404, body: { success: false, message: 'Application not found', status_code: 404 } }));
    const [id] = await capture(photo());
    const engine = createSyncEngine({ db, transport: server.transport, lock: memoryLock(), now: () => clock });
    await engine.drain();
    expect(await db.files.get(id!)).toMatchObject({ uploadState: 'failed', uploadError: 'Application not found' });
    const seq = (await db.outbox.toArray())[0]!.seq!;

    await retryEntry(db, seq, clock);
    expect(await db.files.get(id!)).toMatchObject({ uploadState: 'pending' });
    expect((await db.files.get(id!))!.uploadError).toBeUndefined();
    expect(await db.outbox.get(seq)).toMatchObject({ state: 'pending' });

    await discardEntry(db, seq);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.get(id!)).toMatchObject({ uploadState: 'failed', uploadError: UPLOAD_DISCARDED_MESSAGE });
    expect((await db.applications.get(app))!.syncState).toBe('synced');
  });
});

describe('ensureLocalApplication', () => {
  it('gives one mirror row per server id, even when asked twice at once', async () => {
    const other = 'b'.repeat(32);
    const [x, y] = await Promise.all([ensureLocalApplication(db, other), ensureLocalApplication(db, other)]);
    expect(x).toBe(y);
    expect(await db.applications.where('serverId').equals(other).count()).toBe(1);
    expect(await ensureLocalApplication(db, SERVER_ID)).toBe(app);
    expect(await db.applications.get(x)).toMatchObject({ serverId: other, status: 'DRAFT', syncState: 'synced' });
  });
});

describe('size limit', () => {
  const big = (head: Uint8Array, size: number) =>
    Object.assign(new Blob([head as BlobPart, new Uint8Array(size - head.length)]), { name: 'big' });

  it('lets a 12 MB photo through to compression but refuses a 12 MB PDF', async () => {
    expect((await checkFile(big(jpegBytes(1), 12 * 1024 * 1024), IMAGE_OR_PDF)).ok).toBe(true);
    expect(await checkFile(big(pdfBytes(), 12 * 1024 * 1024), IMAGE_OR_PDF)).toMatchObject({
      ok: false,
      refusal: { key: 'upload.tooLarge' },
    });
  });

  it('refuses a photo still over 10 MB after compression, storing and queueing nothing', async () => {
    const huge = async () => new Blob([jpegBytes(10 * 1024 * 1024)], { type: 'image/jpeg' });
    await expect(
      captureFile(db, photo(), { compress: huge, now: () => clock, requestPersistence: async () => true }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await db.files.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('owner stamp', () => {
  it('stamps a capture with the signed-in officer, so only they send it', async () => {
    const { writeKv } = await import('../../../src/app/db/kv.repository');
    await writeKv(db, KV_KEYS.sessionOwner, '7');
    await capture(photo());
    expect((await db.outbox.toArray())[0]!.owner).toBe('7');
  });
});
