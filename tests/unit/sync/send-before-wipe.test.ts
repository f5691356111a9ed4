// @vitest-environment node
// Issue 31 W1: a phone marked lost sends its queued items (sealed for the server) before the
// wipe, for a bounded time; what could not go is lost, counted, and reported; then nothing
// readable remains.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WIPE_SEND_BOUND_MS } from '../../../src/domain/identity/device-wipe';
import { pathOf } from '../../../src/domain/routes/route';
import { USER_PATHS } from '../../../src/domain/routes/user.paths';
import { SahyogDb } from '../../../src/app/db/db';
import { lock, setPin } from '../../../src/app/db/device-vault';
import { newLocalId } from '../../../src/app/db/ids';
import { KV_KEYS, readKv, removeKv, writeKv } from '../../../src/app/db/kv.repository';
import { queueItems } from '../../../src/app/db/outbox.repository';
import { VAULT_KV_KEY } from '../../../src/app/db/sealing.middleware';
import { memoryLock } from '../../../src/app/sync/engine';
import { sendBeforeWipe } from '../../../src/app/sync/send-before-wipe';
import { NetworkError, type ResolvedRequest, type Transport, type TransportResponse } from '../../../src/app/sync/transport';
import { found, rawStoredText } from '../db/raw-store-scan';
import { createFakeServer } from './fake-server';
import { createItem, newApplication, newFile, TEST_OUTBOX_KEY, uploadItem } from './outbox-fixtures';

const DEVICE_WIPED_PATH = pathOf(USER_PATHS.deviceWiped);

const PIN = '482913';
const OWNER = 'officer-1';

let db: SahyogDb;
beforeEach(async () => {
  db = new SahyogDb(`send-before-wipe-${newLocalId()}`);
  await db.open();
  await writeKv(db, KV_KEYS.sessionOwner, OWNER);
  await writeKv(db, KV_KEYS.sessionToken, 'revoked-token');
  await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
  await setPin(db, PIN, 1_000);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** An application captured offline: its creation and two photos, queued sealed for the server. */
async function captureOffline(owner = OWNER): Promise<string> {
  const app = await newApplication(db, 1000);
  const photos = [await newFile(db, app, 1000), await newFile(db, app, 1000)];
  await queueItems(db, [createItem(app), ...photos.map((p) => uploadItem(app, p))], 1000, owner);
  return app;
}

type Event = { url: string; sealed: boolean; wiped: boolean; unsent?: unknown };

/**
 * The fake server behind a log: each request, whether it was sealed, and whether the phone was
 * already wiped when it went (the wrapped key gone). The final report is answered here.
 */
function logged(
  server: ReturnType<typeof createFakeServer>,
  answer?: (request: ResolvedRequest, n: number) => TransportResponse | undefined,
  receivedBefore = 0,
) {
  const events: Event[] = [];
  // What the server received under the session: the report answers it.
  let received = receivedBefore;
  const transport: Transport = async (request, key) => {
    const wiped = (await db.kv.get(VAULT_KV_KEY)) === undefined;
    if (request.url === DEVICE_WIPED_PATH && request.kind === 'json') {
      events.push({ url: request.url, sealed: false, wiped, unsent: (request.body as { unsent: unknown }).unsent });
      return { status: 200, body: { success: true, data: { received } } };
    }
    events.push({ url: request.url, sealed: request.sealed !== undefined, wiped });
    const response = answer?.(request, events.length) ?? (await server.transport(request, key));
    if (response.status === 200) received++;
    return response;
  };
  return { events, transport };
}

/** A clock the waits move, so the bound is reached without sleeping. */
function fakeTime() {
  let at = 1_000_000;
  return { now: () => at, wait: async (ms: number) => void (at += ms) };
}

async function expectNothingReadable(): Promise<void> {
  expect(await db.outbox.count()).toBe(0);
  expect(await db.kv.get(VAULT_KV_KEY)).toBeUndefined();
  expect(await readKv(db, KV_KEYS.sessionToken)).toBeUndefined();
  expect(found((await rawStoredText(db.name)).text)).toEqual([]);
}

describe('a remote wipe sends first', () => {
  it('sends every sealed queued item, whatever its backoff, then reports none lost, then wipes', async () => {
    await captureOffline();
    lock(db);
    // Offline for a while: each entry waits minutes for its next try.
    await db.outbox.toCollection().modify({ nextAttemptAt: Date.now() + 5 * 60_000, attempts: 6 });
    const server = createFakeServer();
    const { events, transport } = logged(server);

    const outcome = await sendBeforeWipe({ db, transport, owner: OWNER, lock: memoryLock(), ...fakeTime() });

    expect(outcome).toEqual({ sent: 3, unsent: 0 });
    expect(server.applications).toHaveLength(1);
    expect(server.uploads).toHaveLength(2);
    // Each item went sealed while the phone still held its data; the report came after them all.
    expect(events.map((e) => [e.url, e.sealed, e.wiped])).toEqual([
      ['/v1/app/mfi', true, false],
      ['/v1/apply-loan/upload-file', true, false],
      ['/v1/apply-loan/upload-file', true, false],
      [DEVICE_WIPED_PATH, false, false],
    ]);
    expect(events.at(-1)!.unsent).toBe(0);
    await expectNothingReadable();
    expect(await readKv(db, KV_KEYS.wipeOutcome)).toEqual({ sent: 3, unsent: 0 });
  });

  it('what cannot be sent within the bound is lost: counted, reported, and wiped with the rest', async () => {
    await captureOffline();
    const time = fakeTime();
    const start = time.now();
    const sentAt: number[] = [];
    const { events, transport } = logged(createFakeServer(), () => {
      sentAt.push(time.now());
      throw new NetworkError('offline');
    });

    const outcome = await sendBeforeWipe({ db, transport, owner: OWNER, lock: memoryLock(), ...time });

    expect(outcome).toEqual({ sent: 0, unsent: 3 });
    // Tried again and again, never past the bound; then the report, then the wipe.
    expect(sentAt.length).toBeGreaterThan(2);
    expect(Math.max(...sentAt)).toBeLessThan(start + WIPE_SEND_BOUND_MS);
    expect(events.at(-1)).toMatchObject({ url: DEVICE_WIPED_PATH, unsent: 3, wiped: false });
    await expectNothingReadable();
  });

  it('once the server refuses (its window is over), nothing more is tried: the rest is lost', async () => {
    await captureOffline();
    const { events, transport } = logged(createFakeServer(), (_request, n) =>
      n === 2 ? { status: 401, body: { success: false, message: 'Session expired' }, wipe: true } : undefined,
    );
    const outcome = await sendBeforeWipe({ db, transport, owner: OWNER, lock: memoryLock(), ...fakeTime() });
    expect(outcome).toEqual({ sent: 1, unsent: 2 });
    expect(events.map((e) => e.url)).toEqual(['/v1/app/mfi', '/v1/apply-loan/upload-file', DEVICE_WIPED_PATH]);
    await expectNothingReadable();
  });

  it('sends only what is sealed for the server and queued by this officer; the rest is lost', async () => {
    // Queued before the app had the server's key: under the data key, sent in clear when unlocked.
    await removeKv(db, KV_KEYS.outboxKey);
    await queueItems(db, [createItem(await newApplication(db, 1000))], 1000, OWNER);
    await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
    await queueItems(db, [createItem(await newApplication(db, 1000))], 1000, 'officer-2');
    await queueItems(db, [createItem(await newApplication(db, 1000))], 1000, OWNER);
    const server = createFakeServer();
    const { events, transport } = logged(server);

    const outcome = await sendBeforeWipe({ db, transport, owner: OWNER, lock: memoryLock(), ...fakeTime() });

    expect(outcome).toEqual({ sent: 1, unsent: 2 });
    expect(events.map((e) => [e.url, e.sealed])).toEqual([
      ['/v1/app/mfi', true],
      [DEVICE_WIPED_PATH, false],
    ]);
    expect(server.applications).toHaveLength(1);
    await expectNothingReadable();
  });

  it("adds to the counts of an earlier wipe not yet shown (the service worker's)", async () => {
    await writeKv(db, KV_KEYS.wipeOutcome, { sent: 2, unsent: 1 });
    await captureOffline();
    const { transport } = logged(createFakeServer());
    expect(await sendBeforeWipe({ db, transport, owner: OWNER, lock: memoryLock(), ...fakeTime() })).toEqual({ sent: 5, unsent: 1 });
  });

  it("says as sent what the server received under the session (the page's own drain may have sent some first); without its answer, what left the outbox", async () => {
    await captureOffline();
    const { transport } = logged(createFakeServer(), undefined, 1);
    expect(await sendBeforeWipe({ db, transport, owner: OWNER, lock: memoryLock(), ...fakeTime() })).toEqual({ sent: 4, unsent: 0 });

    await captureOffline();
    const noReport: Transport = async (request, key) => {
      if (request.url === DEVICE_WIPED_PATH) throw new NetworkError('offline');
      return transport(request, key);
    };
    await removeKv(db, KV_KEYS.wipeOutcome);
    expect(await sendBeforeWipe({ db, transport: noReport, owner: OWNER, lock: memoryLock(), ...fakeTime() })).toEqual({
      sent: 3,
      unsent: 0,
    });
  });
});
