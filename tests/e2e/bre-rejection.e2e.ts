import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistent } from './support/browser';
import { moveTo, signInStaff } from './support/staff';
import { officerToken, serverApplication, waitForApplication } from './support/application-server';
import { CpvPage } from './pages/cpv.page';
import { LoanOfferPage } from './pages/loan-offer.page';
import { jpeg, lakshmiThroughBank } from './lakshmi-capture.steps';

/*
 * Issue 21 D2 end to end in Chromium on the real server: opening the loan offer decides nothing.
 * LAKSHMI DEVI captured by the officer through the bank account, PD1 completed (API); the credit
 * manager takes the CPV with the monthly sales mistyped (15,000 for 1,50,000). The offer shows the
 * engine's inputs; Compute offer proposes a rejection (surplus 15,000 × 20% = 3,000 − business
 * 10,000 − household 9,000 = −16,000), shown in words with the application named, and the status
 * stays PD1_COMPLETE. Back to field verification: the section says it was submitted and holds the
 * mistyped figure; corrected to 1,50,000 (surplus 11,000) and submitted, the offer says the figures
 * changed, and Compute offer offers ₹1,00,000 over 24 months (EMI 5,287, as in loan-offer.e2e.ts).
 */
const baseURL = inject('baseURL');
const OFFICER = '9000000001';
const CREDIT_MANAGER = '9000000002';
const BRANCH_MANAGER = '9000000003';
const LAKSHMI_MOBILE = '9876500071';
const LONG = 300_000;

const problems: string[] = [];
const rupees = (amount: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);
const signIn = (context: BrowserContext, mobile: string) => signInStaff(context, baseURL, mobile, problems);

const BUSINESS_FIGURES = {
  monthly_sales: '15000',
  gross_margin_percentage: '20',
  rent: '3000',
  salary: '4000',
  electricity_and_fuel: '1000',
  machinery_repairs: '500',
  transportation_and_petrol: '700',
  admin_operating_expenses: '300',
  others: '500',
};
const HOUSEHOLD = {
  house_rent: '2000',
  house_electricity_and_water: '800',
  food_expenses: '4000',
  education_expenses: '1000',
  medical_expenses: '500',
  insurance_premiums: '500',
  house_others: '200',
};

async function shots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/bre-rejection-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/bre-rejection-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

describe('the BRE proposes a rejection; the figures corrected, the offer computed', () => {
  const closers: (() => Promise<void>)[] = [];
  let creditManager: Page;
  let bcmToken: string;
  let id: string;

  beforeAll(async () => {
    const a = await launchPersistent();
    closers.push(a.close);
    const officer = await signIn(a.context, OFFICER);
    id = await lakshmiThroughBank(officer, baseURL, LAKSHMI_MOBILE);
    const m = await launchPersistent();
    closers.push(m.close);
    await moveTo(baseURL, await signIn(m.context, BRANCH_MANAGER), id, 'PD1_COMPLETE');
    const b = await launchPersistent();
    closers.push(b.close);
    creditManager = await signIn(b.context, CREDIT_MANAGER);
    bcmToken = await officerToken(creditManager);
  }, LONG);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it(
    'the CPV with the sales mistyped; opening the offer shows the inputs and decides nothing; Compute offer proposes a rejection',
    async () => {
      const page = creditManager;
      const context = page.context();
      const cpv = new CpvPage(page, baseURL);
      await cpv.open(id);
      await cpv.completeBoth(
        {
          photos: {
            shop_photo_file: await jpeg(context, 'Shop front'),
            shop_selfie_photo_file: await jpeg(context, 'Shop selfie with BCM'),
            qr_code_upload: await jpeg(context, 'QR code'),
          },
          figures: BUSINESS_FIGURES,
        },
        { photos: { house_selfie_photo_file: await jpeg(context, 'House selfie with BCM') }, figures: HOUSEHOLD },
      );
      await waitForApplication(
        baseURL,
        bcmToken,
        id,
        (a) => a.stage.includes('CPV_RESIDENCE') && a.stage.includes('CPV_BUSINESS_PLACE'),
        60000,
      );

      const offer = new LoanOfferPage(page, baseURL);
      await offer.open(id);
      await offer.input('surplus').getByText('−₹16,000.00').waitFor();
      await expect(offer.input('monthly-sales').textContent()).resolves.toBe('₹15,000.00');
      await expect(offer.input('gross-profit').textContent()).resolves.toBe('₹3,000.00');
      await expect(offer.input('business-expenses').textContent()).resolves.toBe('− ₹10,000.00');
      await expect(offer.input('household-expenses').textContent()).resolves.toBe('− ₹9,000.00');
      let stored = await serverApplication(baseURL, bcmToken, id);
      expect(stored.status).toBe('PD1_COMPLETE');
      expect(stored.loan_offer ?? null).toBeNull();

      await offer.computeButton().click();
      const proposal = offer.proposal();
      await proposal.waitFor();
      await proposal.getByText(`LAKSHMI DEVI · Loan id ${stored.tracker_id as string}`).waitFor();
      await proposal
        .getByText(
          'The monthly surplus of −₹16,000.00 is too small: 12 months of it (−₹1,92,000.00) is below the smallest loan of ₹75,000.00.',
        )
        .waitFor();
      await expect(page.getByText(/INSUFFICIENT.SURPLUS/).count()).resolves.toBe(0);
      await proposal.getByRole('button', { name: 'Confirm rejection' }).waitFor();
      await shots(page, 'proposal');
      stored = await serverApplication(baseURL, bcmToken, id);
      expect(stored.status).toBe('PD1_COMPLETE');
      expect(stored.loan_offer).toMatchObject({ decision: 'REJECTED', reasons: ['INSUFFICIENT_SURPLUS'], monthly_surplus: -16000 });
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    'back to field verification, the sales corrected; the offer says the figures changed and Compute offer offers the loan',
    async () => {
      const page = creditManager;
      const offer = new LoanOfferPage(page, baseURL);
      await offer.proposal().getByRole('link', { name: 'Back to field verification' }).click();
      const cpv = new CpvPage(page);
      await cpv.waitReady();
      const business = cpv.section('business_place');
      await business
        .getByTestId('cpv-business_place-state')
        .getByText(/^Submitted\./)
        .waitFor();
      const sales = business.getByLabel('Monthly cash sales', { exact: true });
      await expect(sales.inputValue()).resolves.toBe('15000');
      await sales.fill('150000');
      await cpv.submit('business_place');
      await page.waitForURL(/#\/application\/references\?id=/);
      await waitForApplication(
        baseURL,
        bcmToken,
        id,
        (a) => (a.app_mfi_cpv_info as { business_place?: { monthly_sales?: number } } | null)?.business_place?.monthly_sales === 150000,
        60000,
      );

      await offer.open(id);
      await page.getByText('The field verification changed since the engine last ran: compute the offer again.').waitFor();
      await offer.input('surplus').getByText('₹11,000.00').waitFor();
      await offer.computeButton().click();
      await offer.figure('Decision').getByText('Approved').waitFor();
      await offer.figure('BRE score').getByText('742').waitFor();
      await offer.figure('Suggested amount').getByText('₹1,00,000.00').waitFor();
      const stored = await serverApplication(baseURL, bcmToken, id);
      expect(stored.status).toBe('PD1_COMPLETE');
      expect(stored.loan_offer).toMatchObject({ decision: 'APPROVED', monthly_surplus: 11000, final_suggested_loan_amount: 100000 });
      // The EMI of the stored offer is the one shown (its tenure is the one the borrower asked for, capped at 24 for 742).
      const emi = (stored.loan_offer as { final_suggested_emi: number }).final_suggested_emi;
      await offer.figure('EMI').getByText(rupees(emi)).waitFor();
      await shots(page, 'corrected-offer');
      expect(((stored.history ?? []) as { to: string }[]).filter((h) => h.to === 'REJECTED')).toEqual([]);
      expect(problems).toEqual([]);
    },
    LONG,
  );
});
