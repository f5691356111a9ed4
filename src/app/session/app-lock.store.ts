import { useSyncExternalStore } from 'react';
import { appLockIdleMinutes } from '../../domain';
import type { BiometricStatus, EnrolOutcome, LockState, UnlockResult } from '../db/device-vault.actions';
import { isDeviceDbInUse, peekVault } from '../db/vault-peek';
import { readJson } from './safe-storage';
import { DEVICE_KEYS } from './local-keys';
import { getDeviceWipe, setDeviceWipe } from './device-wipe.store';
import { forgetHeldSession } from './session.storage';

/**
 * The app lock's state for React. The device database is imported lazily (the /login bundle
 * carries no Dexie); 'checking' until it has answered. A reload's lock screen does not wait for it
 * (nor load it): until the device database is in use, whether a PIN is set is read from IndexedDB
 * directly (vault-peek.ts), and the database's code loads as the PIN is typed (`prepareUnlock`).
 */
export type AppLockState = LockState | 'checking';

const actions = () => import('../db/device-vault.actions');
/** The session sealed under the data key, or opened from it (issue 31 S3): loaded with it, not in /login's bundle. */
const sealOrOpenSession = async () => (await import('./sealed-session')).sealOrOpenSession();
let state: AppLockState = 'checking';
const listeners = new Set<() => void>();

function set(next: AppLockState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const getAppLockState = (): AppLockState => state;
export function subscribeAppLock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function useAppLockState(): AppLockState {
  return useSyncExternalStore(subscribeAppLock, getAppLockState, getAppLockState);
}

export async function refreshAppLock(): Promise<void> {
  // No device database in use yet: no data key in memory, so a PIN set means locked.
  if (!isDeviceDbInUse()) {
    try {
      set((await peekVault()) ? 'locked' : 'no-pin');
      return;
    } catch {
      // IndexedDB did not answer: the device database says what it can (below).
    }
  }
  try {
    set(await (await actions()).readLockState());
  } catch {
    // No device database (private mode): nothing is stored on the phone, so nothing to lock.
    set('unlocked');
  }
}

/**
 * Sets the first PIN on this device. The data key is in memory from then on; the screens open
 * with `openAfterPin`, once the officer has answered the fingerprint or face offer.
 */
export async function setAppPin(pin: string): Promise<void> {
  await (await actions()).setDevicePin(pin);
  await sealOrOpenSession();
}

export function openAfterPin(): void {
  set('unlocked');
}

export async function unlockApp(pin: string): Promise<UnlockResult> {
  const result = await (await actions()).unlockDevice(pin);
  if (result.ok) {
    await sealOrOpenSession();
    set('unlocked');
  }
  return result;
}

/**
 * Unlocks with the phone's fingerprint or face. Throws when it does not (cancelled, not verified:
 * `BiometricFailedError`); that is no wrong PIN.
 */
export async function unlockAppWithBiometric(): Promise<void> {
  await (await actions()).unlockDeviceWithBiometric();
  await sealOrOpenSession();
  set('unlocked');
}

/** Whether the lock screen offers fingerprint or face: read without the device database on a reload, as the PIN's state is. */
export async function appBiometricEnrolled(): Promise<boolean> {
  if (!isDeviceDbInUse()) {
    const vault = await peekVault().catch(() => undefined);
    if (vault !== undefined) return vault?.biometric ?? false;
  }
  return (await appBiometricStatus()) === 'enrolled';
}

/** Fingerprint or face unlock on this device: turned on, possible, or not. */
export async function appBiometricStatus(): Promise<BiometricStatus> {
  try {
    return await (await actions()).deviceBiometricStatus();
  } catch {
    return 'unavailable'; // no device database
  }
}

/** Turns fingerprint or face unlock on (the PIN opens the data key for its second wrapping). */
export async function enrolAppBiometric(pin: string): Promise<EnrolOutcome> {
  return (await actions()).enrolDeviceBiometric(pin);
}

/** Turns fingerprint or face unlock off: its wrapping of the data key is deleted. */
export async function removeAppBiometric(): Promise<void> {
  try {
    await (await actions()).removeDeviceBiometric();
  } catch {
    // No device database: nothing was stored.
  }
}

export async function pinTriesLeft(): Promise<number> {
  if (!isDeviceDbInUse()) {
    const vault = await peekVault().catch(() => undefined);
    if (vault) return vault.triesLeft;
  }
  return (await actions()).pinTriesLeft();
}

/** The PIN is being typed: the device database's code loads meanwhile, so the unlock need not wait for it. */
export function prepareUnlock(): void {
  void actions().catch(() => undefined);
}

export async function lockApp(): Promise<void> {
  await clearing;
  if (state !== 'unlocked') return;
  const device = await actions();
  device.lockDevice();
  // The session token and profile leave memory with the data key: their sealed copy stays.
  forgetHeldSession();
  set(await device.readLockState());
}

/**
 * Treats the device as unlocked without a PIN: screen tests mount the screens behind the lock
 * (its own tests start from 'checking' with `resetAppLock`).
 */
export function assumeUnlocked(): void {
  set('unlocked');
}

/** Back to 'checking': the gate asks the device database again. */
export function resetAppLock(): void {
  set('checking');
}

/** The logout's deletion of synced data: the lock waits for it (it reads sealed rows). */
let clearing: Promise<void> = Promise.resolve();

/** Logout: the synced data leaves the phone (a phone without a device database has none). */
export function clearSyncedAppData(): Promise<void> {
  clearing = (async () => {
    try {
      await (await actions()).clearSyncedDataHere();
    } catch {
      // No device database: nothing is stored on the phone.
    }
  })();
  return clearing;
}

/** After a forgotten PIN or five wrong ones: what the old key sealed is deleted (what is sealed for the server stays, to be sent). */
export async function forgetAppData(): Promise<void> {
  await (await actions()).forgetDeviceData();
  set('no-pin');
}

let wiping: Promise<void> | undefined;

/**
 * A session revoked because the device was marked lost: the queued items go first, with that
 * session's `token`, for WIPE_SEND_BOUND_MS at most; then everything is deleted. The login screen
 * says so meanwhile and after (device-wipe.store.ts). One wipe at a time (the page's engine and
 * the API client may both hear the 401).
 */
export function wipeAppData(token: string | null, owner: string | undefined): Promise<void> {
  wiping ??= (async () => {
    // A wipe heard again after one finished (a late 401 of the page's engine) adds to its counts.
    const before = getDeviceWipe();
    const shown = before?.phase === 'done' ? before : { sent: 0, unsent: 0 };
    setDeviceWipe({ phase: 'sending' });
    let outcome = { sent: 0, unsent: 0 };
    try {
      outcome = await (await actions()).wipeDeviceAfterSending(token, owner);
    } catch {
      // No device database (private mode): nothing was stored on the phone.
    }
    setDeviceWipe({ phase: 'done', sent: shown.sent + outcome.sent, unsent: shown.unsent + outcome.unsent });
    set('no-pin');
  })().finally(() => {
    wiping = undefined;
  });
  return wiping;
}

/**
 * The idle time before the app locks: the tenant's `app_lock_idle_minutes`, as the last tenant
 * config fetched left it on the device (tenant.store.ts), else 5 minutes (domain/identity/app-lock.ts).
 */
export function idleLockMs(): number {
  const config = readJson(DEVICE_KEYS.tenantConfig) as { app_lock_idle_minutes?: unknown } | null;
  return appLockIdleMinutes(config?.app_lock_idle_minutes) * 60_000;
}
