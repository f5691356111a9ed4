import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { refreshAppLock, useAppLockState } from '../../session/app-lock.store';
import { lazyScreen } from '../../components/screen-load-boundary';
import { useIdleLock } from './use-idle-lock';

// Loaded when first needed, with the signed-in screens: the /login bundle carries neither.
const LockScreen = lazyScreen(() => import('./lock-screen').then((m) => ({ default: m.LockScreen })));
const SetPinScreen = lazyScreen(() => import('./set-pin-screen').then((m) => ({ default: m.SetPinScreen })));

/**
 * The signed-in screens open only unlocked: a device without a PIN sets one first; a reload
 * starts locked (the data key lives in memory only); idle time locks again.
 */
export function AppLockGate() {
  const state = useAppLockState();
  useEffect(() => {
    if (state === 'checking') void refreshAppLock();
  }, [state]);
  useIdleLock(state === 'unlocked');
  if (state === 'checking') return null;
  if (state === 'no-pin') return <SetPinScreen />;
  if (state === 'locked') return <LockScreen />;
  return <Outlet />;
}
