import type { MessageKey } from '../i18n/en';

let reason: MessageKey | null = null;

/**
 * Why the app itself signed this phone out (a designation that may not use it), for the login
 * screen to say (issue 31 N3); the next Get OTP clears it. Kept in memory: a reload forgets it.
 */
export function setSignOutReason(key: MessageKey | null): void {
  reason = key;
}

export const signOutReason = (): MessageKey | null => reason;
