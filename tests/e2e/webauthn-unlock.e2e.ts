// Issue 24, app lock: unlock with the phone's fingerprint or face through WebAuthn, in Chromium
// with a virtual platform authenticator (CDP's WebAuthn domain) that has PRF (hmac-secret).
// Turned on after the PIN, a reload locks, the authenticator opens the app; unverified, it does
// not, and the PIN still does.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { LoginPage } from './pages/login.page';
import { launchPersistent } from './support/browser';
import { latestOtp } from './support/sms';

const baseURL = inject('baseURL');
const OFFICER = '9000000001';

/** The device database's kv keys, read raw (the wrappings live there). */
async function kvKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('sahyog');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const req = db.transaction('kv').objectStore('kv').getAllKeys();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return keys.map(String);
  });
}

describe('unlock with the fingerprint or face (WebAuthn PRF)', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;

  beforeAll(async () => {
    ({ context, close } = await launchPersistent({ width: 360, height: 740 }));
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
      },
    }));
  });
  afterAll(async () => close());

  const dashboard = () => page.getByRole('link', { name: 'Create Application' });
  const biometricButton = () => page.getByRole('button', { name: 'Unlock with fingerprint or face' });

  it('offered after the PIN is set; a reload locks, and the authenticator opens the app', async () => {
    await new LoginPage(page, baseURL).signIn(OFFICER, (m) => latestOtp(baseURL, m)); // sets the PIN
    await page.getByRole('heading', { name: 'Unlock with fingerprint or face?' }).waitFor();
    await biometricButton().click();
    await dashboard().waitFor();
    expect(await kvKeys(page)).toEqual(expect.arrayContaining(['vault.dataKey', 'vault.biometricKey']));
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe(new URL(baseURL).hostname);

    await page.reload();
    await page.getByRole('heading', { name: 'Sahyog is locked' }).waitFor();
    // The fingerprint first, with the focus; the PIN below it.
    await expect.poll(() => biometricButton().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dashboard().waitFor();
  });

  it('an unverified fingerprint does not open it and counts no wrong PIN; the PIN still does', async () => {
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await page.reload();
    await page.getByRole('heading', { name: 'Sahyog is locked' }).waitFor();
    await biometricButton().click();
    await page.getByText('Fingerprint or face did not open the app. Try again, or enter your PIN.').waitFor();
    expect(await page.getByTestId('pin-tries').textContent()).toBe('');
    expect(await dashboard().count()).toBe(0);
    await new LoginPage(page, baseURL).unlock();
    await dashboard().waitFor();
  });

  it('turned off in Profile, its wrapping is deleted and the lock screen asks for the PIN alone', async () => {
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseURL}/#/profile`);
    const section = page.getByRole('region', { name: 'Fingerprint or face' });
    await section.getByText('Fingerprint or face unlock is on.').waitFor();
    await section.getByRole('button', { name: 'Turn off fingerprint or face unlock' }).click();
    await section.getByRole('button', { name: 'Unlock with fingerprint or face' }).waitFor();
    expect(await kvKeys(page)).not.toContain('vault.biometricKey');
    await page.reload();
    await page.getByText('Enter your PIN to open the app.').waitFor();
    expect(await biometricButton().count()).toBe(0);
  });
});
