import type { Locator, Page } from 'playwright-core';

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
export async function enterOtp(page: Page, title: string, readOtp: () => Promise<string>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const verify = dialog.getByRole('button', { name: 'Verify OTP' });
  // Enabled once the code was sent: only then is it in the SMS outbox.
  await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await verify.elementHandle(), { timeout: 15000 });
  await dialog.getByLabel('Digit 1 of 6').focus();
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

/** /application/mobile 'Borrower info' (spec 02 screen 1): labels and button names only. */
export class BorrowerPage {
  constructor(private readonly page: Page) {}

  async openNew(): Promise<void> {
    await this.page.getByRole('link', { name: 'Create Application' }).click();
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Borrower info' }).waitFor();
    await this.page.getByLabel('Contact number', { exact: true }).waitFor();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Contact number, Verify Mobile, the OTP from the borrower's SMS; the application then exists. */
  async verifyMobile(mobile: string, readOtp: (mobile: string) => Promise<string>): Promise<void> {
    await this.field('Contact number').fill(mobile);
    await this.page.getByRole('button', { name: 'Verify Mobile' }).click();
    await enterOtp(this.page, 'Verify Mobile', () => readOtp(mobile));
    await this.page.waitForURL(/#\/application\/mobile\?id=[0-9a-f]{32}/);
    await this.page.getByText('Mobile Verified ✓').waitFor();
  }

  /** Aadhaar with its OTP, which goes to the mobile linked with it (the borrower's, in the sandbox). */
  async verifyAadhaar(aadhaar: string, readOtp: () => Promise<string>): Promise<void> {
    await this.field('Aadhaar').fill(aadhaar);
    await this.field('Aadhaar').blur();
    await this.page.getByRole('button', { name: 'Verify Aadhaar' }).click();
    await enterOtp(this.page, 'Verify Aadhaar', readOtp);
    await this.page.getByText('Aadhaar Verified ✓').waitFor();
  }

  async verifyPan(pan: string): Promise<void> {
    await this.field('PAN').fill(pan);
    await this.page.getByRole('button', { name: 'Verify PAN' }).click();
    await this.page.getByText('PAN Verified ✓').waitFor();
  }

  async verifyVoterId(voterId: string): Promise<void> {
    await this.field('Voter ID').fill(voterId);
    await this.page.getByRole('button', { name: 'Verify Voter Id' }).click();
    await this.page.getByText('Voter Id Verified ✓').waitFor();
  }

  async fillPersonal(d: Pick<BorrowerDetails, 'title' | 'name' | 'gender' | 'maritalStatus' | 'dob' | 'email'>): Promise<void> {
    await choose(this.page, this.page, 'Title', d.title);
    await this.field('Full name').fill(d.name);
    if (d.email) await this.field('Email (optional)').fill(d.email);
    await choose(this.page, this.page, 'Gender', d.gender);
    await choose(this.page, this.page, 'Marital status', d.maritalStatus);
    await this.field('Date of birth').fill(d.dob);
  }

  async fillAddress(d: Pick<BorrowerDetails, 'pincode' | 'address' | 'ownership' | 'yearsOfResidence' | 'houseType'>): Promise<void> {
    await this.field('Pincode').fill(d.pincode);
    // The directory on the phone fills city, district and state.
    await waitForValue(this.field('State'));
    await this.field('Address').fill(d.address);
    await choose(this.page, this.page, 'Address ownership type', d.ownership);
    await this.field('Years of residence').fill(d.yearsOfResidence);
    await choose(this.page, this.page, 'House type', d.houseType);
  }

  async fillProduct(d: Pick<BorrowerDetails, 'loanType' | 'amount' | 'emi' | 'purpose'>): Promise<void> {
    await choose(this.page, this.page, 'Loan type', d.loanType);
    await this.field('Amount requested (₹)').fill(d.amount);
    await this.field('Comfortable EMI (₹)').fill(d.emi);
    await choose(this.page, this.page, 'Loan purpose', d.purpose);
    await this.page.getByLabel('I accept the Terms & Conditions and the declarations above').check();
  }

  tenure(): Promise<string> {
    return chosen(this.page, 'Tenure requested (months)');
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
  }
}
