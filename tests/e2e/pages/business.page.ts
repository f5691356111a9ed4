import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { choose, waitForValue, type Upload } from './borrower.page';

/** A fixture statement of tests/fixtures/statements, as the file picker gives it. */
export function statement(file: string): Upload {
  return { name: file, mimeType: 'application/pdf', buffer: readFileSync(new URL(`../../fixtures/statements/${file}`, import.meta.url)) };
}

export type BusinessDetails = {
  name: string;
  type: string;
  sector: string;
  category: string;
  years: string;
  pincode: string;
  address: string;
  ownership: string;
  proofType: string;
  ownershipProofOf: string;
  ownershipProof: string;
};

export type BankBlock = {
  legend: 'Bank' | 'Second bank' | 'Third bank';
  bank: string;
  statements: Upload[];
  password?: string;
  accountType: string;
};

/** /application/business 'Business Details' (spec 02 screen 7). */
export class BusinessPage {
  constructor(private readonly page: Page) {}

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Business Details' }).waitFor();
    await this.page.getByLabel('Business name', { exact: true }).waitFor();
  }

  group(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }

  async fill(d: BusinessDetails): Promise<void> {
    const field = (label: string) => this.page.getByLabel(label, { exact: true });
    await field('Business name').fill(d.name);
    await choose(this.page, this.page, 'Business type', d.type);
    await choose(this.page, this.page, 'Sector of business', d.sector);
    await choose(this.page, this.page, 'Category of business', d.category);
    await field('Years in business').fill(d.years);
    await field('Pincode').fill(d.pincode);
    await waitForValue(field('State'));
    await field('Address').fill(d.address);
    await choose(this.page, this.page, 'Business address ownership', d.ownership);
    await choose(this.page, this.page, 'Business proof type', d.proofType);
    await choose(this.page, this.page, 'Ownership proof of', d.ownershipProofOf);
    await choose(this.page, this.page, 'Business ownership proof', d.ownershipProof);
  }

  async bank(b: BankBlock): Promise<void> {
    const block = this.group(b.legend);
    await choose(this.page, block, 'Bank name', b.bank);
    // The password first: online, the statements are read on the server as soon as they are there.
    if (b.password) await block.getByLabel('Statement password (optional)', { exact: true }).fill(b.password);
    await block.getByLabel('Bank statements (PDF)', { exact: true }).setInputFiles(b.statements);
    for (const file of b.statements) await block.getByRole('button', { name: `Clear ${file.name}`, exact: true }).waitFor();
    await choose(this.page, block, 'Account type', b.accountType);
  }

  /** Online: the identity the server read from the block's statement (name first). */
  async statementIdentity(legend: string, name: string): Promise<void> {
    await this.group(legend).getByText(`Read from the statement: ${name},`, { exact: false }).waitFor({ timeout: 20000 });
  }

  /** Drags something over a document's drop zone: its prompt reads 'Release to upload' until the drag leaves. */
  async dragOver(label: string): Promise<void> {
    const zone = this.page.locator('label.drop-zone').filter({ has: this.page.getByLabel(label, { exact: true }) });
    const dataTransfer = await this.page.evaluateHandle(() => new DataTransfer());
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.getByText('Release to upload', { exact: true }).waitFor();
    await zone.dispatchEvent('dragleave', { dataTransfer });
    await zone.getByText('Release to upload', { exact: true }).waitFor({ state: 'detached' });
  }

  /** Opens and closes the rear-camera 'Capture Image' modal of a document. */
  async openCamera(label: string): Promise<void> {
    await this.page.getByRole('button', { name: `Capture Image for ${label}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Capture Image' });
    await dialog.getByRole('button', { name: 'Capture', exact: true }).waitFor();
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  addBank(): Locator {
    return this.page.getByRole('button', { name: 'Add Bank', exact: true });
  }

  async attach(label: string, file: Upload): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).setInputFiles(file);
    await this.page.getByRole('button', { name: `Clear ${label}`, exact: true }).waitFor();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
  }
}

export type BankAccountDetails = { holder: string; accountNumber: string; accountType: string; ifsc: string; bank: string };

/** /application/bank-account-details (spec 02 screen 8). */
export class BankAccountPage {
  constructor(private readonly page: Page) {}

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Bank Account Details' }).waitFor();
    await this.page.getByLabel('Account holder name', { exact: true }).waitFor();
  }

  async fill(d: BankAccountDetails): Promise<void> {
    const field = (label: string) => this.page.getByLabel(label, { exact: true });
    await field('Account holder name').fill(d.holder);
    await field('Account number').fill(d.accountNumber);
    await field('Confirm account number').fill(d.accountNumber);
    await choose(this.page, this.page, 'Account type', d.accountType);
    await field('IFSC code').fill(d.ifsc);
    await choose(this.page, this.page, 'Bank name', d.bank);
  }

  async verify(): Promise<void> {
    await this.page.getByRole('button', { name: 'Verify', exact: true }).click();
    await this.page.getByText('Bank Verified ✓').waitFor();
  }

  async attachProof(file: Upload): Promise<void> {
    await this.page.getByLabel('Bank proof (passbook or cancelled cheque)', { exact: true }).setInputFiles(file);
    await this.page.getByRole('button', { name: 'Clear Bank proof (passbook or cancelled cheque)', exact: true }).waitFor();
  }

  async submit(name = 'Submit'): Promise<void> {
    await this.page.getByRole('button', { name, exact: true }).click();
  }
}
