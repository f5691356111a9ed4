import { EMPTY_PROFILE, isObject, type Designation, type Profile } from '../../domain';
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
  if (event.key === SESSION_KEYS.sessionSealed && event.newValue === null) forgetHeldSession(); // signed out in another tab
  if (
    event.key === null ||
    event.key === SESSION_KEYS.token ||
    event.key === SESSION_KEYS.profile ||
    event.key === SESSION_KEYS.guestToken ||
    event.key === SESSION_KEYS.sessionSealed
  ) {
    profileCache = undefined;
    notify();
  }
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Issue 31 S3: once a PIN is set, the session token and the profile are kept sealed under it
 * (sealed-session.ts) and held here, in memory, only while the app is unlocked. localStorage holds
 * them only until then (a first sign-in before its PIN, a phone without IndexedDB).
 */
let held: { token: string; profile: Profile } | null = null;

/** The session's token: held while unlocked, or still in localStorage before the PIN sealed it. */
export function getToken(): string | null {
  return held?.token ?? (readItem(SESSION_KEYS.token) || null);
}

/** A sign-in: the session token and its send-only credential, in localStorage until the PIN seals the token. */
export function setToken(token: string, sendToken?: string): void {
  held = null;
  removeItem(SESSION_KEYS.sessionSealed);
  writeItem(SESSION_KEYS.token, token);
  if (sendToken) writeItem(SESSION_KEYS.sendToken, sendToken);
  else removeItem(SESSION_KEYS.sendToken);
  notify();
}

/** The session ended: its token, its send-only credential and the sealed copy's marker go. */
export function removeToken(): void {
  held = null;
  removeItem(SESSION_KEYS.token);
  removeItem(SESSION_KEYS.sendToken);
  removeItem(SESSION_KEYS.sessionSealed);
  profileCache = undefined;
  notify();
}

/** The send-only credential: what a locked phone (its page and its service worker) delivers the sealed outbox with. */
export function getSendToken(): string | null {
  return readItem(SESSION_KEYS.sendToken) || null;
}

export function setSendToken(sendToken: string): void {
  writeItem(SESSION_KEYS.sendToken, sendToken);
}

/** Whether the session is kept sealed under the PIN on this phone. */
export const isSessionSealed = (): boolean => readItem(SESSION_KEYS.sessionSealed) === '1';

/** A staff session on this phone, locked or not. */
export const hasStaffSession = (): boolean => getToken() !== null || isSessionSealed();

/** What the session held in clear before the PIN sealed it (sealed-session.ts), or null. */
export function clearSession(): { token: string; profile: Profile } | null {
  const token = readItem(SESSION_KEYS.token);
  if (!token) return null;
  const stored = readJson(SESSION_KEYS.profile);
  return { token, profile: isProfileLike(stored) ? { ...EMPTY_PROFILE, ...stored } : EMPTY_PROFILE };
}

/** The session, sealed (or opened) under the PIN, held in memory: nothing of it stays in localStorage. */
export function holdSession(session: { token: string; profile: Profile }): void {
  held = { token: session.token, profile: { ...EMPTY_PROFILE, ...session.profile } };
  writeItem(SESSION_KEYS.sessionSealed, '1');
  removeItem(SESSION_KEYS.token);
  removeItem(SESSION_KEYS.profile);
  profileCache = undefined;
  notify();
}

/** The app locked: the token and the profile leave memory (their sealed copy stays). */
export function forgetHeldSession(): void {
  if (!held) return;
  held = null;
  profileCache = undefined;
  notify();
}

/** The held profile changed: the sealed copy follows (sealed-session.ts subscribes). */
let onHeldProfile: ((session: { token: string; profile: Profile }) => void) | undefined;
export function onHeldProfileChange(listener: typeof onHeldProfile): void {
  onHeldProfile = listener;
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

/**
 * The borrower on their own phone fills the capture steps a relationship officer fills (the staff
 * step screens, under /apply-loan): on the phone they act as one. The server knows them as a
 * guest and its access policy's guest row decides what they may do.
 */
// The creator designation written out: importing the enums here would put them all in the first screen's bundle.
export const GUEST_PROFILE: Profile = { ...EMPTY_PROFILE, mfi_employee: 'RELATIONSHIP_OFFICER' satisfies Designation };

export const isGuestSession = (): boolean => !hasStaffSession() && getGuestToken() !== null;

// The parsed profile is cached so useSyncExternalStore sees a stable snapshot.
let profileCache: Profile | undefined;

export function getProfile(): Profile {
  if (profileCache) return profileCache;
  if (isGuestSession()) return (profileCache = GUEST_PROFILE);
  if (held) return (profileCache = held.profile);
  if (isSessionSealed()) return (profileCache = EMPTY_PROFILE); // locked: sealed until the unlock
  const stored = readJson(SESSION_KEYS.profile);
  profileCache = isProfileLike(stored) ? { ...EMPTY_PROFILE, ...stored } : EMPTY_PROFILE;
  return profileCache;
}

export function setProfile(profile: Profile): void {
  profileCache = { ...EMPTY_PROFILE, ...profile };
  if (held) {
    held = { ...held, profile: profileCache };
    onHeldProfile?.(held);
  } else if (!isSessionSealed()) writeItem(SESSION_KEYS.profile, JSON.stringify(profile));
  notify();
}

export function resetProfile(): void {
  if (held) held = { ...held, profile: EMPTY_PROFILE };
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
  return isObject(value);
}
