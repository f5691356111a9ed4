import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Upload } from './pages/borrower.page';
import { BankAccountPage, BusinessPage, statement } from './pages/business.page';
import { applicationIdOf, officerToken, waitForApplication, type ServerApplication } from './support/application-server';

type Helpers = {
  baseURL: string;
  jpeg: (context: BrowserContext, text: string) => Promise<Upload>;
  shot: (page: Page, name: string) => Promise<void>;
  shotWide: (page: Page, name: string) => Promise<void>;
};

/** The files the business and bank steps upload: two statements, two proofs, the bank proof. */
export const BUSINESS_AND_BANK_FILES = 5;

const details = (app: ServerApplication, key: string) => (app[key] ?? null) as Record<string, unknown> | null;
const throughBank = (app: ServerApplication) =>
  app.stage.includes('BUSINESS_INFO') && app.stage.includes('BANK_ACCOUNT') && !!details(app, 'app_mfi_bank_account');

const LAKSHMI_BUSINESS = {
  name: 'Lakshmi Tailoring Works',
  type: 'Sole Proprietorship',
  sector: 'Services',
  category: 'Tailoring',
  years: '6',
  pincode: '560001',
  address: '22, Commercial Street, Shivaji Nagar',
  ownership: 'Self Owned',
  proofType: 'Shops & Establishment certificate',
  ownershipProofOf: 'Business',
  ownershipProof: 'land revenue receipt',
};

/**
 * The same business (two banks, their statements) and bank account captured offline (issue 11):
 * the statements say "Needs connection" instead of their identity and CAM, Verify is disabled,
 * and Submit still queues and reaches the success page. The caller reloads and syncs.
 */
export async function businessAndBankOffline(context: BrowserContext, page: Page, { jpeg }: Pick<Helpers, 'jpeg'>): Promise<void> {
  const business = new BusinessPage(page);
  await business.waitReady();
  await business.fill(LAKSHMI_BUSINESS);
  await business.bank({
    legend: 'Bank',
    bank: 'State Bank of India',
    statements: [statement('lakshmi-devi-sbi.pdf')],
    accountType: 'Savings',
  });
  await business.addBank().click();
  await business.bank({
    legend: 'Second bank',
    bank: 'Bank of Baroda',
    statements: [statement('lakshmi-devi-bob-protected.pdf')],
    password: 'LAKS1204',
    accountType: 'Savings',
  });
  await business.attach('business.businessProof', await jpeg(context, 'Shop licence'));
  await business.attach('business.businessOwnershipFile', await jpeg(context, 'Land revenue receipt'));
  await business.next();

  await page.waitForURL(/#\/application\/bank-account-details\?id=/);
  const bank = new BankAccountPage(page);
  await bank.waitReady();
  await bank.fill({
    holder: 'LAKSHMI DEVI',
    accountNumber: '300123456789',
    accountType: 'Savings',
    ifsc: 'SBIN0001234',
    bank: 'State Bank of India',
  });
  await expect(page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).resolves.toBe(true);
  await page.getByText('Needs connection').first().waitFor();
  await bank.attachProof(await jpeg(context, 'Passbook'));
  await bank.submit();
  await page.waitForURL(/#\/application\/success\?id=/);
  await page.getByRole('heading', { name: 'Application Submitted' }).waitFor();
}

/** The business and bank steps on the server after the offline capture: one record each, the statements once. */
export function expectOfflineBusinessAndBank(app: ServerApplication): void {
  const saved = details(app, 'app_mfi_business_details')!;
  expect(saved).toMatchObject({
    business_name: 'Lakshmi Tailoring Works',
    statement_bank_id: 1,
    bank_name1: 'Bank of Baroda',
    bank_statement_pwd1: 'LAKS1204',
  });
  expect(saved.bank_statement).toHaveLength(1);
  expect(saved.bank_statement1).toHaveLength(1);
  expect(details(app, 'app_mfi_bank_account')).toMatchObject({
    account_number: '300123456789',
    ifsc_code: 'SBIN0001234',
    account_type: 'SAVINGS',
  });
}

export { throughBank };

/**
 * LAKSHMI DEVI from the business step to the success page, online (spec 02 screens 7, 8, 14):
 * two banks with their statements (one protected by its password), the proofs, then the bank
 * account verified through the sandbox (SBIN0001234), and her tracker id on the success page.
 */
export async function businessAndBankSteps(context: BrowserContext, page: Page, { baseURL, jpeg, shot, shotWide }: Helpers): Promise<void> {
  const id = applicationIdOf(page);
  const business = new BusinessPage(page);
  await business.waitReady();
  await business.fill({
    name: 'Lakshmi Tailoring Works',
    type: 'Sole Proprietorship',
    sector: 'Services',
    category: 'Tailoring',
    years: '6',
    pincode: '560001',
    address: '22, Commercial Street, Shivaji Nagar',
    ownership: 'Self Owned',
    proofType: 'Shops & Establishment certificate',
    ownershipProofOf: 'Business',
    ownershipProof: 'land revenue receipt',
  });
  await expect(business.addBank().isDisabled()).resolves.toBe(true);
  await business.bank({
    legend: 'Bank',
    bank: 'State Bank of India',
    statements: [statement('lakshmi-devi-sbi.pdf')],
    accountType: 'Savings',
  });
  await business.addBank().click();
  await business.bank({
    legend: 'Second bank',
    bank: 'Bank of Baroda',
    statements: [statement('lakshmi-devi-bob-protected.pdf')],
    password: 'LAKS1204',
    accountType: 'Savings',
  });
  // Online, each bank's statement is read on the server (the protected one with its password).
  await business.statementIdentity('Bank', 'LAKSHMI DEVI');
  await business.statementIdentity('Second bank', 'LAKSHMI DEVI');
  // The shared upload box on the business proofs: drag and drop, and the rear-camera modal.
  await business.dragOver('business.businessProof');
  await business.openCamera('business.businessProof');
  await business.attach('business.businessProof', await jpeg(context, 'Shop licence'));
  await business.attach('business.businessOwnershipFile', await jpeg(context, 'Land revenue receipt'));
  await shot(page, 'business-360');
  await shotWide(page, 'business');
  await business.next();

  await page.waitForURL(/#\/application\/bank-account-details\?id=/);
  const bank = new BankAccountPage(page);
  await bank.waitReady();
  await bank.fill({
    holder: 'LAKSHMI DEVI',
    accountNumber: '300123456789',
    accountType: 'Savings',
    ifsc: 'SBIN0001234',
    bank: 'State Bank of India',
  });
  await bank.verify();
  await bank.attachProof(await jpeg(context, 'Passbook'));
  await shot(page, 'bank-account-360');
  await bank.submit();

  await page.waitForURL(/#\/application\/success\?id=/);
  await page.getByRole('heading', { name: 'Application Submitted' }).waitFor();
  const token = await officerToken(page);
  const app = await waitForApplication(baseURL, token, id, throughBank);
  const tracker = String(app.tracker_id ?? '');
  expect(tracker).toMatch(/^[A-Z]{3}[0-9]{10}$/);
  await page.getByTestId('tracker-id').getByText(tracker).waitFor({ timeout: 30000 });
  await shot(page, 'success-360');

  const saved = details(app, 'app_mfi_business_details')!;
  expect(saved).toMatchObject({
    business_name: 'Lakshmi Tailoring Works',
    statement_bank_id: 1,
    bank_name1: 'Bank of Baroda',
    bank_statement_pwd1: 'LAKS1204',
  });
  expect(saved.bank_statement).toHaveLength(1);
  expect(saved.bank_statement1).toHaveLength(1);
  expect(details(app, 'app_mfi_bank_account')).toMatchObject({
    account_number: '300123456789',
    ifsc_code: 'SBIN0001234',
    account_type: 'SAVINGS',
  });
}
