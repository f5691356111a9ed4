import type { Locator, Page } from 'playwright-core';

/** The officer's app-lock PIN in the end-to-end tests. */
export const E2E_PIN = '482913';

/** The login screen as a user sees it: labels and button names, nothing else. */
/**
 * Waits for `screen`, unlocking on the way when the app lock stands first (a reload starts
 * locked, and a page left idle for the lock's minutes while another role works locks again).
 */
export async function pastAppLock(page: Page, screen: Locator): Promise<void> {
  const locked = page.getByRole('heading', { name: 'Sahyog is locked' });
  await screen.or(locked).first().waitFor();
  if (await locked.isVisible()) await new LoginPage(page, '').unlock();
  await screen.waitFor();
}

/**
 * The session token each page signed in with, as the login answered it: the phone keeps it sealed
 * under the PIN (issue 31 S3), so tests that call the API as that user read it here.
 */
export const SESSION_TOKENS = new WeakMap<Page, string>();

export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseURL}/#/login`);
    await this.page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  }

  async requestOtp(mobile: string): Promise<void> {
    await this.page.getByLabel('Mobile number').fill(mobile);
    await this.page.getByRole('button', { name: 'Get OTP' }).click();
    await this.page.getByText('Enter the OTP sent to your mobile').waitFor();
  }

  /** Types the code into the first box the way a paste from the SMS app would arrive. */
  async enterOtp(otp: string): Promise<void> {
    await this.page.getByLabel('Digit 1 of 6').focus();
    await this.page.keyboard.insertText(otp);
  }

  async verify(): Promise<void> {
    await this.page.getByRole('button', { name: 'Verify OTP' }).click();
  }

  /**
   * Signs in; then, past the app lock, sets the PIN (first sign-in on this browser) or unlocks.
   * `pin: null` for a sign-in that does not reach the signed-in screens. Answers the session token.
   */
  async signIn(mobile: string, readOtp: (mobile: string) => Promise<string>, { pin = E2E_PIN as string | null } = {}): Promise<string> {
    await this.open();
    await this.requestOtp(mobile);
    await this.enterOtp(await readOtp(mobile));
    // The session token, from the login's answer: the phone keeps it sealed under the PIN (issue 31 S3).
    const answer = this.page.waitForResponse((res) => res.url().endsWith('/api/v1/auth/verify-otp'));
    await this.verify();
    const token = ((await (await answer).json()) as { data?: { token?: string } }).data?.token ?? '';
    SESSION_TOKENS.set(this.page, token);
    if (pin !== null) await this.passAppLock(pin);
    return token;
  }

  /** The set-PIN screen (fills the PIN twice) or the lock screen (enters it). */
  async passAppLock(pin = E2E_PIN): Promise<void> {
    const setPin = this.page.getByRole('heading', { name: 'Set a PIN for this phone' });
    const locked = this.page.getByRole('heading', { name: 'Sahyog is locked' });
    await setPin.or(locked).waitFor();
    if (await setPin.isVisible()) {
      await this.page.getByLabel('6-digit PIN').fill(pin);
      await this.page.getByLabel('Enter the PIN again').fill(pin);
      await this.page.getByRole('button', { name: 'Set PIN' }).click();
      await setPin.waitFor({ state: 'detached' });
    } else await this.unlock(pin);
  }

  /** The lock screen (after a reload, idle time): the PIN opens the app again. */
  async unlock(pin = E2E_PIN): Promise<void> {
    const locked = this.page.getByRole('heading', { name: 'Sahyog is locked' });
    await locked.waitFor();
    await this.page.getByLabel('6-digit PIN').fill(pin);
    // Exact: beside "Unlock with fingerprint or face" where that is turned on.
    await this.page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await locked.waitFor({ state: 'detached' });
  }
}
