import { useEffect } from 'react';
import { idleLockMs, lockApp } from '../../session/app-lock.store';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Locks the app after the tenant's idle time without a touch or a key, and on return from the
 * background once that time has passed. The time is read at each check: a tenant config fetched
 * after the lock started (main.tsx loads it in the background) counts at once.
 */
export function useIdleLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let lastActive = Date.now();
    const touch = () => {
      lastActive = Date.now();
    };
    const check = () => {
      if (Date.now() - lastActive >= idleLockMs()) void lockApp();
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? check() : undefined);
    // Every 15 s: the shortest idle time a tenant may set is a minute (domain/identity/app-lock.ts).
    const timer = setInterval(check, 15_000);
    for (const event of ACTIVITY) window.addEventListener(event, touch, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, touch, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active]);
}
