import { vi } from 'vitest';
import { fetchApplicationCount, fetchProfile } from '../../../src/app/api/user.api';
import { SahyogDb } from '../../../src/app/db/db';
import { setPin, unlock } from '../../../src/app/db/device-vault';
import { resetAppLock } from '../../../src/app/session/app-lock.store';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import { makeProfile, resetDevice } from './test-utils';

/** Signed in as Ravi, the officer: token and profile stored, and user.api (mocked by the test file) answering for them. */
export function signInOfficer(): void {
  const profile = makeProfile();
  setToken('tok-1');
  setProfile(profile);
  vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
  vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count: 2 } });
}

/**
 * A signed-in phone after a reload: a PIN set (and one wrong PIN since), the data key nowhere in
 * memory, the device database closed.
 */
export async function signedInAfterReload(pin: string, iterations: number): Promise<void> {
  resetDevice();
  await new SahyogDb().delete();
  const device = new SahyogDb();
  await setPin(device, pin, iterations);
  await unlock(device, '000000');
  device.close();
  resetAppLock();
  signInOfficer();
}
