import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistent } from './support/browser';
import { latestOtp } from './support/sms';
import { applicationIdOf, officerToken, serverApplication, waitForApplication, type ServerApplication } from './support/application-server';
import { LoginPage } from './pages/login.page';
import { BankAccountPage } from './pages/business.page';
import { ApplicationsPage, ResumePage, ReviewSection } from './pages/review.page';
import { businessAndBankSteps, throughBank } from './business-bank.steps';
import { borrowerStep, coBorrowerAndFamily, jpeg, kycStep, LAKSHMI } from './lakshmi-capture.steps';

/*
 * Issue 13 in Chromium on the real server: LAKSHMI DEVI captured by the officer through the bank
 * account; the branch manager opens it from /applications, completes PD1 and sends it back with
 * remarks; the officer reads them in the yellow panel, corrects the bank proof and resubmits; the
 * branch manager completes PD1. Resume by mobile lands on the right step for three stage sets.
 */

const baseURL = inject('baseURL');
const OFFICER = '9000000001';
const BRANCH_MANAGER = '9000000003';
const LAKSHMI_MOBILE = '9876500031';
const SECOND_MOBILE = '9876500032';
const SUNITA_MOBILE = '9876500033';
const REMARKS = 'Bank proof photo is blurred, please upload a clear passbook photo';
const LONG = 300_000;

type History = { action: string; from: string | null; to: string | null; remarks: string | null; actor_designation: string | null }[];
const historyOf = (app: ServerApplication) => (app.history ?? []) as History;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/review-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/review-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

async function signIn(context: BrowserContext, mobile: string): Promise<Page> {
  await context.grantPermissions(['camera', 'geolocation'], { origin: baseURL });
  await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await new LoginPage(page, baseURL).signIn(mobile, (m) => latestOtp(baseURL, m));
  await page.getByRole('article', { name: 'Applications' }).waitFor();
  return page;
}

const problems: string[] = [];

describe('review workflow: list, review with remarks, resubmit, resume by mobile', () => {
  let officerClose: () => Promise<void>;
  let managerClose: () => Promise<void>;
  let officer: Page;
  let manager: Page;
  let officerToken_: string;
  let id: string;

  beforeAll(async () => {
    const a = await launchPersistent();
    officerClose = a.close;
    officer = await signIn(a.context, OFFICER);
    officerToken_ = await officerToken(officer);
    const b = await launchPersistent();
    managerClose = b.close;
    manager = await signIn(b.context, BRANCH_MANAGER);
  }, LONG);
  afterAll(async () => {
    await officerClose?.();
    await managerClose?.();
  });

  it(
    'the officer captures LAKSHMI through the bank account; resume by her mobile goes to the CPV step',
    async () => {
      const context = officer.context();
      const borrower = await borrowerStep(officer, baseURL, LAKSHMI_MOBILE, LAKSHMI, { aadhaarOtp: true });
      id = applicationIdOf(officer);
      await borrower.next();
      const kyc = await kycStep(context, officer);
      await kyc.next();
      await coBorrowerAndFamily(context, officer);
      await businessAndBankSteps(context, officer, { baseURL, jpeg, shot: async () => {}, shotWide: async () => {} });
      const app = await waitForApplication(baseURL, officerToken_, id, throughBank);
      expect(app.status).toBe('DRAFT');

      // Stage set 1: everything of PD1 → the field verification.
      const resume = new ResumePage(officer, baseURL);
      await resume.lookup(LAKSHMI_MOBILE);
      await officer.waitForURL(new RegExp(`#/application/cpv-info\\?id=${id}$`));
      await officer.getByText('Application found with the given mobile number').first().waitFor();
    },
    LONG,
  );

  it(
    'resume by mobile: the borrower step alone → KYC; with the KYC → co-applicants',
    async () => {
      await officer.goto(`${baseURL}/#/`);
      const borrower = await borrowerStep(officer, baseURL, SECOND_MOBILE, LAKSHMI, { aadhaarOtp: false });
      const second = applicationIdOf(officer);
      await borrower.next();
      await officer.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
      await waitForApplication(baseURL, officerToken_, second, (a) => a.stage.includes('BORROWER_INFO'));

      // Stage set 2: BORROWER_INFO only → kyc.
      const resume = new ResumePage(officer, baseURL);
      await resume.lookup(SECOND_MOBILE);
      await officer.waitForURL(new RegExp(`#/application/kyc\\?id=${second}$`));
      const kyc = await kycStep(officer.context(), officer);
      await kyc.next();
      await officer.getByRole('heading', { name: 'Add Co-borrower/Guarantor' }).waitFor();
      await waitForApplication(baseURL, officerToken_, second, (a) => a.stage.includes('BORROWER_BASIC_INFO'));

      // Stage set 3: BORROWER_INFO and BORROWER_BASIC_INFO → co-applicants.
      await officer.goto(`${baseURL}/#/application/complete-application`);
      await officer.getByLabel("Borrower's mobile number", { exact: true }).fill(SECOND_MOBILE);
      await shot(officer, 'resume');
      await officer.getByRole('button', { name: 'Search', exact: true }).click();
      await officer.waitForURL(new RegExp(`#/application/co-applicants\\?id=${second}$`));

      // An invalid mobile is refused on the phone.
      await resume.lookup('12345');
      await officer.getByRole('alert').getByText('Invalid mobile number').waitFor();
    },
    LONG,
  );

  it(
    'the branch manager opens it from /applications, completes PD1 and sends it back with remarks',
    async () => {
      const list = new ApplicationsPage(manager, baseURL);
      await list.open();
      await manager.getByText('Showing the applications waiting for you.').waitFor();
      const row = list.row(LAKSHMI_MOBILE);
      await row.waitFor();
      // Only an application with every PD1 stage waits for the branch manager: not her second draft.
      await expect(list.row(SECOND_MOBILE).count()).resolves.toBe(0);
      await row.locator('summary').click();
      await row.getByText('6 of 9 stages').waitFor();
      await shot(manager, 'applications');
      await row.getByRole('link', { name: 'Open the application of LAKSHMI DEVI' }).click();
      await manager.waitForURL(new RegExp(`#/application/case\\?id=${id}$`));

      const review = new ReviewSection(manager);
      await review.waitStatus('Draft');
      await review.act('Complete PD1');
      await review.waitStatus('PD1 complete');
      await review.action('Complete Business/Residence Verification').waitFor();

      // Remarks of fewer than 3 characters are refused in the dialog.
      await review.action('PD1 Review').click();
      const dialog = manager.getByRole('dialog');
      await dialog.getByLabel('Remarks', { exact: true }).fill('no');
      await dialog.getByRole('button', { name: 'PD1 Review', exact: true }).click();
      await dialog.getByRole('alert').getByText('Please enter remarks of at least 3 characters').waitFor();
      await shot(manager, 'remarks-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await review.act('PD1 Review', REMARKS);
      await review.waitStatus('Sent back for PD1 review');
      await review.remarksPanel().getByText(REMARKS).waitFor();
      await review.section().getByText('Waiting for the officer to correct and resubmit the application.').waitFor();
      // The officer has it now: Complete PD1 waits for the resubmission (issue 31 D4).
      expect(await review.action('Complete PD1').count()).toBe(0);

      const app = await serverApplication(baseURL, officerToken_, id);
      expect(app.status).toBe('PD1_REVIEW');
      expect(historyOf(app).slice(0, 2)).toMatchObject([
        { action: 'MOVED', from: 'PD1_COMPLETE', to: 'PD1_REVIEW', remarks: REMARKS, actor_designation: 'BRANCH_MANAGER' },
        { action: 'MOVED', from: 'DRAFT', to: 'PD1_COMPLETE' },
      ]);
    },
    LONG,
  );

  it(
    'the officer sees the remarks in the yellow panel, corrects the bank proof and resubmits',
    async () => {
      const list = new ApplicationsPage(officer, baseURL);
      await list.open();
      // Two drafts of hers are the officer's (the second for the resume): her mobile finds this one.
      await list.search(LAKSHMI_MOBILE);
      await officer.locator('details.applications-row').first().waitFor();
      await officer.waitForFunction(() => document.querySelectorAll('details.applications-row').length === 1);
      await list.row(LAKSHMI_MOBILE).locator('.status-badge', { hasText: 'Sent back for PD1 review' }).waitFor();
      await list.openApplication(LAKSHMI_MOBILE, 'LAKSHMI DEVI');
      await officer.waitForURL(new RegExp(`#/application/mobile\\?id=${id}$`));
      const review = new ReviewSection(officer);
      const panel = review.remarksPanel();
      await panel.getByText(REMARKS).waitFor();
      await panel.getByText(/^Sent back by Arjun Singh \(Branch Manager\) on \d\d-\d\d-\d{4} \d\d:\d\d (AM|PM)$/).waitFor();
      await shot(officer, 'remarks-panel');

      // Resubmitting before changing anything: the server says what is missing.
      await review.action('Resubmit').click();
      const dialog = officer.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Resubmit', exact: true }).click();
      await dialog.getByText('Cannot resubmit yet. Still needed: a change since the review.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The correction: a clear bank proof.
      const before = (await serverApplication(baseURL, officerToken_, id)) as ServerApplication & {
        app_mfi_bank_account: { bank_proof: string };
      };
      await officer.goto(`${baseURL}/#/application/bank-account-details?id=${id}`);
      const bank = new BankAccountPage(officer);
      await bank.waitReady();
      // The proof captured on this phone shows in its box (with Clear) once the box has read it.
      const clear = officer.getByRole('button', { name: 'Clear Bank proof (passbook or cancelled cheque)', exact: true });
      await clear.waitFor({ timeout: 15000 });
      await clear.click();
      await bank.attachProof(await jpeg(officer.context(), 'Clear passbook'));
      await bank.submit();
      await officer.waitForURL(/#\/application\/success\?id=/);
      await waitForApplication(
        baseURL,
        officerToken_,
        id,
        (a) => (a as typeof before).app_mfi_bank_account?.bank_proof !== before.app_mfi_bank_account.bank_proof,
      );

      await review.waitStatus('Sent back for PD1 review');
      await review.act('Resubmit', 'Uploaded a clear passbook photo');
      await review.section().getByText('Resubmitted: the branch manager can now complete PD1.').waitFor();
      // At once (issue 21 D4, issue 31 D4): the status, no Resubmit offered again, the history naming what changed.
      await review.waitStatus('Resubmitted for PD1 review');
      expect(await review.action('Resubmit').count()).toBe(0);
      await review
        .section()
        .getByText(/^History \(\d+\)$/)
        .click();
      await review.section().getByText('Changed since the send-back: Bank account').waitFor();
      const app = await serverApplication(baseURL, officerToken_, id);
      expect(app.status).toBe('PD1_REVIEW');
      expect(historyOf(app)[0]).toMatchObject({ action: 'RESUBMITTED', remarks: 'Uploaded a clear passbook photo' });
    },
    LONG,
  );

  it(
    'the branch manager completes PD1 after the resubmission; resume by her mobile then finds nothing incomplete',
    async () => {
      const list = new ApplicationsPage(manager, baseURL);
      await list.open();
      await list.openApplication(LAKSHMI_MOBILE, 'LAKSHMI DEVI');
      await manager.waitForURL(new RegExp(`#/application/case\\?id=${id}$`));
      const review = new ReviewSection(manager);
      await review.waitStatus('Resubmitted for PD1 review');
      await review.section().getByText('The officer resubmitted the application after the review.').waitFor();
      await review
        .section()
        .getByText(/^History \(\d+\)$/)
        .click();
      await review.section().getByText('Uploaded a clear passbook photo').waitFor();
      await shot(manager, 'review-section');
      await review.act('Complete PD1');
      await review.waitStatus('PD1 complete');
      const app = await serverApplication(baseURL, officerToken_, id);
      expect(app.status).toBe('PD1_COMPLETE');
      expect(historyOf(app)[0]).toMatchObject({ action: 'MOVED', from: 'PD1_REVIEW', to: 'PD1_COMPLETE' });

      await new ResumePage(officer, baseURL).lookup(LAKSHMI_MOBILE);
      await officer.getByText('No Incomplete Application Found').waitFor();
      await shot(officer, 'resume-none');
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    "SUNITA KUMARI's name deviation: found by search, approved by the branch manager with a remark, shown to the officer",
    async () => {
      await officer.goto(`${baseURL}/#/`);
      const sunita = {
        aadhaar: '678901234560',
        pan: 'FSKPK2231P',
        voterId: 'XKD3456787',
        details: { ...LAKSHMI.details, title: 'Smt.', name: 'SUNITA KUMARI', dob: '30-11-1988', email: 'sunita@example.com' },
      };
      await borrowerStep(officer, baseURL, SUNITA_MOBILE, sunita, { aadhaarOtp: false });
      const sunitaId = applicationIdOf(officer);
      await officer.getByRole('button', { name: 'Continue with Deviation' }).click();
      await officer.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
      await waitForApplication(baseURL, officerToken_, sunitaId, (a) => a.deviations.length === 1);

      const list = new ApplicationsPage(manager, baseURL);
      await list.open();
      await list.search('sunita');
      await list.row(SUNITA_MOBILE).waitFor();
      await list.openApplication(SUNITA_MOBILE, 'SUNITA KUMARI');
      await manager.waitForURL(new RegExp(`#/application/case\\?id=${sunitaId}$`));
      const review = new ReviewSection(manager);
      await review.section().getByText('borrower name mismatch (borrower)').waitFor();
      await review.section().getByText('Pending', { exact: true }).waitFor();
      await review.section().getByRole('button', { name: 'Approve deviation borrower name mismatch' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Approve deviation borrower name mismatch' });
      await dialog.getByLabel('Remarks', { exact: true }).fill('Known as Sunita Devi on the voter roll');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await review.section().getByText('Remarks: Known as Sunita Devi on the voter roll').waitFor();
      await expect(
        review
          .section()
          .getByRole('button', { name: /Approve deviation/ })
          .count(),
      ).resolves.toBe(0);
      await shot(manager, 'deviation');

      const app = await serverApplication(baseURL, officerToken_, sunitaId);
      expect(app.deviations[0]).toMatchObject({ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'APPROVED' });
      expect(historyOf(app)[0]).toMatchObject({ action: 'DEVIATION_APPROVED', remarks: 'Known as Sunita Devi on the voter roll' });

      // The officer sees the decision on the application too (no buttons for them).
      await officer.goto(`${baseURL}/#/`);
      await officer.getByRole('article', { name: 'Applications' }).waitFor();
      await officer.goto(`${baseURL}/#/application/kyc?id=${sunitaId}`);
      // Decided deviations are folded away: their summary opens them.
      const section = new ReviewSection(officer).section();
      await section.getByText('Deviations (1)', { exact: true }).waitFor();
      const deviations = section.locator('details.app-review__deviations');
      if (!(await deviations.evaluate((d) => (d as HTMLDetailsElement).open))) await deviations.locator('summary').click();
      await section.getByText('Remarks: Known as Sunita Devi on the voter roll').waitFor();
      await section.getByText('Approved', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    },
    LONG,
  );
});
