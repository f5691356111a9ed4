// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SahyogDb } from '../../../src/app/db/db';
import { mirrorSessionOwner, mirrorSessionToken } from '../../../src/app/db/session-mirror';
import { DEVICE_DB_NAME } from '../../../src/app/db/vault-peek';
import { lockApp, openAfterPin, resetAppLock, setAppPin, unlockApp } from '../../../src/app/session/app-lock.store';
import { getProfile, getToken, hasStaffSession, setProfile, setToken } from '../../../src/app/session/session.storage';
import { getOutboxToken, getWorkerToken } from '../../../src/app/sync/page-sync';
import { foundOf, rawLocalStorageText, rawStoredText } from '../db/raw-store-scan';
import { makeProfile, resetDevice, teardown } from './test-utils';

vi.mock('../../../src/app/api/user.api');

// Issue 31 S3: a locked phone holds nothing that reads data. The session token and the officer's
// profile (an agent's bank account too) are sealed under the PIN; localStorage and every table of
// the device database hold neither, only the send-only credential the outbox delivers with.
const PIN = '482913';
const TOKEN = 'Zk3pQ7vN1xR8tY2wL5mH9cB4dF6gJ0sA-_eU3iO7qWz';
const SEND_TOKEN = 'send.Xa8Lq2Wm5Rt9Yp3Nv6Bc1Dk4Fh7Gj0Sz-_Ue2Io5Pa';
const AGENT = makeProfile({
  id: 47,
  first_name: 'Kavitha',
  last_name: 'Raghunathan',
  email: 'kavitha.raghunathan@example.in',
  mobile: '9000000004',
  role: 'AGENT',
  mfi_employee: null,
  pan: 'BQRPK4321M',
  account_number: '50100234567812',
  bank_name: 'HDFC Bank',
  ifsc: 'HDFC0001234',
  address: '14 Temple Street',
});
/** Every profile field that names or reaches the officer, and the session token. */
const NEEDLES = [
  AGENT.first_name,
  AGENT.last_name,
  AGENT.email,
  AGENT.mobile,
  AGENT.pan,
  AGENT.account_number,
  AGENT.ifsc,
  AGENT.address,
  TOKEN,
];

/** What the phone holds at rest: localStorage and every table of the device database, read raw. */
async function atRest(): Promise<{ local: string; idb: string; rows: Record<string, number> }> {
  const { text, rows } = await rawStoredText(DEVICE_DB_NAME);
  return { local: rawLocalStorageText(), idb: text, rows };
}

describe('a locked phone at rest', () => {
  beforeEach(async () => {
    resetDevice();
    await new SahyogDb().delete();
    resetAppLock();
  });
  afterEach(teardown);

  it('holds no session token and no profile field, in localStorage or any table; the unlock brings both back', async () => {
    // Signed in (the login answer), the profile fetched, the service worker's copy mirrored (page-sync.ts).
    setToken(TOKEN, SEND_TOKEN);
    setProfile(AGENT);
    await mirrorSessionOwner(String(AGENT.id));
    await mirrorSessionToken(getWorkerToken());
    // Before the PIN, nothing can seal them: that is the one moment they are in clear.
    expect(foundOf((await atRest()).local, NEEDLES)).toContain(TOKEN);

    await setAppPin(PIN);
    openAfterPin(); // the fingerprint offer answered
    expect(getToken()).toBe(TOKEN);
    expect(getProfile().account_number).toBe(AGENT.account_number);
    await lockApp();

    const locked = await atRest();
    expect(locked.rows.session).toBe(1); // the sealed copy is there, unreadable
    expect(foundOf(locked.local, NEEDLES)).toEqual([]);
    expect(foundOf(locked.idb, NEEDLES)).toEqual([]);
    // What a locked phone holds is the send-only credential (server: it reads nothing).
    expect(locked.local).toContain(SEND_TOKEN.toUpperCase());
    expect(locked.idb).toContain(SEND_TOKEN.toUpperCase());
    // Still signed in (the lock screen, not /login); the outbox sends with the send-only credential.
    expect(hasStaffSession()).toBe(true);
    expect(getToken()).toBeNull();
    expect(getProfile().first_name).toBe('');
    expect(getOutboxToken()).toBe(SEND_TOKEN);

    expect(await unlockApp('000000')).toMatchObject({ ok: false });
    expect(getToken()).toBeNull();
    expect(await unlockApp(PIN)).toEqual({ ok: true });
    expect(getToken()).toBe(TOKEN);
    expect(getProfile()).toMatchObject({ first_name: AGENT.first_name, ifsc: AGENT.ifsc });
    expect(getOutboxToken()).toBe(TOKEN);
    // A profile fetched while unlocked is kept sealed too, never in localStorage.
    setProfile({ ...AGENT, city: 'Madurai' });
    await lockApp();
    const again = await atRest();
    expect(foundOf(again.local, [...NEEDLES, 'Madurai'])).toEqual([]);
    expect(foundOf(again.idb, [...NEEDLES, 'Madurai'])).toEqual([]);
    expect((await unlockApp(PIN)).ok).toBe(true);
    expect(getProfile().city).toBe('Madurai');
  });

  it('a phone signed in before issue 31 (token and profile in localStorage, a PIN set) moves them under the PIN at its unlock', async () => {
    setToken(TOKEN);
    setProfile(AGENT);
    await mirrorSessionToken(TOKEN); // what the old page mirrored for its service worker
    await setAppPin(PIN);
    openAfterPin();
    await lockApp();
    // The upgrade of the device database (version 6) drops the old copy; simulated here as the page's reload.
    localStorage.setItem('token', TOKEN);
    localStorage.setItem('profile', JSON.stringify(AGENT));
    localStorage.removeItem('session_sealed');
    expect((await unlockApp(PIN)).ok).toBe(true);
    expect(getToken()).toBe(TOKEN);
    await mirrorSessionToken(getWorkerToken());
    await lockApp();
    const locked = await atRest();
    expect(foundOf(locked.local, NEEDLES)).toEqual([]);
    expect(foundOf(locked.idb, NEEDLES)).toEqual([]);
  });
});
