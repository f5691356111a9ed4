import { useSyncExternalStore } from 'react';
import type { Profile } from '../../domain';
import { getProfile, getToken, subscribeSession } from './session.storage';

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, getToken);
}

export function useProfile(): Profile {
  return useSyncExternalStore(subscribeSession, getProfile, getProfile);
}
