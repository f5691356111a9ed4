import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, launchPersistent, waitForOfflineReady } from './support/browser';
import { latestOtp } from './support/sms';
import { serverApplication, serverFiles, waitForApplication, type ServerApplication } from './support/application-server';
import { signInStaff } from './support/staff';
import { BorrowerPage } from './pages/borrower.page';
import { choose, type BorrowerDetails } from './pages/borrower.page';
import { kycStep } from './lakshmi-capture.steps';

// The public applicant flow (issue 23) at 360 px: SUNITA KUMARI applies from her own phone,
// picking Hindi on the first screen; the network is cut after the mobile (borrower) step, the
// page reloaded offline, the network restored: everything she entered reaches the server once.
// Then a relationship officer takes the application over from the branch's Self-applied list.

const baseURL = inject('baseURL');
const MOBILE = '9876500777';

const SUNITA: { aadhaar: string; pan: string; voterId: string; details: BorrowerDetails } = {
  aadhaar: '678901234560',
  pan: 'FSKPK2231P',
  voterId: 'XKD3456787',
  details: {
    title: 'Mrs.',
    name: 'SUNITA KUMARI',
    gender: 'Female',
    maritalStatus: 'Married',
    dob: '30-11-1988',
    email: '',
    pincode: '560001',
    address: '7, Temple Street, Shivaji Nagar',
    ownership: 'Self Owned',
    yearsOfResidence: '6',
    houseType: 'Pakka',
    loanType: 'MFI Business Loan',
    amount: '90000',
    emi: '5000',
    purpose: 'Purchase of additional stock/raw material',
  },
};

/** Taps a button until its request leaves (each wait bounded), as a person taps again when nothing happened. */
async function tapUntilSent(page: Page, button: Locator, path: string): Promise<void> {
  for (let tries = 0; tries < 10; tries++) {
    const sent = page.waitForRequest((request) => request.url().includes(path), { timeout: 3000 }).catch(() => null);
    await button.click();
    if (await sent) return;
  }
  throw new Error(`${path} was never sent`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/apply-loan-${name}.png`, fullPage: true });

describe('public applicant flow: SUNITA KUMARI applies from her phone, offline after the mobile step', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;
  let browser: Browser;
  let applicationId: string;
  let guestToken: string;
  const problems: string[] = [];

  beforeAll(async () => {
    ({ context, close } = await launchPersistent({ width: 360, height: 740 }));
    await context.grantPermissions(['camera', 'geolocation'], { origin: baseURL });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
    await close();
  });

  it('first screen: she picks Hindi, verifies her mobile and gets her application (guest token kept)', async () => {
    await page.goto(`${baseURL}/#/apply-loan/mobile`);
    await page.getByRole('heading', { name: 'Apply for a loan' }).waitFor();
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'ऋण के लिए आवेदन करें' }).waitFor();
    await page.getByText('चरण 1 / 6').waitFor();
    await shot(page, 'mobile-hi-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'mobile-hi-1280');
    await page.setViewportSize({ width: 360, height: 740 });

    await page.getByLabel('मोबाइल नंबर').fill(MOBILE);
    await page.getByRole('button', { name: 'OTP पाएं' }).click();
    await page.getByText('अपने मोबाइल पर भेजा गया OTP दर्ज करें').waitFor();
    await page.getByLabel('6 में से अंक 1').focus();
    await page.keyboard.insertText(await latestOtp(baseURL, MOBILE));
    await page.getByRole('button', { name: 'OTP सत्यापित करें' }).click();
    await page.waitForURL(/#\/apply-loan\/mobile\?id=[0-9a-f]{32}/);
    applicationId = /id=([0-9a-f]{32})/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: 'उधारकर्ता की जानकारी' }).waitFor();
    await shot(page, 'borrower-hi-360');
    guestToken = (await page.evaluate(() => localStorage.getItem('guest_token')))!;
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const app = await serverApplication(baseURL, guestToken, applicationId);
    expect(app.status).toBe('DRAFT');
  });

  it('the borrower step online (PAN needs the network), then Next', async () => {
    // The page objects read the English labels: the rest of the capture is typed in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    const borrower = new BorrowerPage(page);
    await page.getByRole('heading', { name: 'Borrower info' }).waitFor();
    await borrower.field('Aadhaar').fill(SUNITA.aadhaar);
    await borrower.fillPersonal(SUNITA.details);
    await borrower.verifyPan(SUNITA.pan);
    // Her voter ID reads SUNITA DEVI (DECISIONS' fixtures): the names differ, she goes on with a deviation.
    // The screen ignores a check tapped while the PAN's name match still runs: tapped until it is sent.
    await borrower.field('Voter ID').fill(SUNITA.voterId);
    await tapUntilSent(page, page.getByRole('button', { name: 'Verify Voter Id' }), '/verification/v1/perfios/kyc/verify-voter-id');
    await page.getByText('Voter Id Verified ✓').waitFor();
    await borrower.fillAddress(SUNITA.details);
    await borrower.fillProduct(SUNITA.details);
    await page.getByRole('button', { name: 'Continue with Deviation', exact: true }).click();
    await page.waitForURL(/#\/apply-loan\/kyc\?id=/);
    await page.getByText('Step 2 of 6').waitFor();
    await waitForApplication(baseURL, guestToken, applicationId, (a) => a.stage.includes('BORROWER_INFO'));
  });

  it('offline: KYC with its documents, a reload offline, references and the send to the branch, all kept on the phone', async () => {
    await waitForOfflineReady(page);
    await context.setOffline(true);
    const kyc = await kycStep(context, page);
    await shot(page, 'kyc-offline-360');
    await kyc.next();
    await page.waitForURL(/#\/apply-loan\/co-applicants\?id=/);

    await page.reload();
    await page.getByText('Step 3 of 6').waitFor();

    await page.goto(`${baseURL}/#/apply-loan/reference-details?id=${applicationId}`);
    await page.getByRole('link', { name: '+ Add Reference', exact: true }).click();
    await page.getByRole('heading', { name: 'Reference Details', level: 1 }).waitFor();
    await choose(page, page, 'Reference type', 'Personal reference');
    await page.getByLabel('Name', { exact: true }).fill('ANITA SHARMA');
    await page.getByLabel('Mobile number', { exact: true }).fill('9876500778');
    await page.getByLabel('Address', { exact: true }).fill('9, Temple Street, Shivaji Nagar');
    await page.getByRole('button', { name: 'Save Reference', exact: true }).click();
    await page.getByTestId('reference-card').first().waitFor();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL(/#\/apply-loan\/success\?id=/);
    await page.getByRole('button', { name: 'Send to the branch' }).click();
    await page.getByText('Saved. It will be sent to the branch when you are online.').waitFor();
    await shot(page, 'success-offline-360');

    await page.reload();
    await page.getByText('Saved. It will be sent to the branch when you are online.').waitFor();
    const offline = await serverApplication(baseURL, guestToken, applicationId);
    expect(offline.stage).toEqual(['BORROWER_INFO']);
  });

  it('back online: every item reaches the server exactly once, and the token then reads only', async () => {
    await context.setOffline(false);
    const sent = (a: ServerApplication) =>
      ['BORROWER_BASIC_INFO', 'REFERENCES'].every((s) => a.stage.includes(s)) &&
      (a.history as { action: string }[] | undefined)?.some((h) => h.action === 'SELF_SUBMITTED') === true;
    const app = await waitForApplication(baseURL, guestToken, applicationId, sent, 60000);
    expect((app.history as { action: string }[]).filter((h) => h.action === 'SELF_SUBMITTED')).toHaveLength(1);
    expect(app.reference_list).toHaveLength(1);
    await page.getByText('Your application is with the branch. An officer will call you.').waitFor();
    await page.getByTestId('tracker-id').waitFor();

    const change = await fetch(`${baseURL}/api/v1/app/mfi/${applicationId}/basic-info`, {
      method: 'PATCH',
      headers: { token: guestToken, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(change.status).toBe(409);
  });

  it('the officer takes it over from Self-applied: the files are there once each, the guest token ends', async () => {
    browser = await launchBrowser();
    const officerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const officer = await signInStaff(officerContext, baseURL, '9000000001', problems);
    await officer.goto(`${baseURL}/#/applications`);
    await officer.getByRole('heading', { name: 'Self-applied' }).waitFor();
    await officer.getByText('SUNITA KUMARI').first().waitFor();
    await shot(officer, 'self-applied-360');
    await officer.getByRole('button', { name: 'Take over' }).first().click();
    await officer.waitForURL(new RegExp(`#/application/family-details\\?id=${applicationId}`));

    const token = (await officer.evaluate(() => localStorage.getItem('token')))!;
    const files = await serverFiles(baseURL, token, applicationId);
    const types = files.map((f) => f.file_type).sort();
    expect(types).toEqual([...new Set(types)]);
    expect(types).toEqual(expect.arrayContaining(['AADHAAR_BACK', 'AADHAAR_FRONT', 'BORROWER_PHOTO', 'PAN']));
    const app = await serverApplication(baseURL, token, applicationId);
    expect((app.history as { action: string }[]).map((h) => h.action)).toContain('TAKEN_OVER');
    expect((await fetch(`${baseURL}/api/v1/app/mfi/${applicationId}`, { headers: { token: guestToken } })).status).toBe(401);
    expect(problems).toEqual([]);
  });
});
