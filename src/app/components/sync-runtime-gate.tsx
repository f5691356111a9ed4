import { useEffect } from 'react';
import { useAppLockState } from '../session/app-lock.store';
import { logoutLocally } from '../session/logout';
import { useGuestToken, useToken } from '../session/use-session';

/**
 * Starts the page's sync engine while signed in (or holding the public flow's guest token). Dexie
 * and the engine are imported here, lazily, so the /login bundle carries neither.
 */
export function SyncRuntimeGate() {
  const staff = useToken();
  const guest = useGuestToken();
  const lock = useAppLockState();
  // The page's engine reads the sealed outbox: an officer's runs while the app is unlocked. A
  // guest (the borrower's own phone, the public flow) sets no PIN, so nothing of theirs is sealed.
  const token = staff ? (lock === 'unlocked' ? staff : null) : guest;
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../sync/page-sync').then((module) => {
      if (!cancelled) stop = module.startPageSync(() => logoutLocally({ wipe: true }));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token]);
  return null;
}
