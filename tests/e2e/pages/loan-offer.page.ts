import { choose } from './borrower.page';
import { pastAppLock } from './login.page';
import type { Locator, Page } from 'playwright-core';

/**
 * /application/loan-offer?id= 'Loan Offer' (spec 02 screen 12), /application/final-submit?id=
 * 'Final Submit' and /application/success/loan-offers: as a credit manager sees them.
 */
export class LoanOfferPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL?: string,
  ) {}

  async open(applicationId: string): Promise<void> {
    if (!this.baseURL) throw new Error('LoanOfferPage.open needs the baseURL');
    const url = `${this.baseURL}/#/application/loan-offer?id=${applicationId}`;
    // Already there (the hash is the same): load the screen again, as a person would with a refresh.
    if (this.page.url() === url) await this.page.reload();
    else await this.page.goto(url);
    await pastAppLock(this.page, this.page.getByRole('heading', { name: 'Loan Offer', level: 1 }));
  }

  /**
   * The offer's figures are shown (the BRE answered). Opening computes nothing: without a current
   * offer the credit manager taps Compute offer first.
   */
  async waitOffer(): Promise<void> {
    const refused = this.page.locator('.loan-offer .error-banner');
    const compute = this.computeButton();
    await this.bre().or(refused).or(compute).first().waitFor();
    if (await compute.isVisible()) {
      await compute.click();
      await this.bre().or(refused).or(this.proposal()).first().waitFor();
    }
    if (await refused.isVisible()) throw new Error(`the offer was refused: ${await refused.textContent()}`);
  }

  computeButton(): Locator {
    return this.page.getByRole('button', { name: 'Compute offer' });
  }

  /** 'What the engine uses': a figure by its key (monthly-sales, gross-profit, surplus, ...). */
  input(key: string): Locator {
    return this.page.getByRole('region', { name: 'What the engine uses' }).locator(`[data-input="${key}"] dd`);
  }

  /** The engine's rejection proposal (Confirm rejection / Back to field verification). */
  proposal(): Locator {
    return this.page.getByRole('region', { name: 'The engine proposes to reject this application' });
  }

  bre(): Locator {
    return this.page.getByRole('region', { name: 'Business rules engine' });
  }

  /** A figure of the BRE's answer by its label ('EMI', 'BRE score', ...). */
  figure(label: string): Locator {
    return this.bre()
      .locator('.loan-offer__figure', { has: this.page.getByText(label, { exact: true }) })
      .locator('dd');
  }

  kfs(): Locator {
    return this.page.getByTestId('kfs');
  }

  /** Waits until the statement is drawn whole, in one language: its parts come a frame each, and it is busy until the last. */
  async kfsWhole(): Promise<void> {
    await this.page.locator('[data-testid="kfs"]:not([aria-busy])').waitFor();
  }

  /** Annex C, the repayment schedule (the statement's second table; Annex B's cash flows is the first). */
  schedule(): Locator {
    return this.kfs().getByRole('table').nth(1);
  }

  /** A line of the Key Fact Statement by its key (kfs.apr, kfs.totalInterest, ...). */
  fact(key: string): Locator {
    return this.kfs().locator(`[data-fact="${key}"] dd`);
  }

  async editTerms(terms: { amount?: string; tenure?: string; disbursementDate?: string }): Promise<void> {
    if (terms.amount !== undefined) await this.page.getByLabel('Loan amount (₹)').fill(terms.amount);
    if (terms.tenure !== undefined) await choose(this.page, this.page, 'Tenure (months)', `${terms.tenure} months`);
    if (terms.disbursementDate !== undefined) await this.page.getByLabel('Disbursement date').fill(terms.disbursementDate);
  }

  emiStartDate(): Locator {
    return this.page.getByTestId('emi-start-date');
  }

  /** The borrower's acknowledgement section: the statement number, Send to borrower, the code. */
  consent(): Locator {
    return this.page.getByTestId('kfs-consent');
  }

  /**
   * "Send to borrower" → the code texted to the borrower (read by `codeOf`, the dev SMS outbox)
   * typed as "Borrower's code" → Confirm code → the acknowledgement shown. Answers the statement number.
   */
  async acknowledge(codeOf: () => Promise<string>): Promise<string> {
    const consent = this.consent();
    const kfsNumber = (await consent.getByTestId('kfs-number').textContent())!;
    await consent.getByRole('button', { name: 'Send to borrower' }).click();
    await consent.getByText(`Code for statement ${kfsNumber} sent to`).waitFor();
    await consent.getByLabel("Borrower's code").fill(await codeOf());
    await consent.getByRole('button', { name: 'Confirm code' }).click();
    await consent.getByTestId('kfs-acknowledged').getByText(kfsNumber, { exact: false }).waitFor();
    return kfsNumber;
  }

  /** Accept Offer → the confirm dialog (it says it cannot be undone) → Yes, accept → the final submit page. */
  async accept(): Promise<void> {
    await this.page.getByRole('button', { name: 'Accept Offer' }).click();
    const dialog = this.page.getByRole('alertdialog', { name: 'Accept the loan offer?' });
    await dialog.getByText(/cannot be undone/).waitFor();
    await dialog.getByRole('button', { name: 'Yes, accept' }).click();
    await this.page.waitForURL(/#\/application\/final-submit\?id=/);
  }

  /** Final Submit → the confirm dialog (it says it cannot be undone) → Yes, approve → the approval. */
  async finalSubmit(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Final Submit', level: 1 }).waitFor();
    await this.page.getByRole('button', { name: 'Final Submit' }).click();
    const dialog = this.page.getByRole('alertdialog', { name: 'Approve the application?' });
    await dialog.getByText(/cannot be undone/).waitFor();
    await dialog.getByRole('button', { name: 'Yes, approve' }).click();
    await this.page.getByRole('heading', { name: 'Application approved' }).waitFor();
  }
}
