import type { Page } from 'playwright-core';

/** The login screen as a user sees it: labels and button names, nothing else. */
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

  async signIn(mobile: string, readOtp: (mobile: string) => Promise<string>): Promise<void> {
    await this.open();
    await this.requestOtp(mobile);
    await this.enterOtp(await readOtp(mobile));
    await this.verify();
  }
}
