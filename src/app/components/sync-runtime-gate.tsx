import { useEffect } from 'react';
import { useGuestToken, useToken } from '../session/use-session';

/**
 * Starts the page's sync engine while signed in (or holding the public flow's guest token). Dexie and the engine are imported here,
 * lazily, so the /login bundle carries neither.
 */
export function SyncRuntimeGate() {
  // The public flow's guest drains its own outbox too (with the guest token).
  const staff = useToken();
  const guest = useGuestToken();
  const token = staff ?? guest;
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../sync/page-sync').then((module) => {
      if (!cancelled) stop = module.startPageSync();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token]);
  return null;
}
