// @vitest-environment node
// Node environment: Blobs round-trip through fake-indexeddb here (TOOLCHAIN trap 3).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SahyogDb } from '../../../src/app/db/db';
import { newLocalId } from '../../../src/app/db/ids';
import { getFileWithBlob } from '../../../src/app/db/files.repository';
import { queueItems, retryEntry } from '../../../src/app/db/outbox.repository';
import { BACKOFF_CAP_MS, backoffDelayMs } from '../../../src/app/sync/backoff';
import { createSyncEngine, memoryLock } from '../../../src/app/sync/engine';
import { createFakeServer } from './fake-server';
import { sealWhenAsked } from './outbox-fixtures';

let db: SahyogDb;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  db = new SahyogDb(`test-${newLocalId()}`);
  await db.open();
  await sealWhenAsked(db);
  clock = 1_000_000;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function newApplication(): Promise<string> {
  const localId = newLocalId();
  await db.applications.add({ localId, status: 'DRAFT', stage: [], syncState: 'local', createdAt: clock, updatedAt: clock });
  return localId;
}

async function newFile(applicationLocalId: string, bytes = 1000): Promise<string> {
  const localId = newLocalId();
  await db.fileBlobs.add({ localId, blob: new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/jpeg' }) });
  await db.files.add({
    localId,
    name: `captured_image${clock}.jpg`,
    mime: 'image/jpeg',
    size: bytes,
    capturedAt: clock,
    applicationLocalId,
    field: 'photo_file',
    uploadState: 'pending',
    geo: { latitude: 12.9, longitude: 77.6 },
  });
  return localId;
}

/** The usual capture: create the application, upload a photo, submit KYC that names both. */
async function queueCapture(app: string, file: string, kyc: Record<string, unknown> = {}) {
  await queueItems(
    db,
    [
      {
        label: 'Create application',
        applicationLocalId: app,
        request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi', body: { name: 'LAKSHMI DEVI' } },
        effect: { type: 'application-created', applicationLocalId: app, idPath: 'data.application_id' },
      },
      {
        label: 'Photo',
        applicationLocalId: app,
        request: {
          kind: 'upload',
          base: 'main',
          url: '/v1/apply-loan/upload-file',
          fileLocalIds: [file],
          fields: { application_id: { $app: app }, file_type: 'BORROWER_PHOTO' },
        },
        effect: { type: 'files-uploaded', fileLocalIds: [file] },
      },
      {
        label: 'KYC',
        applicationLocalId: app,
        request: { kind: 'json', base: 'main', method: 'PUT', url: '/v1/app/mfi/{app}/kyc', body: { photo_file: { $file: file }, ...kyc } },
        effect: { type: 'application-answer', applicationLocalId: app },
      },
    ],
    clock,
  );
}

describe('sync engine', () => {
  it('sends in order and substitutes $app and $file with server ids', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    const file = await newFile(app);
    await queueCapture(app, file);
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock() });

    expect(await engine.drain()).toEqual({ sent: 3, parked: 0, retrying: 0, waiting: 0 });

    expect(server.calls.map((c) => c.url)).toEqual([
      '/v1/app/mfi',
      '/v1/apply-loan/upload-file',
      `/v1/app/mfi/${server.applications[0]!.id}/kyc`,
    ]);
    expect(server.uploads[0]!.fields.application_id).toBe(server.applications[0]!.id);
    expect(server.submits[0]!.body).toEqual({ photo_file: server.uploads[0]!.id });
    expect(await db.outbox.count()).toBe(0);
    const local = await db.applications.get(app);
    expect(local).toMatchObject({ serverId: server.applications[0]!.id, syncState: 'synced', stage: ['KYC'] });
    expect(await db.files.get(file)).toMatchObject({ uploadState: 'uploaded', serverFileId: server.uploads[0]!.id });
  });

  it('keeps every idempotency key distinct and fixed across retries', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    await queueCapture(app, await newFile(app));
    const keys = (await db.outbox.toArray()).map((e) => e.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    server.setIntercept((n) => (n === 1 ? 'drop' : undefined));
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });
    await engine.drain();
    clock += BACKOFF_CAP_MS;
    await engine.drain();
    expect(server.calls.map((c) => c.key)).toEqual([keys[0], keys[0], keys[1], keys[2]]);
  });

  it('backs off exponentially with jitter on network errors and 5xx, capped at 5 minutes', async () => {
    expect(backoffDelayMs(1, () => 0)).toBe(500);
    expect(backoffDelayMs(1, () => 1)).toBe(1000);
    expect(backoffDelayMs(4, () => 1)).toBe(8000);
    expect(backoffDelayMs(50, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelayMs(50, () => 0)).toBe(BACKOFF_CAP_MS / 2);

    const server = createFakeServer();
    const app = await newApplication();
    await queueCapture(app, await newFile(app));
    let failures = 3;
    server.setIntercept(() =>
      failures-- > 0 ? { status: 503, body: { success: false, message: 'Down for maintenance', status_code: 503 } } : undefined,
    );
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 1 });

    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await engine.drain()).toMatchObject({ sent: 0, retrying: 1 });
      const head = (await db.outbox.orderBy('seq').first())!;
      expect(head).toMatchObject({ state: 'retrying', attempts: i + 1, lastError: 'Down for maintenance', lastStatus: 503 });
      delays.push(head.nextAttemptAt - clock);
      // Not due yet: nothing is sent.
      clock = head.nextAttemptAt - 1;
      await engine.drain();
      expect(server.calls).toHaveLength(i + 1);
      clock = head.nextAttemptAt;
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(await engine.drain()).toMatchObject({ sent: 3 });
  });

  it('parks a 4xx as needs attention with the server message and goes on with other applications', async () => {
    const server = createFakeServer();
    const bad = await newApplication();
    const good = await newApplication();
    await queueCapture(bad, await newFile(bad), { reject: true });
    await queueCapture(good, await newFile(good));
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock() });

    expect(await engine.drain()).toEqual({ sent: 5, parked: 1, retrying: 0, waiting: 0 });
    const parked = await db.outbox.toArray();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ state: 'needs_attention', lastError: 'PAN does not match', lastStatus: 422, label: 'KYC' });
    expect(await db.applications.get(bad)).toMatchObject({
      syncState: 'needs_attention',
      notice: { kind: 'error', message: 'PAN does not match' },
    });
    expect(await db.applications.get(good)).toMatchObject({ syncState: 'synced' });

    // A parked entry is not retried by itself...
    await engine.drain();
    expect(server.calls).toHaveLength(6);
    // ...only when a person retries it.
    await retryEntry(db, parked[0]!.seq!, clock);
    await engine.drain();
    expect(server.calls).toHaveLength(7);
  });

  it('a 409 of the application rules is parked; a 409 saying "retry" (key still running) is retried', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    await queueItems(
      db,
      [
        {
          label: 'Family member',
          applicationLocalId: app,
          request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi/x/family-member', body: {} },
        },
      ],
      clock,
    );
    await queueItems(
      db,
      [
        {
          label: 'Co-borrower',
          applicationLocalId: app,
          request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi/x/co-applicant', body: {} },
        },
      ],
      clock,
    );
    server.setIntercept((_call, request) =>
      request.url.endsWith('family-member')
        ? { status: 409, body: { success: false, message: 'A family can have at most 6 members', status_code: 409 } }
        : { status: 409, retryAfter: true, body: { success: false, message: 'Retry shortly.', status_code: 409 } },
    );
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock() });
    await engine.drain();
    const [family, coApplicant] = await db.outbox.orderBy('seq').toArray();
    expect(family).toMatchObject({ state: 'needs_attention', lastError: 'A family can have at most 6 members', lastStatus: 409 });
    expect(coApplicant).toMatchObject({ state: 'retrying', lastStatus: 409 });
  });

  it('entries that need a parked application wait instead of failing', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    await queueCapture(app, await newFile(app));
    server.setIntercept((n) =>
      n === 1 ? { status: 400, body: { success: false, message: 'Mobile not verified', status_code: 400 } } : undefined,
    );
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock() });
    expect(await engine.drain()).toEqual({ sent: 0, parked: 1, retrying: 0, waiting: 2 });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.state)).toEqual(['needs_attention', 'pending', 'pending']);
    expect(entries[1]!.lastError).toBe('Waiting for the application to reach the server');
    expect(server.calls).toHaveLength(1);
  });

  it('a crash after the server committed but before the answer was stored gives one server record', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    const file = await newFile(app);
    await queueCapture(app, file);
    // Every request commits on the server and then loses its answer once.
    const dropped = new Set<string>();
    server.setIntercept((_, request) => {
      if (dropped.has(request.url)) return undefined;
      dropped.add(request.url);
      return 'commit-then-drop';
    });
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });
    for (let i = 0; i < 10 && (await db.outbox.count()) > 0; i++) {
      await engine.drain();
      clock += BACKOFF_CAP_MS;
    }
    expect(await db.outbox.count()).toBe(0);
    expect(server.applications).toHaveLength(1);
    expect(server.uploads).toHaveLength(1);
    expect(server.submits).toHaveLength(1);
    expect(server.calls.length).toBe(6);
    expect((await db.applications.get(app))!.serverId).toBe(server.applications[0]!.id);
  });

  it('an answer lost and then replayed (ids and statuses only) still settles a record and its bureau notice', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    await db.applications.update(app, { serverId: 'a'.repeat(32) });
    const record = newLocalId();
    await db.records.add({
      localId: record,
      applicationLocalId: app,
      kind: 'co_applicant',
      values: { name: 'Vikram Joshi', type: 'GUARANTOR' },
      syncState: 'pending',
      createdAt: clock,
      updatedAt: clock,
    });
    await queueItems(
      db,
      [
        {
          label: 'Guarantor',
          applicationLocalId: app,
          request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi/{app}/co-applicant', body: { id: record } },
          effect: { type: 'record-answer', recordLocalId: record },
        },
      ],
      clock,
    );
    server.setIntercept((call) => (call === 1 ? 'commit-then-drop' : undefined));
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });
    await engine.drain();
    clock += BACKOFF_CAP_MS;
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(server.submits).toHaveLength(1);
    const stored = (await db.records.get(record))!;
    expect(stored.syncState).toBe('synced');
    expect(stored.server).toMatchObject({ status: 'REJECTED', approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT'] } });
    expect(stored.server).not.toHaveProperty('name'); // the replay kept no view: the screens use the values
    expect((await db.applications.get(app))!.notice).toMatchObject({ kind: 'rejected', message: 'Co-applicant: OVERDUE AMOUNT' });
  });

  it('two engines racing over one outbox send each entry once', async () => {
    const server = createFakeServer();
    for (let i = 0; i < 5; i++) {
      const app = await newApplication();
      await queueCapture(app, await newFile(app));
    }
    const lock = memoryLock(); // one lock manager, as Web Locks is for every tab of an origin
    const a = createSyncEngine({ db, transport: server.transport, now, lock });
    const b = createSyncEngine({ db, transport: server.transport, now, lock });
    const results = await Promise.all([a.drain(), b.drain(), a.drain()]);
    expect(results.filter((r) => r === 'skipped')).toHaveLength(2);
    expect(server.calls).toHaveLength(15);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(15);
  });

  it('even without a shared lock, racing engines leave one server record per entry', async () => {
    const server = createFakeServer();
    for (let i = 0; i < 3; i++) {
      const app = await newApplication();
      await queueCapture(app, await newFile(app));
    }
    const a = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });
    const b = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });
    for (let i = 0; i < 20 && (await db.outbox.count()) > 0; i++) {
      await Promise.all([a.drain(), b.drain()]);
      clock += BACKOFF_CAP_MS;
    }
    expect(await db.outbox.count()).toBe(0);
    expect(server.applications).toHaveLength(3);
    expect(server.uploads).toHaveLength(3);
    expect(server.submits).toHaveLength(3);
  });

  it('a 401 keeps the entry untouched for the next sign-in', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    await queueCapture(app, await newFile(app));
    server.setIntercept(() => ({ status: 401, body: { success: false, message: 'Session expired', status_code: 401 } }));
    let signedOut = 0;
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), onUnauthorized: () => signedOut++ });
    await engine.drain();
    expect(signedOut).toBe(1);
    expect(await db.outbox.count()).toBe(3);
    expect((await db.outbox.orderBy('seq').first())!).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('photos survive in the device database as real bytes', async () => {
    const app = await newApplication();
    const file = await newFile(app, 4096);
    const stored = (await getFileWithBlob(db, file))!;
    expect(stored.blob.size).toBe(4096);
    expect(new Uint8Array(await stored.blob.arrayBuffer())[100]).toBe(7);
  });
});

describe('upload states', () => {
  it('a failed upload attempt returns the file to pending, not stuck uploading', async () => {
    const server = createFakeServer();
    const app = await newApplication();
    const file = await newFile(app);
    await queueCapture(app, file);
    server.setIntercept((n) => (n === 2 ? 'drop' : undefined));
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock() });
    await engine.drain();
    expect((await db.files.get(file))!.uploadState).toBe('pending');
  });
});

describe('owners', () => {
  it("sends only the signed-in officer's items; another officer's wait for them", async () => {
    const server = createFakeServer();
    const ravis = await newApplication();
    const meenas = await newApplication();
    const create = (app: string) => ({
      label: 'Create application',
      applicationLocalId: app,
      request: { kind: 'json' as const, base: 'main' as const, method: 'POST' as const, url: '/v1/app/mfi', body: {} },
      effect: { type: 'application-created' as const, applicationLocalId: app, idPath: 'data.application_id' },
    });
    await queueItems(db, [create(ravis)], clock, '1');
    await queueItems(db, [create(meenas)], clock, '2');
    let signedIn: string | undefined = '2';
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), getOwner: () => signedIn });
    expect(await engine.drain()).toMatchObject({ sent: 1, waiting: 1 });
    expect((await db.applications.get(meenas))!.serverId).toBeDefined();
    expect((await db.outbox.toArray())[0]).toMatchObject({ owner: '1', lastError: 'Waiting for the officer who captured it to sign in' });
    signedIn = undefined;
    expect(await engine.drain()).toMatchObject({ sent: 0, waiting: 1 });
    signedIn = '1';
    expect(await engine.drain()).toMatchObject({ sent: 1 });
    expect(server.applications).toHaveLength(2);
  });
});
