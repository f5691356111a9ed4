import { WrongPinError } from '../crypto/data-key';
import { BiometricUnsupportedError } from '../crypto/platform-authenticator';
import { getDb } from './db';
import { KEPT_WITHOUT_PIN } from './sealed-for-server';
import { clearSyncedData } from './sign-out.repository';
import { biometricStatus, enrolBiometric, removeBiometric, unlockWithBiometric, type BiometricStatus } from './biometric-unlock';
import { forgetSealedData, hasPin, isUnlocked, lock, setPin, unlock, triesLeft, type UnlockResult } from './device-vault';

export type { BiometricStatus, UnlockResult };

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
/**
 * Deletes what the device's data key sealed. A forgotten PIN, five wrong ones: what is sealed for
 * the server stays, to be sent. A session revoked on the server (`everything`): it goes too.
 */
export const forgetDeviceData = (everything = false): Promise<void> => forgetSealedData(getDb(), everything ? [] : KEPT_WITHOUT_PIN);

/** Logout: what the server already holds leaves the phone; queued items stay sealed. */
export async function clearSyncedDataHere(): Promise<void> {
  await clearSyncedData(getDb());
}
