import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { refreshAppLock, useAppLockState } from '../../session/app-lock.store';
import { LockScreen } from './lock-screen';
import { SetPinScreen } from './set-pin-screen';
import { useIdleLock } from './use-idle-lock';

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
