import { WrongPinError } from '../crypto/data-key';
import { BiometricUnsupportedError } from '../crypto/platform-authenticator';
import { API_BASES } from '../sync/api-bases';
import { sendBeforeWipe, type WipeOutcome } from '../sync/send-before-wipe';
import { createFetchTransport } from '../sync/transport';
import { getDb } from './db';
import { KV_KEYS, readKv, removeKv } from './kv.repository';
import { keepSession, readSession, removeSession, type KeptSession } from './sealed-session.repository';
import { KEPT_WITHOUT_PIN } from './sealed-for-server';
import { clearSyncedData } from './sign-out.repository';
import { biometricStatus, enrolBiometric, removeBiometric, unlockWithBiometric, type BiometricStatus } from './biometric-unlock';
import { forgetSealedData, hasPin, isUnlocked, lock, setPin, unlock, triesLeft, type UnlockResult } from './device-vault';

export type { BiometricStatus, UnlockResult, WipeOutcome };

/** How turning fingerprint or face on ended: on, or why not (cancelled: not confirmed, timed out). */
export type EnrolOutcome = 'on' | 'wrong-pin' | 'unsupported' | 'cancelled';

/** Where the app lock stands on this device. */
export type LockState = 'no-pin' | 'locked' | 'unlocked';

export async function readLockState(): Promise<LockState> {
  const db = getDb();
  if (isUnlocked(db)) return 'unlocked';
  return (await hasPin(db)) ? 'locked' : 'no-pin';
}

export const setDevicePin = (pin: string): Promise<void> => setPin(getDb(), pin);
export const unlockDevice = (pin: string): Promise<UnlockResult> => unlock(getDb(), pin);
export const pinTriesLeft = (): Promise<number> => triesLeft(getDb());
export const lockDevice = (): void => lock(getDb());
export const deviceBiometricStatus = (): Promise<BiometricStatus> => biometricStatus(getDb());
export async function enrolDeviceBiometric(pin: string): Promise<EnrolOutcome> {
  try {
    await enrolBiometric(getDb(), pin);
    return 'on';
  } catch (error) {
    if (error instanceof WrongPinError) return 'wrong-pin';
    if (error instanceof BiometricUnsupportedError) return 'unsupported';
    return 'cancelled';
  }
}
export const unlockDeviceWithBiometric = (): Promise<void> => unlockWithBiometric(getDb());
export const removeDeviceBiometric = (): Promise<void> => removeBiometric(getDb());
/** A forgotten PIN, five wrong ones: what the data key sealed is deleted; what is sealed for the server stays, to be sent. */
export const forgetDeviceData = (): Promise<void> => forgetSealedData(getDb(), KEPT_WITHOUT_PIN);

/**
 * A session revoked because the device was marked lost: the queued items sealed for the server go
 * first (with that session's token, for a short while), then everything is deleted (send-before-wipe.ts).
 */
export async function wipeDeviceAfterSending(token: string | null, owner: string | undefined): Promise<WipeOutcome> {
  const db = getDb();
  // Locked, the profile is sealed: whose items to send is the owner mirrored for the service worker.
  const who = owner ?? (await readKv<string>(db, KV_KEYS.sessionOwner));
  const outcome = await sendBeforeWipe({
    db,
    transport: createFetchTransport({ baseUrls: API_BASES, getToken: () => token }),
    ...(who ? { owner: who } : {}),
  });
  await removeKv(db, KV_KEYS.wipeOutcome); // the page shows it from here on (device-wipe.store.ts)
  return outcome;
}

/** Logout: what the server already holds leaves the phone; queued items stay sealed. */
export async function clearSyncedDataHere(): Promise<void> {
  await clearSyncedData(getDb());
}

/** The session's token and profile, sealed under the PIN (unlocked only); false when they could not be. */
export const sealSessionHere = (session: KeptSession): Promise<boolean> => keepSession(getDb(), session);
/** The sealed session, opened (unlocked only). */
export const openSessionHere = (): Promise<KeptSession | undefined> => readSession(getDb());
/** Signed out: the sealed session goes. */
export const dropSessionHere = (): Promise<void> => removeSession(getDb());
