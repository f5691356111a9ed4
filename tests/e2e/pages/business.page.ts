import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { choose, waitForValue, type Upload } from './borrower.page';
import { Words } from './texts';

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

const BANK_LEGEND_KEYS: Readonly<Record<BankBlock['legend'], string>> = {
  Bank: 'business.bank1',
  'Second bank': 'business.bank2',
  'Third bank': 'business.bank3',
};

/**
 * /application/business 'Business Details' (spec 02 screen 7), staff or public: by the keys of
 * the app's text tables (English unless told); a bank block is named by its English legend.
 */
export class BusinessPage {
  constructor(
    private readonly page: Page,
    readonly words: Words = new Words(),
  ) {}

  private t(key: string, vars?: Record<string, string | number>): string {
    return this.words.t(key, vars);
  }

  private field(key: string, scope: Page | Locator = this.page): Locator {
    return scope.getByLabel(this.t(key), { exact: true });
  }

  private async choose(key: string, value: string, scope: Page | Locator = this.page): Promise<void> {
    await choose(this.page, scope, this.t(key), this.words.option(value));
  }

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: this.t('business.title') }).waitFor();
    await this.field('business.name').waitFor();
  }

  /** A group by its legend: a bank block ('Bank', 'Second bank', 'Third bank') or any legend's own text. */
  group(legend: string): Locator {
    const key = BANK_LEGEND_KEYS[legend as BankBlock['legend']];
    return this.page.getByRole('group', { name: key ? this.t(key) : legend, exact: true });
  }

  async fill(d: BusinessDetails): Promise<void> {
    await this.field('business.name').fill(d.name);
    await this.choose('business.type', d.type);
    await this.choose('business.sector', d.sector);
    await this.choose('business.category', d.category);
    await this.field('business.years').fill(d.years);
    await this.field('business.pincode').fill(d.pincode);
    await waitForValue(this.field('business.state'));
    await this.field('business.address').fill(d.address);
    await this.choose('business.ownership', d.ownership);
    await this.choose('business.proofType', d.proofType);
    await this.choose('business.ownershipProofOf', d.ownershipProofOf);
    await this.choose('business.businessOwnershipProof', d.ownershipProof);
  }

  async bank(b: BankBlock): Promise<void> {
    const block = this.group(b.legend);
    await this.choose('business.bankName', b.bank, block);
    // The password first: online, the statements are read on the server as soon as they are there.
    if (b.password) await this.field('business.statementPassword', block).fill(b.password);
    await this.field('business.statements', block).setInputFiles(b.statements);
    for (const file of b.statements)
      await block.getByRole('button', { name: this.t('upload.clearNamed', { label: file.name }), exact: true }).waitFor();
    await this.choose('business.accountType', b.accountType, block);
  }

  /** Online: the identity the server read from the block's statement (name first). */
  async statementIdentity(legend: string, name: string): Promise<void> {
    const line = this.t('business.statementIdentity', { name });
    const upToName = line.slice(0, line.indexOf(name) + name.length + 1);
    await this.group(legend).getByText(upToName, { exact: false }).waitFor({ timeout: 20000 });
  }

  /** Drags something over a document's drop zone: its prompt reads 'Release to upload' until the drag leaves. */
  async dragOver(labelKey: string): Promise<void> {
    const zone = this.page.locator('label.drop-zone').filter({ has: this.field(labelKey) });
    const dataTransfer = await this.page.evaluateHandle(() => new DataTransfer());
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.getByText(this.t('upload.release'), { exact: true }).waitFor();
    await zone.dispatchEvent('dragleave', { dataTransfer });
    await zone.getByText(this.t('upload.release'), { exact: true }).waitFor({ state: 'detached' });
  }

  /** Opens and closes the rear-camera 'Capture Image' modal of a document. */
  async openCamera(labelKey: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t('upload.captureNamed', { label: this.t(labelKey) }) }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('camera.title') });
    await dialog.getByRole('button', { name: this.t('camera.capture'), exact: true }).waitFor();
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  addBank(): Locator {
    return this.page.getByRole('button', { name: this.t('business.addBank'), exact: true });
  }

  /** Chooses a document's file, the document named by its key ('business.businessProof', 'business.businessOwnershipFile'). */
  async attach(labelKey: string, file: Upload): Promise<void> {
    const label = this.t(labelKey);
    await this.page.getByLabel(label, { exact: true }).setInputFiles(file);
    await this.page.getByRole('button', { name: this.t('upload.clearNamed', { label }), exact: true }).waitFor();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('business.next'), exact: true }).click();
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
