import {
  unwrapDataKey,
  unwrapDataKeyWithSecret,
  wrapDataKeyForSecret,
  WrongSecretError,
  type SecretWrappedDataKey,
} from '../crypto/data-key';
import {
  BiometricFailedError,
  BiometricUnsupportedError,
  createPrfCredential,
  platformAuthenticatorAvailable,
  prfSecret,
  type PrfCredential,
} from '../crypto/platform-authenticator';
import type { SahyogDb } from './db';
import { BIOMETRIC_KV_KEY, hasPin, readVault } from './device-vault';
import { VAULT_KV_KEY } from './sealing.middleware';

/**
 * Unlock with the phone's fingerprint or face: a second wrapping of the same data key, under a key
 * derived from the platform authenticator's WebAuthn PRF secret, beside the PIN's (device-vault.ts,
 * whose deletions of the PIN's wrapping delete this one too). The page only: the service worker
 * never unlocks.
 */

/** Set when this phone's authenticator gave no PRF secret: fingerprint or face is not offered again. */
export const BIOMETRIC_UNSUPPORTED_KV_KEY = 'vault.biometricUnsupported';

export type BiometricRecord = { key: typeof BIOMETRIC_KV_KEY; value: PrfCredential & SecretWrappedDataKey };

export type BiometricStatus = 'enrolled' | 'available' | 'unavailable';

async function readBiometric(db: SahyogDb): Promise<BiometricRecord['value'] | undefined> {
  return (await db.kv.get(BIOMETRIC_KV_KEY))?.value as BiometricRecord['value'] | undefined;
}

/**
 * Fingerprint or face unlock on this device: turned on, possible (a PIN is set, the phone has a
 * user-verifying platform authenticator, and its PRF was not found missing), or not.
 */
export async function biometricStatus(db: SahyogDb): Promise<BiometricStatus> {
  if (await readBiometric(db)) return 'enrolled';
  if (!(await hasPin(db)) || (await db.kv.get(BIOMETRIC_UNSUPPORTED_KV_KEY))) return 'unavailable';
  return (await platformAuthenticatorAvailable()) ? 'available' : 'unavailable';
}

/**
 * Turns on fingerprint or face unlock: the PIN opens the data key (WrongPinError otherwise; not
 * counted: the app is unlocked already), a new credential gives a PRF secret, and the same data
 * key is wrapped a second time under it. BiometricUnsupportedError (remembered: not offered again)
 * when the authenticator gives no secret; BiometricFailedError when the officer cancelled.
 */
export async function enrolBiometric(db: SahyogDb, pin: string): Promise<void> {
  const vault = await readVault(db);
  if (!vault) throw new Error('No PIN is set on this device');
  const dataKey = await unwrapDataKey(pin, vault, true);
  let created: Awaited<ReturnType<typeof createPrfCredential>>;
  try {
    created = await createPrfCredential();
  } catch (error) {
    if (error instanceof BiometricUnsupportedError) await db.kv.put({ key: BIOMETRIC_UNSUPPORTED_KV_KEY, value: true });
    throw error;
  }
  const wrapped = await wrapDataKeyForSecret(dataKey, created.secret);
  await db.kv.put({ key: BIOMETRIC_KV_KEY, value: { ...created.credential, ...wrapped } });
}

/**
 * Unlocks with the fingerprint or face: the authenticator's PRF secret opens the second wrapping.
 * A failure (cancelled, not verified, another secret) throws BiometricFailedError and is not a
 * wrong PIN: the count stays. A success ends a run of wrong PINs, as the right PIN does.
 */
export async function unlockWithBiometric(db: SahyogDb): Promise<void> {
  const record = await readBiometric(db);
  if (!record) throw new Error('Fingerprint or face unlock is not turned on');
  const secret = await prfSecret(record);
  try {
    db.vault.key = await unwrapDataKeyWithSecret(secret, record);
  } catch (error) {
    throw error instanceof WrongSecretError ? new BiometricFailedError(error) : error;
  }
  const vault = await readVault(db);
  if (vault?.failedTries) await db.kv.put({ key: VAULT_KV_KEY, value: { ...vault, failedTries: 0 } });
}

/** Turns fingerprint or face unlock off: its wrapping of the data key is deleted. */
export async function removeBiometric(db: SahyogDb): Promise<void> {
  await db.kv.delete(BIOMETRIC_KV_KEY);
}
