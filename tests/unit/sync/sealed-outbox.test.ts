// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submitStep } from '../../../src/app/db/application-steps.repository';
import { SahyogDb } from '../../../src/app/db/db';
import { forgetSealedData, lock, setPin, unlock } from '../../../src/app/db/device-vault';
import { captureFile } from '../../../src/app/db/files.repository';
import { newLocalId } from '../../../src/app/db/ids';
import { KV_KEYS, removeKv, writeKv } from '../../../src/app/db/kv.repository';
import { addToOutbox, queueItems, readQueueContext } from '../../../src/app/db/outbox.repository';
import { KEPT_WITHOUT_PIN } from '../../../src/app/db/sealed-for-server';
import { createSyncEngine, memoryLock } from '../../../src/app/sync/engine';
import { found, LAKSHMI, MOBILE, rawStoredText } from '../db/raw-store-scan';
import { createFakeServer } from './fake-server';
import { newApplication, TEST_OUTBOX_KEY } from './outbox-fixtures';

const PIN = '482913';
const OWNER = 'officer-1';
const noCompress = { compress: async (b: Blob) => b, requestPersistence: async () => undefined };
/** A "photo" whose bytes carry the persona's card text, as an image of the card would. */
const cardPhoto = () => new Blob([`JPEGDATA ${LAKSHMI.name} ${LAKSHMI.pan} ${LAKSHMI.aadhaar} ${LAKSHMI.dob}`], { type: 'image/jpeg' });

let db: SahyogDb;
beforeEach(async () => {
  db = new SahyogDb(`sealed-outbox-${newLocalId()}`);
  await db.open();
  await writeKv(db, KV_KEYS.sessionOwner, OWNER);
  await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
  await setPin(db, PIN, 1_000);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** LAKSHMI captured offline: the application's creation, two photos and the KYC step naming one. */
async function captureLakshmi(): Promise<{ app: string; photos: string[] }> {
  const app = await newApplication(db, 1000);
  await db.applications.update(app, { name: LAKSHMI.name, phone: MOBILE });
  await queueItems(
    db,
    [
      {
        label: 'Create application',
        applicationLocalId: app,
        request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi', body: { name: LAKSHMI.name, mobile: MOBILE } },
        effect: { type: 'application-created', applicationLocalId: app, idPath: 'data.application_id' },
      },
    ],
    1000,
    OWNER,
  );
  const photos: string[] = [];
  for (const field of ['photo_file', 'pan_file']) {
    const [id] = await captureFile(
      db,
      {
        applicationLocalId: app,
        field,
        label: field === 'pan_file' ? 'PAN' : 'Borrower photo',
        fields: {
          file_type: field === 'pan_file' ? 'PAN' : 'BORROWER_PHOTO',
          upload_type: 'LOAN_APPLICANT',
          name_prefix: 'x',
          phone: MOBILE,
        },
        files: [{ blob: cardPhoto(), name: `${LAKSHMI.pan}-${field}.jpg` }],
      },
      noCompress,
    );
    photos.push(id!);
  }
  await submitStep(db, {
    applicationLocalId: app,
    form: 'kyc',
    label: 'KYC details',
    method: 'PATCH',
    url: '/v1/app/mfi/{app}/kyc',
    body: { pan: LAKSHMI.pan, aadhaar: LAKSHMI.aadhaar, voter_id: LAKSHMI.epic, pan_file: { $file: photos[1]! } },
    values: { pan: LAKSHMI.pan },
  });
  return { app, photos };
}

const engineFor = (server: ReturnType<typeof createFakeServer>) =>
  createSyncEngine({ db, transport: server.transport, lock: memoryLock(), getOwner: () => OWNER });

describe('the outbox sealed for the server', () => {
  it('is sealed on capture: after lock the raw rows hold no persona field, and the outbox rows need no data key', async () => {
    await captureLakshmi();
    lock(db);
    const { text, rows } = await rawStoredText(db.name);
    expect(rows.outbox).toBe(4);
    expect(found(text)).toEqual([]);
    // Locked, the outbox reads as it is stored: kinds, sizes, local ids; no body, no fields.
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.label)).toEqual(['Create application', 'Borrower photo', 'PAN', 'KYC details']);
    for (const entry of entries) {
      expect(entry.sealed?.envelope.kid).toBe(TEST_OUTBOX_KEY.kid);
      expect(entry.request.kind === 'json' ? entry.request.body : entry.request.fields).toEqual(
        entry.request.kind === 'json' ? undefined : {},
      );
    }
    // The sync centre's size: the sealed JSON part and the photo's bytes.
    expect(entries[1]!.sealed!.size).toBeGreaterThan(cardPhoto().size);
    expect(entries[1]!.sealed!.size).toBeLessThan(cardPhoto().size + 300);
    // The KYC step names the PAN photo: its reference is listed in clear (a local id), to be resolved beside the envelope.
    const panUpload = entries[2]!.request;
    expect(entries[3]!.sealed!.refs).toEqual([`$file:${panUpload.kind === 'upload' ? panUpload.fileLocalIds[0] : ''}`]);
  });

  it('drains while locked, exactly once across a lost answer; the unlock then writes what it learned', async () => {
    const { app, photos } = await captureLakshmi();
    lock(db);
    const server = createFakeServer();
    // The first upload reaches the server, but its answer is lost: the retry is a replay.
    server.setIntercept((call) => (call === 2 ? 'commit-then-drop' : undefined));
    const engine = engineFor(server);
    let clock = 0;
    for (let i = 0; i < 5 && (await db.outbox.count()) > 0; i++) {
      await db.outbox.toCollection().modify({ nextAttemptAt: clock });
      await engine.drain();
      clock++;
    }
    expect(await db.outbox.count()).toBe(0);
    // The server opened what the phone could not read back, and has each item once.
    expect(server.applications).toHaveLength(1);
    expect(server.applications[0]!.body).toEqual({ name: LAKSHMI.name, mobile: MOBILE });
    expect(server.uploads).toHaveLength(2);
    expect(server.uploads.map((u) => u.name)).toEqual([`${LAKSHMI.pan}-photo_file.jpg`, `${LAKSHMI.pan}-pan_file.jpg`]);
    expect(server.uploads[0]!.fields).toMatchObject({
      application_id: server.applications[0]!.id,
      phone: MOBILE,
      file_type: 'BORROWER_PHOTO',
    });
    expect(server.uploads[0]!.size).toBe(cardPhoto().size);
    expect(server.submits).toEqual([
      {
        url: `/v1/app/mfi/${server.applications[0]!.id}/kyc`,
        body: { pan: LAKSHMI.pan, aadhaar: LAKSHMI.aadhaar, voter_id: LAKSHMI.epic, pan_file: server.uploads[1]!.id },
      },
    ]);
    expect(server.calls.filter((c) => c.url.endsWith('upload-file'))).toHaveLength(3); // one retry, replayed
    // Locked, the sealed tables were not touched: receipts (ids and statuses) wait, nothing readable.
    expect(await db.receipts.count()).toBe(4);
    expect(found((await rawStoredText(db.name)).text)).toEqual([]);

    expect(await unlock(db, PIN)).toEqual({ ok: true });
    await engine.drain();
    expect(await db.receipts.count()).toBe(0);
    expect(await db.applications.get(app)).toMatchObject({ serverId: server.applications[0]!.id, syncState: 'synced', name: LAKSHMI.name });
    for (const [i, photo] of photos.entries()) {
      expect(await db.files.get(photo)).toMatchObject({ uploadState: 'uploaded', serverFileId: server.uploads[i]!.id });
    }
    expect(server.calls).toHaveLength(5);
  });

  it('a 4xx while locked parks the entry, keeping no quoted value of its message in clear; the unlock writes it on the application and the file', async () => {
    const { app, photos } = await captureLakshmi();
    lock(db);
    const server = createFakeServer();
    const empty = `The file "${LAKSHMI.pan}-pan_file.jpg" is empty.`;
    server.setIntercept((_call, request) =>
      request.url.endsWith('/kyc')
        ? { status: 422, body: { success: false, message: 'PAN does not match', status_code: 422 } }
        : request.kind === 'upload' && request.files[0]!.name.includes('pan_file')
          ? { status: 400, body: { success: false, message: empty, status_code: 400 } }
          : undefined,
    );
    await engineFor(server).drain();
    const parked = await db.outbox.toArray();
    // The KYC step names the parked PAN upload: it waits for it.
    expect(parked.map((e) => [e.label, e.state, e.lastError])).toEqual([
      // A quoted value of the server's message (a file name) is not kept in the clear row.
      ['PAN', 'needs_attention', 'The file "…" is empty.'],
      ['KYC details', 'pending', 'Waiting for a file upload'],
    ]);
    expect(found((await rawStoredText(db.name)).text)).toEqual([]);
    await unlock(db, PIN);
    await engineFor(server).drain();
    expect(await db.applications.get(app)).toMatchObject({ syncState: 'needs_attention', notice: { kind: 'error' } });
    // What the locked drain kept of the message (in clear) is what the file shows.
    expect((await db.files.get(photos[1]!))?.uploadError).toBe('The file "…" is empty.');
  });

  it('an entry queued before the server key was known stays under the data key: it waits for the unlock, and a forgotten PIN drops it', async () => {
    await removeKv(db, KV_KEYS.outboxKey);
    const app = await newApplication(db, 1000, 'srv-1');
    await submitStep(db, {
      applicationLocalId: app,
      form: 'kyc',
      label: 'KYC details',
      method: 'PATCH',
      url: '/v1/app/mfi/{app}/kyc',
      body: { pan: LAKSHMI.pan },
      values: {},
    });
    await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
    await submitStep(db, {
      applicationLocalId: app,
      form: 'bank',
      label: 'Bank account',
      method: 'POST',
      url: '/v1/app/mfi/{app}/bank',
      body: { account: MOBILE },
      values: {},
    });
    lock(db);
    expect(found((await rawStoredText(db.name)).text)).toEqual([]);
    const server = createFakeServer();
    // Locked: the sealed-for-server entry could go, but it follows the one waiting for the unlock (same application).
    const locked = await engineFor(server).drain();
    expect(locked).toMatchObject({ sent: 0, waiting: 1 });
    expect(server.calls).toHaveLength(0);
    await forgetSealedData(db, KEPT_WITHOUT_PIN);
    const left = await db.outbox.toArray();
    expect(left.map((e) => e.label)).toEqual(['Bank account']);
    expect(left[0]!.sealed).toBeDefined();
  });

  it("seals inside the caller's transaction without reading another table: a transaction over the kv and the outbox asked for meanwhile waits for it, and both finish", async () => {
    const app = await newApplication(db, 1000, 'srv-1');
    const context = await readQueueContext(db);
    let later: Promise<void> | undefined;
    const [seq] = await db.transaction('rw', [db.outbox, db.applications], async () => {
      // Asked for now, it waits for this transaction (both hold the outbox): a read of the kv from
      // here would wait for it in turn, and neither would end (captures hung at such a read in Chromium).
      later = Dexie.ignoreTransaction(() => db.transaction('rw', [db.kv, db.outbox], () => writeKv(db, KV_KEYS.lastSyncAt, 2000)));
      return addToOutbox(
        db,
        [
          {
            label: 'KYC details',
            applicationLocalId: app,
            request: { kind: 'json', base: 'main', method: 'PATCH', url: '/v1/app/mfi/{app}/kyc', body: { pan: LAKSHMI.pan } },
          },
        ],
        context,
        1000,
      );
    });
    await later;
    const entry = await db.outbox.get(seq!);
    expect(entry?.sealed).toBeDefined();
    expect(entry?.owner).toBe(OWNER);
    expect(await db.kv.get(KV_KEYS.lastSyncAt)).toMatchObject({ value: 2000 });
  });
});
