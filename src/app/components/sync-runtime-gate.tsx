import { useEffect } from 'react';
import { peekOutboxCount } from '../db/vault-peek';
import { useAppLockState } from '../session/app-lock.store';
import { logoutLocally } from '../session/logout';
import { useGuestToken, useStaffSession } from '../session/use-session';

/**
 * Starts the page's sync engine while signed in (or holding the public flow's guest token). Dexie
 * and the engine are imported here, lazily, so the /login bundle carries neither.
 */
export function SyncRuntimeGate() {
  const staff = useStaffSession();
  const guest = useGuestToken();
  const lock = useAppLockState();
  // The page's engine runs locked too: the outbox is sealed for the server and needs no data key
  // (what it learns waits as receipts until the unlock). It starts again at the unlock, so that
  // drain writes those receipts into the sealed tables. A guest (the borrower's own phone, the
  // public flow) sets no PIN.
  // Locked, it sends with the session's send-only credential (page-sync.ts).
  const signedIn = staff || guest !== null;
  const unlocked = !staff || lock === 'unlocked';
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Locked, the engine (and the device database with it) loads only when something waits to be
    // sent: a reload's lock screen with an empty outbox loads no Dexie (budgets.e2e.ts).
    const waiting = unlocked ? Promise.resolve(1) : peekOutboxCount().catch(() => 1);
    void waiting.then(async (count) => {
      if (cancelled || count === 0) return;
      const module = await import('../sync/page-sync');
      if (!cancelled) stop = module.startPageSync(() => logoutLocally({ wipe: true }), { unlocked });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn, staff, unlocked]);
  return null;
}
