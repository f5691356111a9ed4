import type { Locator, Page } from 'playwright-core';
import { Words } from './texts';

export type Upload = { name: string; mimeType: string; buffer: Buffer };

/**
 * A searchable dropdown: the button named by its label opens a listbox (in a bottom sheet on a
 * narrow screen), labelled the same; the option is clicked by its text.
 */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const listbox = page.getByRole('listbox', { name: label, exact: true });
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await listbox.waitFor({ state: 'detached' });
}

/** The text a dropdown's button shows (its choice, or 'Select'). */
export async function chosen(scope: Page | Locator, label: string): Promise<string> {
  return ((await scope.getByLabel(label, { exact: true }).textContent()) ?? '').replace('▾', '').trim();
}

/** Types a code into the OTP modal's first box the way a paste from the SMS app arrives, then Verify OTP. */
export async function enterOtp(page: Page, title: string, readOtp: () => Promise<string>, words = new Words()): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const verify = dialog.getByRole('button', { name: words.t('otp.verify') });
  // Enabled once the code was sent: only then is it in the SMS outbox.
  await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await verify.elementHandle(), { timeout: 15000 });
  await dialog.getByLabel(words.t('login.otpDigit', { index: 1, count: 6 })).focus();
  await page.keyboard.insertText(await readOtp());
  await verify.click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits until an input holds a value (a lookup filled it). */
export async function waitForValue(input: Locator, timeout = 10000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await input.inputValue();
    if (value !== '') return value;
    if (Date.now() > deadline) throw new Error('the field stayed empty');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type BorrowerDetails = {
  title: string;
  name: string;
  gender: 'Male' | 'Female' | 'Others';
  maritalStatus: string;
  dob: string;
  email?: string;
  pincode: string;
  address: string;
  ownership: string;
  yearsOfResidence: string;
  houseType: string;
  loanType: string;
  amount: string;
  emi: string;
  purpose: string;
};

/**
 * /application/mobile 'Borrower info' (spec 02 screen 1), and the public flow's borrower step:
 * labels and button names only, by their keys in the app's text tables (English unless told).
 */
export class BorrowerPage {
  readonly words: Words;
  constructor(
    private readonly page: Page,
    words: Words = new Words(),
  ) {
    this.words = words;
  }

  private t(key: string): string {
    return this.words.t(key);
  }

  private async choose(labelKey: string, english: string): Promise<void> {
    await choose(this.page, this.page, this.t(labelKey), this.words.option(english));
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('link', { name: 'Create Application' }).click();
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: this.t('borrower.title') }).waitFor();
    await this.field(this.t('borrower.phone')).waitFor();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Contact number, Verify Mobile, the OTP from the borrower's SMS; the application then exists. */
  async verifyMobile(mobile: string, readOtp: (mobile: string) => Promise<string>): Promise<void> {
    await this.field(this.t('borrower.phone')).fill(mobile);
    await this.page.getByRole('button', { name: this.t('borrower.verifyMobile') }).click();
    await enterOtp(this.page, this.t('borrower.verifyMobile'), () => readOtp(mobile), this.words);
    await this.page.waitForURL(/#\/application\/mobile\?id=[0-9a-f]{32}/);
    await this.page.getByText(this.t('borrower.mobileVerified')).waitFor();
  }

  /** Aadhaar with its OTP, which goes to the mobile linked with it (the borrower's, in the sandbox). */
  async verifyAadhaar(aadhaar: string, readOtp: () => Promise<string>): Promise<void> {
    await this.field(this.t('borrower.aadhaar')).fill(aadhaar);
    await this.field(this.t('borrower.aadhaar')).blur();
    await this.page.getByRole('button', { name: this.t('borrower.verifyAadhaar') }).click();
    await enterOtp(this.page, this.t('borrower.verifyAadhaar'), readOtp, this.words);
    await this.page.getByText(this.t('borrower.aadhaarVerified')).waitFor();
  }

  async verifyPan(pan: string): Promise<void> {
    await this.field(this.t('borrower.pan')).fill(pan);
    await this.page.getByRole('button', { name: this.t('borrower.verifyPan') }).click();
    await this.page.getByText(this.t('borrower.panVerified')).waitFor();
  }

  async verifyVoterId(voterId: string): Promise<void> {
    await this.field(this.t('borrower.voterId')).fill(voterId);
    await this.voterIdButton().click();
    await this.page.getByText(this.t('borrower.voterIdVerified')).waitFor();
  }

  voterIdButton(): Locator {
    return this.page.getByRole('button', { name: this.t('borrower.verifyVoterId') });
  }

  async fillPersonal(d: Pick<BorrowerDetails, 'title' | 'name' | 'gender' | 'maritalStatus' | 'dob' | 'email'>): Promise<void> {
    await this.choose('borrower.salutation', d.title);
    await this.field(this.t('borrower.name')).fill(d.name);
    if (d.email) await this.field(this.t('borrower.email')).fill(d.email);
    await this.choose('borrower.gender', d.gender);
    await this.choose('borrower.maritalStatus', d.maritalStatus);
    await this.field(this.t('borrower.dob')).fill(d.dob);
  }

  async fillAddress(d: Pick<BorrowerDetails, 'pincode' | 'address' | 'ownership' | 'yearsOfResidence' | 'houseType'>): Promise<void> {
    await this.field(this.t('borrower.pincode')).fill(d.pincode);
    // The directory on the phone fills city, district and state.
    await waitForValue(this.field(this.t('borrower.state')));
    await this.field(this.t('borrower.address')).fill(d.address);
    await this.choose('borrower.ownership', d.ownership);
    await this.field(this.t('borrower.yearsOfResidence')).fill(d.yearsOfResidence);
    await this.choose('borrower.houseType', d.houseType);
  }

  async fillProduct(d: Pick<BorrowerDetails, 'loanType' | 'amount' | 'emi' | 'purpose'>): Promise<void> {
    await this.choose('borrower.loanType', d.loanType);
    await this.field(this.t('borrower.amount')).fill(d.amount);
    await this.field(this.t('borrower.emi')).fill(d.emi);
    await this.choose('borrower.purpose', d.purpose);
    await this.page.getByLabel(this.t('borrower.terms')).check();
  }

  tenure(): Promise<string> {
    return chosen(this.page, this.t('borrower.tenure'));
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('borrower.next'), exact: true }).click();
  }

  /** The way on when a name differs (PAN, voter ID): 'Continue with Deviation'. */
  async continueWithDeviation(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('borrower.continueDeviation'), exact: true }).click();
  }

  /** The same for the borrower applying herself (public flow): 'Continue anyway'. */
  async continueAnyway(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('borrower.continueGuest'), exact: true }).click();
  }
}
