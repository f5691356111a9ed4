import type { Locator, Page } from 'playwright-core';
import { choose } from './borrower.page';
import { Words } from './texts';

export type ReferenceInput = {
  type: 'Personal reference' | 'Business reference';
  name: string;
  /** 10 digits starting 6-9. */
  phone: string;
  /** At least 8 characters. */
  address: string;
  /** Required for a business reference. */
  company?: string;
};

/**
 * /application/references?id= 'References' (the list, an add tile up to 3, Submit) and
 * /application/reference-details?id=&record_index= 'Reference Details' (spec 02 screen 11).
 */
export class ReferencesPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL?: string,
    readonly words: Words = new Words(),
  ) {}

  private t(key: string): string {
    return this.words.t(key);
  }

  async open(applicationId: string): Promise<void> {
    if (!this.baseURL) throw new Error('ReferencesPage.open needs the baseURL');
    await this.page.goto(`${this.baseURL}/#/application/references?id=${applicationId}`);
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: this.t('references.title'), level: 1 }).waitFor();
    await this.page.getByTestId('reference-list').waitFor();
  }

  cards(): Locator {
    return this.page.getByTestId('reference-card');
  }

  /** Add tile → the form → Save Reference → back on the list with one more card. */
  async add(r: ReferenceInput): Promise<void> {
    const before = await this.cards().count();
    await this.page.getByRole('link', { name: `+ ${this.t('references.add')}`, exact: true }).click();
    await this.fillForm(r);
    await this.save();
    await this.waitReady();
    await this.cards().nth(before).waitFor();
  }

  /** The reference form (reference-details), already open. */
  async fillForm(r: ReferenceInput): Promise<void> {
    const field = (key: string) => this.page.getByLabel(this.t(key), { exact: true });
    await this.page.getByRole('heading', { name: this.t('references.detailsTitle'), level: 1 }).waitFor();
    await choose(this.page, this.page, this.t('references.typeLabel'), this.words.option(r.type));
    await field('references.name').fill(r.name);
    await field('references.phone').fill(r.phone);
    await field('references.address').fill(r.address);
    if (r.company !== undefined) await field('references.companyName').fill(r.company);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('references.save'), exact: true }).click();
  }

  /** Submit the list; queued (online or offline), the app goes to /application/success/loan-offers (a guest's to /apply-loan/success). */
  async submit(to: RegExp = /#\/application\/success\/loan-offers\?id=/): Promise<void> {
    await this.page.getByRole('button', { name: this.t('references.submit'), exact: true }).click();
    await this.page.waitForURL(to);
  }

  /** The list's or the form's message banner. */
  error(): Locator {
    return this.page.locator('#references-error, #reference-error');
  }
}
