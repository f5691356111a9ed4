import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, calendarDateOf, emiStartDate, formatDisplayDate, formatIsoDate, keyFacts, upfrontCharges } from '../../src/domain';
import { launchPersistent, waitForOfflineReady } from './support/browser';
import { moveTo, signInStaff } from './support/staff';
import { officerToken, serverApplication, waitForApplication } from './support/application-server';
import { KycDocumentsPage } from './pages/kyc-documents.page';
import { CpvPage } from './pages/cpv.page';
import { ReferencesPage } from './pages/references.page';
import { LoanOfferPage } from './pages/loan-offer.page';
import { choose } from './pages/borrower.page';
import { lakshmiFieldVerification, lakshmiThroughBank } from './lakshmi-capture.steps';
import { latestOtp } from './support/sms';
import { readPdfText } from '../../src/server/documents/readers/pdf-text';

/*
 * Issue 12 end to end in Chromium on the real server: LAKSHMI DEVI captured by the officer through
 * the bank account; PD1 completed by the branch manager (API); the credit manager, OFFLINE, takes
 * the CPV photos and figures and adds a reference; back online they reach the server; the loan
 * offer (online only: offline it says so) is computed by the BRE, edited (amount, tenure,
 * disbursement date), PD2 completed (API), the offer accepted through the confirm dialog and the
 * final submit makes the application APPROVED. The Key Fact Statement is shown and photographed at
 * 360 and 1280 px.
 *
 * The figures are those of tests/server/loan-offer.test.ts, worked out by hand: sales 1,50,000 at
 * 20% = 30,000 − business expenses 10,000 − household 9,000 = surplus 11,000; score 742: max 24
 * months; suggested 1,00,000 (the amount requested) over the 12 months LAKSHMI asked for (issue
 * 22: the requested tenure, capped at the risk maximum); 12 months at 24%: EMI 9,456. Edited to
 * 90,000 over 18 months: EMI 6,003, fee 1,800 + GST 324, insurance 900. The interest and the APR
 * depend on the days from the disbursement (tomorrow, the run's date) to the first EMI (issue 22):
 * the hand-computed cases are in tests/unit/domain/key-facts.test.ts; here the screen must show
 * what the domain computes for tomorrow.
 */
const rupeesText = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

const baseURL = inject('baseURL');
const OFFICER = '9000000001';
const CREDIT_MANAGER = '9000000002';
const BRANCH_MANAGER = '9000000003';
const LAKSHMI_MOBILE = '9876500061';
const LONG = 300_000;

const problems: string[] = [];
const signIn = (context: BrowserContext, mobile: string) => signInStaff(context, baseURL, mobile, problems);
const move = (page: Page, id: string, status: string) => moveTo(baseURL, page, id, status);

async function shots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/loan-offer-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/loan-offer-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

describe('loan offer with the Key Fact Statement, acceptance and final submit', () => {
  const closers: (() => Promise<void>)[] = [];
  let officer: Page;
  let creditManager: Page;
  let bcmToken: string;
  let id: string;

  beforeAll(async () => {
    const a = await launchPersistent();
    closers.push(a.close);
    officer = await signIn(a.context, OFFICER);
    const b = await launchPersistent();
    closers.push(b.close);
    creditManager = await signIn(b.context, CREDIT_MANAGER);
    bcmToken = await officerToken(creditManager);
  }, LONG);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it(
    'the officer captures LAKSHMI through the bank account; the branch manager completes PD1',
    async () => {
      id = await lakshmiThroughBank(officer, baseURL, LAKSHMI_MOBILE);

      const m = await launchPersistent();
      closers.push(m.close);
      await move(await signIn(m.context, BRANCH_MANAGER), id, 'PD1_COMPLETE');
      expect((await serverApplication(baseURL, bcmToken, id)).status).toBe('PD1_COMPLETE');
    },
    LONG,
  );

  it(
    'offline, the credit manager captures the CPV of both places and a reference; online they reach the server',
    async () => {
      const page = creditManager;
      const context = page.context();
      const cpv = new CpvPage(page, baseURL);
      await cpv.open(id);
      await waitForOfflineReady(page);
      // Online once, so these screens come from the service worker offline.
      await new ReferencesPage(page, baseURL).open(id);
      await new LoanOfferPage(page, baseURL).open(id);
      await cpv.open(id);

      await context.setOffline(true);
      await cpv.completeBoth(...(await lakshmiFieldVerification(context)));
      const references = new ReferencesPage(page);
      await references.waitReady();
      await references.add({ type: 'Personal reference', name: 'Sita Ram', phone: '9876543211', address: '12 Market Road, Bengaluru' });
      await references.submit();
      // The way on to the offer; offline, the offer says it needs a connection and asks nothing.
      await page.getByRole('link', { name: 'Loan Offer' }).click();
      await page.getByText(/The loan offer needs a connection/).waitFor();
      expect((await serverApplication(baseURL, bcmToken, id)).stage).not.toContain('CPV_BUSINESS_PLACE');

      await context.setOffline(false);
      await new KycDocumentsPage(page, baseURL).waitPending(0, 60000);
      const app = await waitForApplication(baseURL, bcmToken, id, (a) => a.stage.includes('REFERENCES'));
      expect(app.stage).toEqual(expect.arrayContaining(['CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']));
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    'the offer: BRE figures, edited terms with the EMI start date from the server, the KFS; PD2, Accept Offer, Final Submit: APPROVED',
    async () => {
      const page = creditManager;
      const offer = new LoanOfferPage(page, baseURL);
      await offer.open(id);
      await offer.waitOffer();
      await offer.figure('BRE score').getByText('742').waitFor();
      await offer.figure('Decision').getByText('Approved').waitFor();
      await offer.figure('EMI').getByText('₹9,456.00').waitFor();
      await offer.figure('Processing fee (with GST)').getByText('₹2,360.00').waitFor();
      await offer.figure('Insurance').getByText('₹1,000.00').waitFor();
      await offer.figure('Suggested amount').getByText('₹1,00,000.00').waitFor();
      await offer.figure('Max tenure (risk category)').getByText('24 months').waitFor();
      // The schedule's rows are added a few per frame: the last one, then the count.
      await offer.schedule().getByRole('row').nth(12).waitFor();
      await expect(offer.schedule().getByRole('row').count()).resolves.toBe(13);
      // PD1 complete: no acceptance yet, only Finish Process.
      await page.getByRole('button', { name: 'Finish Process' }).waitFor();

      const today = calendarDateOf(new Date());
      const disbursed = addDays(today, 1);
      await offer.editTerms({ amount: '90000', tenure: '18', disbursementDate: formatIsoDate(disbursed) });
      await offer.figure('EMI').getByText('₹6,003.00').waitFor();
      await offer
        .emiStartDate()
        .getByText(formatDisplayDate(emiStartDate(disbursed)))
        .waitFor();
      const facts = keyFacts({ amount: 9000000, annualRateBps: 2400, months: 18, disbursed }, upfrontCharges(9000000));
      await offer
        .fact('kfs.apr')
        .getByText(`${(facts.aprHundredths / 100).toFixed(2)}%`)
        .waitFor();
      await expect(offer.fact('kfs.totalInterest').textContent()).resolves.toBe(rupeesText(facts.totalInterest));
      await expect(offer.fact('kfs.totalPayable').textContent()).resolves.toBe(rupeesText(facts.totalPayable));
      await offer.schedule().getByRole('row').nth(18).waitFor();
      await expect(offer.schedule().getByRole('row').count()).resolves.toBe(19);
      await page.getByText('Updating the offer...').waitFor({ state: 'detached' });
      await offer.kfsWhole();
      // At 360 px Annex B's four columns fit, and Annex C's seven are stacked, one card per
      // instalment with each value under its column's name: nothing scrolls sideways (issue 31 D12).
      const scrolls = (table: Locator) => table.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth);
      await expect(scrolls(offer.kfs().getByTestId('kfs-cash-flows'))).resolves.toBe(false);
      await expect(scrolls(offer.schedule())).resolves.toBe(false);
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).resolves.toBe(true);
      const firstRow = offer.schedule().locator('tbody tr').first();
      await expect(firstRow.evaluate((tr) => getComputedStyle(tr).display)).resolves.toBe('grid');
      await expect(
        firstRow
          .locator('td')
          .nth(3)
          .evaluate((td) => getComputedStyle(td, '::before').content),
      ).resolves.toBe('"Instalment"');
      // At desktop width it is the table.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(firstRow.evaluate((tr) => getComputedStyle(tr).display)).resolves.toBe('table-row');
      await page.setViewportSize({ width: 360, height: 740 });
      await shots(page, 'kfs');
      await choose(page, offer.kfs(), "Borrower's language", 'हिन्दी');
      await offer.kfs().getByRole('heading', { name: 'मुख्य तथ्य विवरण' }).waitFor();
      await offer.kfs().getByText('भाग 2 – अन्य गुणात्मक जानकारी').waitFor();
      await offer.kfsWhole();
      await expect(offer.schedule().getByRole('columnheader').first().textContent()).resolves.toBe('क्र.');
      await shots(page, 'kfs-hindi');
      await choose(page, offer.kfs(), "Borrower's language", 'English');
      await offer.kfs().getByRole('heading', { name: 'Key Fact Statement' }).waitFor();

      // The PDF the borrower keeps, made on the server, read back.
      const pdf = await fetch(`${baseURL}/api/v1/bureau/bre/kfs/pdf?application_id=${id}`, { headers: { token: bcmToken } });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const read = await readPdfText(new Uint8Array(await pdf.arrayBuffer()), null);
      const pdfText = read.ok
        ? read.pages
            .flat()
            .map((line) => line.map((r) => r.text).join(' '))
            .join('\n')
        : '';
      expect(pdfText).toContain(`Annual percentage rate (APR) ${(facts.aprHundredths / 100).toFixed(2)}%`);
      expect(pdfText).toContain('Anita Desai');

      const stored = await serverApplication(baseURL, bcmToken, id);
      expect(stored.loan_offer).toMatchObject({
        decision: 'APPROVED',
        bre_score: 742,
        final_suggested_loan_amount: 90000,
        risk_category_and_loan_type_wise_max_tenure: 18,
        final_suggested_emi: 6003,
        total_processing_fee_amount: 2124,
        insurance_fee: 900,
        disbursement_date: formatIsoDate(disbursed),
        emi_start_date: formatIsoDate(emiStartDate(disbursed)),
        is_accepted: false,
      });

      await move(page, id, 'PD2_COMPLETE');
      await offer.open(id);
      await offer.figure('EMI').getByText('₹6,003.00').waitFor();
      // Issue 22: Accept Offer waits for the borrower's acknowledgement of the statement shown.
      const accept = page.getByRole('button', { name: 'Accept Offer' });
      await expect(accept.isDisabled()).resolves.toBe(true);
      const kfsNumber = await offer.acknowledge(() => latestOtp(baseURL, LAKSHMI_MOBILE));
      const sms = (await (await fetch(`${baseURL}/api/dev/sms?mobile=${LAKSHMI_MOBILE}`)).json()) as { data: { text: string }[] };
      expect(sms.data[0]!.text).toContain(kfsNumber);
      // The acknowledgement is in the history, with the statement's number.
      const history = page.locator('details.app-review__history');
      await history.locator('summary').click();
      await history.getByText('Key Fact Statement acknowledged by the borrower').waitFor();
      await history.getByTestId('history-kfs').getByText(kfsNumber, { exact: false }).waitFor();
      await offer.accept();
      // The accepted offer's summary (the statement's table on the same page shows the amount too).
      await page.getByRole('definition').filter({ hasText: '₹90,000.00' }).waitFor();
      await page.getByRole('definition').filter({ hasText: kfsNumber }).waitFor();
      await shots(page, 'final-submit');
      await offer.finalSubmit();
      await page.getByTestId('kfs-number').getByText(kfsNumber).waitFor();
      await shots(page, 'approved');

      const approved = await serverApplication(baseURL, bcmToken, id);
      expect(approved.status).toBe('APPROVED');
      expect(approved.loan_offer).toMatchObject({ is_accepted: true, final_suggested_loan_amount: 90000, final_suggested_emi: 6003 });
      expect((approved.loan_offer as { acknowledgement: unknown }).acknowledgement).toMatchObject({
        kfs_number: kfsNumber,
        language: 'en',
        content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const tracked = (await (await fetch(`${baseURL}/api/v1/track?tracker_id=${approved.tracker_id}`)).json()) as {
        data: { kfs_number: string };
      };
      expect(tracked.data.kfs_number).toBe(kfsNumber);
      expect(problems).toEqual([]);
    },
    LONG,
  );
});
