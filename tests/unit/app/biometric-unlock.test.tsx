// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProfile } from '../../../src/app/api/user.api';
import { getDb } from '../../../src/app/db/db';
import { BIOMETRIC_KV_KEY, triesLeft } from '../../../src/app/db/device-vault';
import { loadDraft, saveDraft } from '../../../src/app/db/drafts.repository';
import { lockApp, resetAppLock } from '../../../src/app/session/app-lock.store';
import { logout } from '../../../src/app/session/logout';
import { setLanguage } from '../../../src/app/i18n/language.store';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import { installFakePlatformAuthenticator, type FakeAuthenticator } from '../../support/fake-platform-authenticator';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';
import { signInOfficer } from './signed-in';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api');
vi.mock('../../../src/app/api/auth.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/app/api/auth.api')>()),
  logoutSession: vi.fn(async () => ({ success: true, data: null })),
}));

const PIN = '482913';
// Each PIN check derives the PIN key (PBKDF2 at the phone's work factor): slow on a loaded machine.
const PIN_CHECK = { timeout: 10_000 };
const dashboard = () => screen.findByRole('article', { name: 'Applications' }, PIN_CHECK);
const biometricWrapping = async () => (await getDb().kv.get(BIOMETRIC_KV_KEY)) !== undefined;

async function signedInAt(path: string) {
  signInOfficer();
  renderRoutes(path);
}

async function setPinOnScreen() {
  await screen.findByRole('heading', { name: 'Set a PIN for this phone' }, PIN_CHECK);
  await userEvent.type(screen.getByLabelText('6-digit PIN'), PIN);
  await userEvent.type(screen.getByLabelText('Enter the PIN again'), PIN);
  await userEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
}

/** Signed in, PIN set, fingerprint turned on at the offer, a draft sealed, and locked. */
async function enrolledAndLocked() {
  await signedInAt('/');
  await setPinOnScreen();
  await screen.findByRole('heading', { name: 'Unlock with fingerprint or face?' }, PIN_CHECK);
  await userEvent.click(screen.getByRole('button', { name: 'Unlock with fingerprint or face' }));
  await dashboard();
  await saveDraft(getDb(), 'kyc', { pan: 'BDVPD4821K' }, 'app-1');
  await act(() => lockApp());
  // The lock screen asks the device whether fingerprint or face is on, then shows it.
  await screen.findByRole('button', { name: 'Unlock with fingerprint or face' });
}

let authenticator: FakeAuthenticator;

describe('unlock with the fingerprint or face', () => {
  beforeEach(async () => {
    resetDevice();
    const db = getDb();
    db.vault.key = undefined;
    await db.delete();
    await db.open();
    db.vault.configured = false;
    resetAppLock();
    authenticator = installFakePlatformAuthenticator();
  });
  afterEach(() => {
    authenticator.uninstall();
    teardown();
  });

  it('offered after the PIN is set; turned on, the lock screen shows it first and it opens the app', async () => {
    await enrolledAndLocked();
    expect(await biometricWrapping()).toBe(true);
    const button = await screen.findByRole('button', { name: 'Unlock with fingerprint or face' });
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
    // First: before the PIN field in the reading (and tab) order.
    const pinField = screen.getByLabelText('6-digit PIN');
    expect(button.compareDocumentPosition(pinField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Or enter your PIN.')).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    await dashboard();
    expect(await loadDraft(getDb(), 'kyc', 'app-1')).toEqual({ pan: 'BDVPD4821K' });
  });

  it('"Not now" opens the app without it; the lock screen then asks for the PIN alone', async () => {
    await signedInAt('/');
    await setPinOnScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }, PIN_CHECK));
    await dashboard();
    expect(authenticator.createCalls).toHaveLength(0);
    await act(() => lockApp());
    await screen.findByText('Enter your PIN to open the app.');
    expect(screen.queryByRole('button', { name: 'Unlock with fingerprint or face' })).toBeNull();
  });

  it('not offered where the phone has no fingerprint or face authenticator', async () => {
    authenticator.options.available = false;
    await signedInAt('/');
    await setPinOnScreen();
    await dashboard();
    expect(screen.queryByRole('heading', { name: 'Unlock with fingerprint or face?' })).toBeNull();
  });

  it('an authenticator without PRF: the offer says so and the app opens with the PIN only', async () => {
    authenticator.options.prf = false;
    await signedInAt('/');
    await setPinOnScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock with fingerprint or face' }, PIN_CHECK));
    expect((await screen.findByText(/cannot keep the app’s key with fingerprint or face/, {}, PIN_CHECK)).getAttribute('role')).toBe(
      'alert',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await dashboard();
    expect(await biometricWrapping()).toBe(false);
  });

  it('a cancelled fingerprint is no wrong PIN: the message says so, the count stays, the PIN opens', async () => {
    await enrolledAndLocked();
    authenticator.options.userVerified = false;
    await userEvent.click(screen.getByRole('button', { name: 'Unlock with fingerprint or face' }));
    await screen.findByText('Fingerprint or face did not open the app. Try again, or enter your PIN.');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock with fingerprint or face' }));
    expect(screen.getByTestId('pin-tries').textContent).toBe('');
    expect(await triesLeft(getDb())).toBe(5);
    await userEvent.type(screen.getByLabelText('6-digit PIN'), PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await dashboard();
  });

  it('five wrong PINs delete the fingerprint wrapping with the PIN one', async () => {
    await enrolledAndLocked();
    const counts = ['4 tries left.', '3 tries left.', '2 tries left.', '1 try left: after one more wrong PIN you are signed out.', null];
    for (const count of counts) {
      const field = screen.getByLabelText('6-digit PIN');
      await userEvent.clear(field);
      await userEvent.type(field, '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
      if (count) await screen.findByText(`Wrong PIN. ${count}`, {}, PIN_CHECK);
    }
    await settleNavigation();
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/login'), PIN_CHECK);
    expect(await biometricWrapping()).toBe(false);
  });

  it('"Forgot PIN?" deletes it too', async () => {
    await enrolledAndLocked();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete and sign in again' }));
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/login'), PIN_CHECK);
    expect(await biometricWrapping()).toBe(false);
  });

  it('in Profile: turned on with the PIN (a wrong one says so), and turned off', async () => {
    await signedInAt('/');
    await setPinOnScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }, PIN_CHECK));
    await dashboard();
    await act(() => lockApp());
    // Profile, after an unlock with the PIN.
    await userEvent.type(await screen.findByLabelText('6-digit PIN'), PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await dashboard();
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await settleNavigation();
    const section = await screen.findByRole('region', { name: 'Fingerprint or face' });
    await userEvent.click(screen.getByRole('button', { name: 'Unlock with fingerprint or face' }));
    const field = screen.getByLabelText('Enter your PIN to turn on fingerprint or face unlock');
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByText('Wrong PIN.', {}, PIN_CHECK)).getAttribute('role')).toBe('alert');
    expect(await biometricWrapping()).toBe(false);
    await userEvent.type(field, PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await vi.waitFor(() => expect(section.textContent).toContain('Fingerprint or face unlock is on.'), PIN_CHECK);
    expect(await biometricWrapping()).toBe(true);
    expect(await triesLeft(getDb())).toBe(5);

    await userEvent.click(screen.getByRole('button', { name: 'Turn off fingerprint or face unlock' }));
    await screen.findByRole('button', { name: 'Unlock with fingerprint or face' });
    await screen.findByText('Fingerprint or face unlock is off. Unlock with your PIN.');
    expect(await biometricWrapping()).toBe(false);
  });

  it('in Hindi', async () => {
    setLanguage('hi');
    await signedInAt('/');
    await screen.findByRole('heading', { name: 'इस फ़ोन के लिए PIN बनाएँ' }, PIN_CHECK);
    await userEvent.type(screen.getByLabelText('6 अंकों का PIN'), PIN);
    await userEvent.type(screen.getByLabelText('PIN फिर से डालें'), PIN);
    await userEvent.click(screen.getByRole('button', { name: 'PIN बनाएँ' }));
    await screen.findByRole('heading', { name: 'फ़िंगरप्रिंट या चेहरे से अनलॉक करें?' }, PIN_CHECK);
    await userEvent.click(screen.getByRole('button', { name: 'फ़िंगरप्रिंट या चेहरे से अनलॉक करें' }));
    await vi.waitFor(async () => expect(await biometricWrapping()).toBe(true), PIN_CHECK);
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'फ़िंगरप्रिंट या चेहरे से अनलॉक करें?' })).toBeNull());
    await act(() => lockApp());
    await screen.findByText('या अपना PIN डालें।');
    expect(screen.getByRole('button', { name: 'फ़िंगरप्रिंट या चेहरे से अनलॉक करें' })).toBeTruthy();
  });

  it('one PIN per device: another officer signing in here meets the lock (no fingerprint), and reads nothing of the first', async () => {
    await enrolledAndLocked();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock with fingerprint or face' }));
    await dashboard();
    await act(() => logout());
    await settleNavigation();
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    await vi.waitFor(async () => expect(await biometricWrapping()).toBe(false));
    // Another officer signs in on the same phone.
    const other = makeProfile({ id: 8, first_name: 'Sunita', mobile: '9000000002' });
    setToken('tok-2');
    setProfile(other);
    vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: other });
    cleanup();
    renderRoutes('/');
    await screen.findByRole('heading', { name: 'Sahyog is locked' });
    expect(screen.queryByRole('heading', { name: 'Set a PIN for this phone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlock with fingerprint or face' })).toBeNull();
    await expect(loadDraft(getDb(), 'kyc', 'app-1')).rejects.toThrow('locked');
  });

  it('logout deletes it; the PIN wrapping stays for what is still sealed', async () => {
    await enrolledAndLocked();
    await userEvent.click(screen.getByRole('button', { name: 'Unlock with fingerprint or face' }));
    await dashboard();
    await act(() => logout());
    await vi.waitFor(async () => expect(await biometricWrapping()).toBe(false));
    expect(await getDb().kv.get('vault.dataKey')).toBeDefined();
  });
});
