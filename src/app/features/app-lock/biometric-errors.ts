import { WrongPinError } from '../../crypto/data-key';
import { BiometricUnsupportedError } from '../../crypto/platform-authenticator';
import type { AppLockKey } from './app-lock.text';

/** What the officer is told when turning on fingerprint or face fails. */
export function enrolErrorText(error: unknown): AppLockKey {
  if (error instanceof WrongPinError) return 'lock.wrongPinOnly';
  if (error instanceof BiometricUnsupportedError) return 'lock.bioUnsupported';
  return 'lock.bioEnrolFailed'; // cancelled, not verified, timed out
}
