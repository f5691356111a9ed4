import { useSyncExternalStore } from 'react';
import type { Profile } from '../../domain';
import { getGuestToken, getProfile, getToken, hasStaffSession, subscribeSession } from './session.storage';

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, getToken);
}

/** A staff session on this phone, locked (its token sealed) or not. */
export function useStaffSession(): boolean {
  return useSyncExternalStore(subscribeSession, hasStaffSession, hasStaffSession);
}

export function useProfile(): Profile {
  return useSyncExternalStore(subscribeSession, getProfile, getProfile);
}

/** The public flow's guest token, if this phone holds one. */
export function useGuestToken(): string | null {
  return useSyncExternalStore(subscribeSession, getGuestToken, getGuestToken);
}
