// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { SahyogDb } from '../../../src/app/db/db';
import { setPin, unlock } from '../../../src/app/db/device-vault';
import { enrolBiometric, removeBiometric } from '../../../src/app/db/biometric-unlock';
import { installFakePlatformAuthenticator } from '../../support/fake-platform-authenticator';
import { DEVICE_DB_NAME, MAX_PIN_TRIES, peekOutboxCount, peekVault } from '../../../src/app/db/vault-peek';
import { queueItems } from '../../../src/app/db/outbox.repository';

// A low work factor keeps the test fast; the production figure is measured by the bench.
const ITERATIONS = 1_000;
const PIN = '482913';

const deviceDbExists = async () => (await indexedDB.databases()).some((d) => d.name === DEVICE_DB_NAME);

afterEach(async () => {
  // Fails (times out) if a peek left its connection open: a deletion waits for every connection.
  await new SahyogDb().delete();
});

describe('peekVault: whether a PIN is set, read without Dexie', () => {
  it('answers no PIN on a device without a database, and creates none', async () => {
    expect(await deviceDbExists()).toBe(false);
    expect(await peekVault()).toBeNull();
    expect(await deviceDbExists()).toBe(false);
    // Dexie then creates the database with its schema as usual.
    const db = new SahyogDb();
    await db.open();
    expect(db.tables.map((t) => t.name)).toContain('kv');
    db.close();
  });

  it('answers no PIN on a device whose database has none', async () => {
    const db = new SahyogDb();
    await db.kv.put({ key: 'other', value: 1 });
    db.close();
    expect(await peekVault()).toBeNull();
  });

  it('answers the tries left once a PIN is set, counting wrong PINs across reloads', async () => {
    const db = new SahyogDb();
    await setPin(db, PIN, ITERATIONS);
    expect(await peekVault()).toEqual({ triesLeft: MAX_PIN_TRIES, biometric: false });
    expect(await unlock(db, '000000')).toEqual({ ok: false, triesLeft: 4 });
    expect(await unlock(db, '111111')).toEqual({ ok: false, triesLeft: 3 });
    expect(await peekVault()).toEqual({ triesLeft: 3, biometric: false });
    db.close();
  });

  it('never holds up the device database: Dexie opens while a peek runs', async () => {
    const db = new SahyogDb();
    await setPin(db, PIN, ITERATIONS);
    db.close();
    const [peek] = await Promise.all([peekVault(), new SahyogDb().open().then((other) => other.close())]);
    expect(peek).toEqual({ triesLeft: MAX_PIN_TRIES, biometric: false });
  });

  it('answers whether fingerprint or face unlock is on, so the lock screen offers it before Dexie loads', async () => {
    const authenticator = installFakePlatformAuthenticator();
    try {
      const db = new SahyogDb();
      await setPin(db, PIN, ITERATIONS);
      await enrolBiometric(db, PIN);
      expect(await peekVault()).toEqual({ triesLeft: MAX_PIN_TRIES, biometric: true });
      await removeBiometric(db);
      expect(await peekVault()).toEqual({ triesLeft: MAX_PIN_TRIES, biometric: false });
      db.close();
    } finally {
      authenticator.uninstall();
    }
  });

  it('counts the outbox without Dexie (0 and no database created where there is none), so a locked page loads the engine only when something waits', async () => {
    expect(await peekOutboxCount()).toBe(0);
    expect(await deviceDbExists()).toBe(false);
    const db = new SahyogDb();
    const item = {
      label: 'KYC details',
      request: { kind: 'json' as const, base: 'main' as const, method: 'POST' as const, url: '/v1/app/mfi/a/kyc', body: {} },
    };
    await queueItems(db, [item, item]);
    db.close();
    expect(await peekOutboxCount()).toBe(2);
  });
});
