// @vitest-environment node
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepListRows, searchListRows } from '../../../src/app/db/application-list.repository';
import { submitRecord, submitStep } from '../../../src/app/db/application-steps.repository';
import { SahyogDb } from '../../../src/app/db/db';
import { forgetSealedData, hasPin, lock, setPin, triesLeft, unlock } from '../../../src/app/db/device-vault';
import { loadDraft, saveDraft } from '../../../src/app/db/drafts.repository';
import { captureFile, getFileWithBlob } from '../../../src/app/db/files.repository';
import { newLocalId } from '../../../src/app/db/ids';
import { KV_KEYS, writeKv } from '../../../src/app/db/kv.repository';
import { LOOKUP_KEYS, readLookup, saveLookup } from '../../../src/app/db/lookups.repository';
import { VaultLockedError } from '../../../src/app/db/sealing.middleware';
import { clearSyncedData } from '../../../src/app/db/sign-out.repository';
import { newApplication } from '../sync/outbox-fixtures';
import { found, LAKSHMI, LAKSHMI_ACCOUNT, MOBILE, RAMESH, rawStoredText } from './raw-store-scan';

// A low work factor keeps the test fast; the production figure is measured by the bench.
const ITERATIONS = 1_000;
const PIN = '482913';

let db: SahyogDb;
beforeEach(async () => {
  db = new SahyogDb(`sealed-${newLocalId()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A "photo" whose bytes carry the persona's PAN card text, as an image of the card would. */
const cardPhoto = () => new Blob([`JPEGDATA INCOME TAX DEPARTMENT ${LAKSHMI.name} ${LAKSHMI.pan} ${LAKSHMI.dob}`], { type: 'image/jpeg' });

/** LAKSHMI captured on the phone through the repositories the screens use: every sealed table. */
async function captureLakshmi(): Promise<{ app: string; files: string[]; record: string }> {
  await writeKv(db, KV_KEYS.sessionOwner, 'officer-1');
  const app = await newApplication(db, 1000);
  await db.applications.update(app, { name: LAKSHMI.name, phone: MOBILE });
  await saveDraft(db, 'kyc', { pan: LAKSHMI.pan, aadhaar: LAKSHMI.aadhaar, voter_id: LAKSHMI.epic }, app);
  await submitStep(db, {
    applicationLocalId: app,
    form: 'borrower',
    label: 'Borrower details',
    method: 'POST',
    url: '/v1/app/mfi',
    body: { name: LAKSHMI.name, mobile: MOBILE, dob: LAKSHMI.dob, address: LAKSHMI.address },
    values: { name: LAKSHMI.name, mobile: MOBILE, dob: LAKSHMI.dob },
  });
  const files = await captureFile(
    db,
    {
      applicationLocalId: app,
      field: 'pan_file',
      label: 'PAN card',
      fields: { file_type: 'PAN', upload_type: 'LOAN_APPLICANT', name_prefix: 'pan', phone: MOBILE },
      files: [{ blob: cardPhoto(), name: `${LAKSHMI.pan}.jpg` }],
    },
    { compress: async (b) => b, requestPersistence: async () => undefined },
  );
  const record = newLocalId();
  await submitRecord(db, {
    applicationLocalId: app,
    kind: 'co_applicant',
    localId: record,
    form: 'co-applicant',
    label: 'Co-applicant',
    method: 'POST',
    url: '/v1/app/{app}/co-applicant',
    body: { name: RAMESH.name, pan: RAMESH.pan, aadhaar: RAMESH.aadhaar },
    values: { name: RAMESH.name, pan: RAMESH.pan, aadhaar: RAMESH.aadhaar, voter_id: RAMESH.epic, dob: RAMESH.dob },
  });
  await keepListRows(db, 'officer-1', [
    { id: 'srv-1', tracker_id: 'TRK1', name: LAKSHMI.name, phone: MOBILE, status: 'DRAFT', updated_at: '2026-11-26T10:00:00Z' },
  ] as never);
  await saveLookup(db, LOOKUP_KEYS.bankList, [{ code: 'SBI', holder: RAMESH.name }]);
  // What her bank statement said, offered to the bank account step (issue 31 N1: it was in the clear kv).
  await db.statementIdentities.put({ applicationLocalId: app, identities: [LAKSHMI_ACCOUNT] });
  return { app, files, record };
}

describe('borrower data at rest', () => {
  it('after lock, no table holds a persona field in clear, in any value, key or blob', async () => {
    const { app, files, record } = await captureLakshmi();
    // The scan finds what is there: before the PIN, the same rows are in clear.
    expect(found((await rawStoredText(db.name)).text)).toEqual(
      expect.arrayContaining([LAKSHMI.pan, RAMESH.aadhaar, MOBILE, LAKSHMI_ACCOUNT.account_number, LAKSHMI_ACCOUNT.ifsc]),
    );

    // The first PIN seals the rows already stored; what is captured after it is sealed on write.
    await setPin(db, PIN, ITERATIONS);
    await saveDraft(db, 'business', { owner: LAKSHMI.name, aadhaar: LAKSHMI.aadhaar }, app);
    lock(db);

    const { text, rows } = await rawStoredText(db.name);
    // Every table of the device database was read, the clear kv among them.
    expect(Object.keys(rows).sort()).toEqual(db.tables.map((t) => t.name).sort());
    for (const table of [
      'drafts',
      'applications',
      'files',
      'fileBlobs',
      'outbox',
      'records',
      'listRows',
      'lookups',
      'statementIdentities',
    ]) {
      expect(rows[table], table).toBeGreaterThan(0);
    }
    expect(found(text)).toEqual([]);

    // Unlocked, the screens' reads see the plain rows again, photo bytes included.
    expect(await unlock(db, PIN)).toEqual({ ok: true });
    expect(await loadDraft(db, 'kyc', app)).toEqual({ pan: LAKSHMI.pan, aadhaar: LAKSHMI.aadhaar, voter_id: LAKSHMI.epic });
    expect(await loadDraft(db, 'business', app)).toEqual({ owner: LAKSHMI.name, aadhaar: LAKSHMI.aadhaar });
    expect((await db.applications.get(app))?.steps?.borrower).toEqual({ name: LAKSHMI.name, mobile: MOBILE, dob: LAKSHMI.dob });
    const photo = await getFileWithBlob(db, files[0]!);
    expect(photo?.name).toBe(`${LAKSHMI.pan}.jpg`);
    expect(await photo?.blob.text()).toBe(await cardPhoto().text());
    expect(photo?.blob.type).toBe('image/jpeg');
    expect((await db.records.get(record))?.values.aadhaar).toBe(RAMESH.aadhaar);
    expect(await readLookup(db, LOOKUP_KEYS.bankList)).toEqual([{ code: 'SBI', holder: RAMESH.name }]);
    expect((await db.statementIdentities.get(app))?.identities).toEqual([LAKSHMI_ACCOUNT]);
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(outbox[0]!.request).toMatchObject({ body: { mobile: MOBILE } });
  });

  it('the list is searched by name and mobile after decryption, and filtered and modified through cursors', async () => {
    await captureLakshmi();
    await setPin(db, PIN, ITERATIONS);
    expect((await searchListRows(db, { owner: 'officer-1', page: 0, size: 10, search: 'lakshmi' })).total_elements).toBe(1);
    expect((await searchListRows(db, { owner: 'officer-1', page: 0, size: 10, search: '98765' })).total_elements).toBe(1);
    expect((await searchListRows(db, { owner: 'officer-1', page: 0, size: 10, search: 'ramesh' })).total_elements).toBe(0);
    expect(await db.applications.filter((a) => a.phone === MOBILE).count()).toBe(1);
    await db.applications
      .where('syncState')
      .equals('pending')
      .modify({ notice: { kind: 'error', message: 'x', at: 1 } });
    expect((await db.applications.filter((a) => a.name === LAKSHMI.name).first())?.notice?.message).toBe('x');
    expect((await db.outbox.reverse().limit(1).toArray())[0]?.seq).toBe(3);
  });

  it('locked, sealed rows can be neither read nor written; the key is non-extractable', async () => {
    const { app } = await captureLakshmi();
    await setPin(db, PIN, ITERATIONS);
    expect(db.vault.key?.extractable).toBe(false);
    lock(db);
    await expect(db.applications.get(app)).rejects.toBeInstanceOf(VaultLockedError);
    await expect(saveDraft(db, 'kyc', { pan: LAKSHMI.pan }, app)).rejects.toBeInstanceOf(VaultLockedError);
    // A reopened database (a reload) knows a PIN is set before its first write.
    db.close();
    const reopened = new SahyogDb(db.name);
    await expect(saveDraft(reopened, 'kyc', { pan: LAKSHMI.pan }, app)).rejects.toBeInstanceOf(VaultLockedError);
    expect(await unlock(reopened, PIN)).toEqual({ ok: true });
    expect((await loadDraft(reopened, 'kyc', app))?.pan).toBe(LAKSHMI.pan);
    reopened.close();
    await db.open();
  });

  it('wrong PINs count down across reloads, and a correct one resets the count', async () => {
    await setPin(db, PIN, ITERATIONS);
    lock(db);
    expect(await unlock(db, '000000')).toEqual({ ok: false, triesLeft: 4 });
    expect(await unlock(db, '12345')).toEqual({ ok: false, triesLeft: 3 });
    db.close();
    await db.open();
    expect(await triesLeft(db)).toBe(3);
    expect(await unlock(db, PIN)).toEqual({ ok: true });
    expect(await triesLeft(db)).toBe(5);
  });

  it('a forgotten PIN loses what the old key sealed; a new PIN starts a new key', async () => {
    const { app } = await captureLakshmi();
    await setPin(db, PIN, ITERATIONS);
    lock(db);
    await forgetSealedData(db);
    expect(await hasPin(db)).toBe(false);
    expect(await db.applications.count()).toBe(0);
    expect(await db.statementIdentities.count()).toBe(0);
    await setPin(db, '111111', ITERATIONS);
    await saveDraft(db, 'kyc', { pan: LAKSHMI.pan }, app);
    lock(db);
    expect((await unlock(db, PIN)).ok).toBe(false);
    expect(await unlock(db, '111111')).toEqual({ ok: true });
    expect(await loadDraft(db, 'kyc', app)).toEqual({ pan: LAKSHMI.pan });
  });
});

describe('the clear kv', () => {
  it('a phone upgraded from before issue 31 loses the statement identities it kept in clear there', async () => {
    const name = `upgrade-${newLocalId()}`;
    const old = new Dexie(name);
    old.version(4).stores({ kv: 'key' });
    await old.table('kv').bulkPut([
      { key: 'statement.identities:app-1', value: [LAKSHMI_ACCOUNT] },
      { key: KV_KEYS.lastSyncAt, value: 1 },
    ]);
    old.close();
    const upgraded = new SahyogDb(name);
    try {
      expect(await upgraded.kv.toCollection().primaryKeys()).toEqual([KV_KEYS.lastSyncAt]);
      expect(found((await rawStoredText(name)).text)).toEqual([]);
    } finally {
      upgraded.close();
      await upgraded.delete();
    }
  });
});

describe('logout', () => {
  it('deletes what the server holds, and keeps (sealed) what is queued or drafted with what it needs', async () => {
    const { app, files, record } = await captureLakshmi();
    await setPin(db, PIN, ITERATIONS);
    const synced = await newApplication(db, 2000, 'srv-2');
    await db.applications.update(synced, { name: RAMESH.name });
    const [syncedPhoto] = await captureFile(
      db,
      {
        applicationLocalId: synced,
        field: 'photo_file',
        label: 'Photo',
        fields: { file_type: 'BORROWER_PHOTO', upload_type: 'LOAN_APPLICANT', name_prefix: 'photo' },
        files: [{ blob: cardPhoto(), name: 'photo.jpg' }],
      },
      { compress: async (b) => b, requestPersistence: async () => undefined },
    );
    // Its upload went through: nothing of it is queued any more.
    await db.outbox.where('applicationLocalId').equals(synced).delete();
    await db.files.update(syncedPhoto!, { uploadState: 'uploaded', serverFileId: 'f-1' });
    const drafted = await newApplication(db, 3000, 'srv-3');
    await saveDraft(db, 'kyc', { pan: RAMESH.pan }, drafted);

    await clearSyncedData(db);

    expect(await db.applications.get(synced)).toBeUndefined();
    expect(await db.files.get(syncedPhoto!)).toBeUndefined();
    expect(await db.fileBlobs.get(syncedPhoto!)).toBeUndefined();
    expect(await db.listRows.count()).toBe(0);
    expect(await db.lookups.count()).toBe(0);
    expect(await db.statementIdentities.count()).toBe(0);
    expect((await db.applications.get(app))?.name).toBe(LAKSHMI.name);
    expect(await db.records.get(record)).toBeDefined();
    expect(await db.fileBlobs.get(files[0]!)).toBeDefined();
    expect(await db.outbox.count()).toBe(3);
    expect(await loadDraft(db, 'kyc', drafted)).toEqual({ pan: RAMESH.pan });
    expect(await db.applications.get(drafted)).toBeDefined();
    lock(db);
    expect(found((await rawStoredText(db.name)).text)).toEqual([]);
  });
});
