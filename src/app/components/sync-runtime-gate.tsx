import { useEffect } from 'react';
import { useToken } from '../session/use-session';

/**
 * Starts the page's sync engine while signed in. Dexie and the engine are imported here,
 * lazily, so the /login bundle carries neither.
 */
export function SyncRuntimeGate() {
  const token = useToken();
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
