import { logoutSession } from '../api/auth.api';
import { withLoading } from '../components/loading.store';
import { clearSyncedAppData, lockApp, removeAppBiometric, wipeAppData } from './app-lock.store';
import { getProfile, getSendToken, getToken, removeCachedCount, removeToken, resetProfile } from './session.storage';

/**
 * Forgets the session on this device: the token, the profile, the user's cached count and the
 * fingerprint or face unlock.
 * Drafts, files and the outbox stay: they send after the next sign-in. The token's copy for
 * the service worker goes when the page's sync runtime stops (sync-runtime-gate).
 */
export function logoutLocally({
  wipe = false,
  token = getToken() ?? getSendToken(),
}: { wipe?: boolean; token?: string | null } = {}): void {
  // Revoked on the server (device lost): the queued items are sent first with the revoked
  // session's token (the server takes them for a short while), then everything goes.
  // Otherwise the PIN's wrapping stays for what is still sealed; the fingerprint's goes: the next
  // sign-in unlocks with the PIN, and may turn fingerprint or face on again from Profile.
  const owner = getProfile().id >= 0 ? String(getProfile().id) : undefined;
  void (wipe ? wipeAppData(token, owner) : Promise.all([lockApp(), removeAppBiometric()]));
  removeToken();
  resetProfile();
  removeCachedCount();
  void import('./sealed-session').then((m) => m.dropSealedSession());
}

/**
 * Spec 01 §4 logout: the logout call (its failure ignored), then the local logout. The route
 * guard then sends the user to /login with replace.
 */
export async function logout(): Promise<void> {
  const signOutOnServer = async () => {
    try {
      // Locked (a forgotten PIN), the session token is sealed: its send-only credential may end it.
      await logoutSession(getToken() ?? getSendToken());
    } catch {
      // Offline or already expired: the local logout below is what matters.
    }
  };
  await withLoading(signOutOnServer);
  // The lock (in logoutLocally) waits for this deletion; the sign-out does not.
  void clearSyncedAppData();
  logoutLocally();
}
