import { useEffect } from 'react';
import { useAppLockState } from '../session/app-lock.store';
import { logoutLocally } from '../session/logout';
import { useToken } from '../session/use-session';

/**
 * Starts the page's sync engine while signed in. Dexie and the engine are imported here,
 * lazily, so the /login bundle carries neither.
 */
export function SyncRuntimeGate() {
  const token = useToken();
  // The page's engine reads the sealed outbox: it runs while the app is unlocked.
  const unlocked = useAppLockState() === 'unlocked';
  useEffect(() => {
    if (!token || !unlocked) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../sync/page-sync').then((module) => {
      if (!cancelled) stop = module.startPageSync(() => logoutLocally({ wipe: true }));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, unlocked]);
  return null;
}
