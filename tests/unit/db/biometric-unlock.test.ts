// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongPinError } from '../../../src/app/crypto/data-key';
import { BiometricFailedError, BiometricUnsupportedError } from '../../../src/app/crypto/platform-authenticator';
import {
  BIOMETRIC_UNSUPPORTED_KV_KEY,
  biometricStatus,
  enrolBiometric,
  removeBiometric,
  unlockWithBiometric,
} from '../../../src/app/db/biometric-unlock';
import { SahyogDb } from '../../../src/app/db/db';
import {
  BIOMETRIC_KV_KEY,
  forgetSealedData,
  isUnlocked,
  lock,
  MAX_PIN_TRIES,
  setPin,
  triesLeft,
  unlock,
} from '../../../src/app/db/device-vault';
import { loadDraft, saveDraft } from '../../../src/app/db/drafts.repository';
import { newLocalId } from '../../../src/app/db/ids';
import { VaultLockedError } from '../../../src/app/db/sealing.middleware';
import { installFakePlatformAuthenticator, type FakeAuthenticator } from '../../support/fake-platform-authenticator';

// A low work factor keeps the test fast; the production figure is measured by the bench.
const ITERATIONS = 1_000;
const PIN = '482913';
const PAN = 'BDVPD4821K';

let db: SahyogDb;
let authenticator: FakeAuthenticator;
beforeEach(async () => {
  db = new SahyogDb(`biometric-${newLocalId()}`);
  await db.open();
  authenticator = installFakePlatformAuthenticator();
});
afterEach(async () => {
  authenticator.uninstall();
  db.close();
  await db.delete();
});

/** A PIN set, a draft sealed under it, fingerprint turned on, and the app locked. */
async function enrolledAndLocked(): Promise<void> {
  await setPin(db, PIN, ITERATIONS);
  await saveDraft(db, 'kyc', { pan: PAN }, 'app-1');
  await enrolBiometric(db, PIN);
  lock(db);
}

const hasBytes = (haystack: Uint8Array, needle: Uint8Array) => {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

/** Every byte of the kv table's values, as one array. */
async function kvBytes(): Promise<Uint8Array> {
  const parts: number[] = [];
  const walk = (value: unknown): void => {
    if (value instanceof ArrayBuffer) parts.push(...new Uint8Array(value));
    else if (ArrayBuffer.isView(value)) parts.push(...new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(await db.kv.toArray());
  return new Uint8Array(parts);
}

describe('unlock with the fingerprint or face (WebAuthn PRF)', () => {
  it('is offered once a PIN is set, where the phone has a user-verifying platform authenticator', async () => {
    expect(await biometricStatus(db)).toBe('unavailable'); // no PIN yet
    await setPin(db, PIN, ITERATIONS);
    expect(await biometricStatus(db)).toBe('available');
    authenticator.options.available = false;
    expect(await biometricStatus(db)).toBe('unavailable');
  });

  it('asks a platform authenticator, user verification required, for this site, with a PRF input', async () => {
    await enrolledAndLocked();
    const create = authenticator.createCalls[0]!.publicKey!;
    expect(create.authenticatorSelection).toMatchObject({ authenticatorAttachment: 'platform', userVerification: 'required' });
    expect(create.rp.id).toBe('localhost');
    expect(create.extensions).toHaveProperty('prf.eval.first');
    await unlockWithBiometric(db);
    const get = authenticator.getCalls.at(-1)!.publicKey!;
    expect(get.userVerification).toBe('required');
    expect(get.rpId).toBe('localhost');
    expect(get.allowCredentials).toHaveLength(1);
  });

  it('a second wrapping of the same data key: the fingerprint opens what the PIN sealed, and the PIN still does', async () => {
    await enrolledAndLocked();
    await expect(loadDraft(db, 'kyc', 'app-1')).rejects.toBeInstanceOf(VaultLockedError);
    await unlockWithBiometric(db);
    expect(await loadDraft(db, 'kyc', 'app-1')).toEqual({ pan: PAN });
    // Written under the fingerprint's unlock, read under the PIN's: one key.
    await saveDraft(db, 'kyc', { pan: PAN, voter: 'ABC1234567' }, 'app-1');
    lock(db);
    expect(await unlock(db, PIN)).toEqual({ ok: true });
    expect(await loadDraft(db, 'kyc', 'app-1')).toEqual({ pan: PAN, voter: 'ABC1234567' });
  });

  it('works too where the authenticator gives the PRF output at create()', async () => {
    authenticator.options.prfAtCreate = true;
    await enrolledAndLocked();
    expect(authenticator.getCalls).toHaveLength(0);
    await unlockWithBiometric(db);
    expect(await loadDraft(db, 'kyc', 'app-1')).toEqual({ pan: PAN });
  });

  it('stores the credential id and the wrapping, never the PRF output', async () => {
    await enrolledAndLocked();
    const record = (await db.kv.get(BIOMETRIC_KV_KEY))!.value as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual(['credentialId', 'iv', 'prfSalt', 'salt', 'wrapped']);
    const stored = await kvBytes();
    expect(authenticator.outputs.length).toBeGreaterThan(0);
    for (const output of authenticator.outputs) expect(hasBytes(stored, output)).toBe(false);
  });

  it('another PRF output does not open the data key, and is no wrong PIN', async () => {
    await enrolledAndLocked();
    await authenticator.rotateSecrets();
    await expect(unlockWithBiometric(db)).rejects.toBeInstanceOf(BiometricFailedError);
    expect(isUnlocked(db)).toBe(false);
    expect(await triesLeft(db)).toBe(MAX_PIN_TRIES);
  });

  it('a cancelled or unverified fingerprint fails without counting; a success ends a run of wrong PINs', async () => {
    await enrolledAndLocked();
    expect(await unlock(db, '000000')).toEqual({ ok: false, triesLeft: 4 });
    authenticator.options.userVerified = false;
    for (let i = 0; i < MAX_PIN_TRIES; i++) await expect(unlockWithBiometric(db)).rejects.toBeInstanceOf(BiometricFailedError);
    expect(isUnlocked(db)).toBe(false);
    expect(await triesLeft(db)).toBe(4);
    authenticator.options.userVerified = true;
    await unlockWithBiometric(db);
    expect(await triesLeft(db)).toBe(MAX_PIN_TRIES);
  });

  it('a wrong PIN turns nothing on, and creates no credential', async () => {
    await setPin(db, PIN, ITERATIONS);
    await expect(enrolBiometric(db, '000000')).rejects.toBeInstanceOf(WrongPinError);
    expect(authenticator.createCalls).toHaveLength(0);
    expect(await biometricStatus(db)).toBe('available');
    expect(await triesLeft(db)).toBe(MAX_PIN_TRIES);
  });

  it('an authenticator without PRF is not used, and not offered again on this phone', async () => {
    authenticator.options.prf = false;
    await setPin(db, PIN, ITERATIONS);
    await expect(enrolBiometric(db, PIN)).rejects.toBeInstanceOf(BiometricUnsupportedError);
    expect(await db.kv.get(BIOMETRIC_KV_KEY)).toBeUndefined();
    expect(await db.kv.get(BIOMETRIC_UNSUPPORTED_KV_KEY)).toBeDefined();
    expect(await biometricStatus(db)).toBe('unavailable');
  });

  it('turned off, its wrapping is gone; the PIN still opens', async () => {
    await enrolledAndLocked();
    await removeBiometric(db);
    expect(await biometricStatus(db)).toBe('available');
    await expect(unlockWithBiometric(db)).rejects.toThrow('not turned on');
    expect(await unlock(db, PIN)).toEqual({ ok: true });
  });

  it('five wrong PINs (or a forgotten PIN, or a wipe) delete both wrappings', async () => {
    await enrolledAndLocked();
    for (let i = 0; i < MAX_PIN_TRIES; i++) await unlock(db, '000000');
    expect(await triesLeft(db)).toBe(0);
    await forgetSealedData(db); // what the lock screen does at the fifth
    expect(await db.kv.get(BIOMETRIC_KV_KEY)).toBeUndefined();
    expect(await biometricStatus(db)).toBe('unavailable');
    expect(await db.drafts.count()).toBe(0);
  });
});
