import { EMPTY_PROFILE, type Designation, type Profile } from '../../domain';
import { DEVICE_KEYS, KEPT_BY_CLEAR_ALL, SESSION_KEYS } from './local-keys';
import { readItem, readJson, removeItem, writeItem } from './safe-storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribe to token and profile changes (this tab and, through `storage` events, others). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (
    event.key === null ||
    event.key === SESSION_KEYS.token ||
    event.key === SESSION_KEYS.profile ||
    event.key === SESSION_KEYS.guestToken
  ) {
    profileCache = undefined;
    notify();
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function getToken(): string | null {
  return readItem(SESSION_KEYS.token) || null;
}

export function setToken(token: string): void {
  writeItem(SESSION_KEYS.token, token);
  notify();
}

export function removeToken(): void {
  removeItem(SESSION_KEYS.token);
  notify();
}

export function getGuestToken(): string | null {
  return readItem(SESSION_KEYS.guestToken) || null;
}

/** The public flow's guest token (apply-loan): sent where no staff token is held (api/http-client.ts, the outbox). */
export function setGuestToken(token: string): void {
  writeItem(SESSION_KEYS.guestToken, token);
  profileCache = undefined;
  notify();
}

export function removeGuestToken(): void {
  removeItem(SESSION_KEYS.guestToken);
  profileCache = undefined;
  notify();
}

/** The token a request carries: the staff session's, else the guest's (spec 01 §3 "a fallback token"). */
export const getAnyToken = (): string | null => getToken() ?? getGuestToken();

/**
 * The borrower on their own phone fills the capture steps a relationship officer fills (the staff
 * step screens, under /apply-loan): on the phone they act as one. The server knows them as a
 * guest and its access policy's guest row decides what they may do.
 */
// The creator designation written out: importing the enums here would put them all in the first screen's bundle.
export const GUEST_PROFILE: Profile = { ...EMPTY_PROFILE, mfi_employee: 'RELATIONSHIP_OFFICER' satisfies Designation };

export const isGuestSession = (): boolean => getToken() === null && getGuestToken() !== null;

// The parsed profile is cached so useSyncExternalStore sees a stable snapshot.
let profileCache: Profile | undefined;

export function getProfile(): Profile {
  if (profileCache) return profileCache;
  if (isGuestSession()) return (profileCache = GUEST_PROFILE);
  const stored = readJson(SESSION_KEYS.profile);
  profileCache = isProfileLike(stored) ? { ...EMPTY_PROFILE, ...stored } : EMPTY_PROFILE;
  return profileCache;
}

export function setProfile(profile: Profile): void {
  writeItem(SESSION_KEYS.profile, JSON.stringify(profile));
  profileCache = { ...EMPTY_PROFILE, ...profile };
  notify();
}

export function resetProfile(): void {
  writeItem(SESSION_KEYS.profile, JSON.stringify(EMPTY_PROFILE));
  profileCache = EMPTY_PROFILE;
  notify();
}

/** Spec: a token exists and the profile id is missing or below 0. */
export function needsProfile(): boolean {
  const id = getProfile().id;
  return getToken() !== null && (typeof id !== 'number' || id < 0);
}

/** The application being worked on: its id, or -1 when there is none. */
export function getApplicationId(): string | -1 {
  return readItem(SESSION_KEYS.applicationId) || -1;
}

export function setApplicationId(id: string): void {
  writeItem(SESSION_KEYS.applicationId, id);
}

/** The spec's clear-all: every session key but the profile and the token. */
export function clearAll(): void {
  for (const key of Object.values(SESSION_KEYS)) {
    if (!KEPT_BY_CLEAR_ALL.includes(key)) removeItem(key);
  }
}

/** Last application count seen online, shown when offline. */
export function getCachedCount(): number | null {
  const value = readJson(DEVICE_KEYS.applicationCount);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function setCachedCount(count: number): void {
  writeItem(DEVICE_KEYS.applicationCount, JSON.stringify(count));
}

export function removeCachedCount(): void {
  removeItem(DEVICE_KEYS.applicationCount);
}

function isProfileLike(value: unknown): value is Partial<Profile> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
