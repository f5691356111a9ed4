import { useSyncExternalStore } from 'react';
import { DEVICE_KEYS } from './local-keys';
import { readJson, removeItem, writeItem } from './safe-storage';

/**
 * The remote wipe as the login screen tells it (issue 31 W2): the queued items being sent, then
 * how many were sent first and how many were lost. Counts only; kept across a reload until the
 * next Get OTP.
 */
export type DeviceWipe = { phase: 'sending' } | { phase: 'done'; sent: number; unsent: number };

const listeners = new Set<() => void>();

function stored(): DeviceWipe | null {
  const value = readJson(DEVICE_KEYS.deviceWipe) as { sent?: unknown; unsent?: unknown } | null;
  return typeof value?.sent === 'number' && typeof value.unsent === 'number'
    ? { phase: 'done', sent: value.sent, unsent: value.unsent }
    : null;
}

let state: DeviceWipe | null | undefined;

export const getDeviceWipe = (): DeviceWipe | null => (state === undefined ? (state = stored()) : state);

export function setDeviceWipe(next: DeviceWipe | null): void {
  state = next;
  if (next?.phase === 'done') writeItem(DEVICE_KEYS.deviceWipe, JSON.stringify({ sent: next.sent, unsent: next.unsent }));
  else if (next === null) removeItem(DEVICE_KEYS.deviceWipe);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDeviceWipe(): DeviceWipe | null {
  return useSyncExternalStore(subscribe, getDeviceWipe, getDeviceWipe);
}
