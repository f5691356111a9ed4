import type { Locator, Page } from 'playwright-core';
import { choose, type Upload } from './borrower.page';

export type KycDetails = {
  guardianName: string;
  relation: string;
  motherName: string;
  category: string;
  religion: string;
  motherTongue: string;
  education: string;
  familyMembers: string;
  earningMembers: string;
};

/** /application/kyc 'Borrowers Info' (spec 02 screen 2): the KYC fields, the documents and Next. */
export class KycPage {
  constructor(private readonly page: Page) {}

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
    await this.page.getByLabel("Father's/Husband's/Guardian's Name", { exact: true }).waitFor();
  }

  private documents(): Locator {
    return this.page.getByRole('region', { name: 'Documents' });
  }

  async fill(d: KycDetails): Promise<void> {
    const field = (label: string) => this.page.getByLabel(label, { exact: true });
    await field("Father's/Husband's/Guardian's Name").fill(d.guardianName);
    await choose(this.page, this.page, 'Relation', d.relation);
    await field("Mother's Name").fill(d.motherName);
    await choose(this.page, this.page, 'Category', d.category);
    await choose(this.page, this.page, 'Religion', d.religion);
    await field('Mother Tongue').fill(d.motherTongue);
    await choose(this.page, this.page, 'Education Qualification', d.education);
    await field('No. of Family Members').fill(d.familyMembers);
    await field('No. of Earning Members').fill(d.earningMembers);
  }

  /** Chooses a file for a document; it is saved on the phone (and its upload queued) when the box shows it. */
  async attach(label: string, file: Upload): Promise<void> {
    await this.documents().getByLabel(label, { exact: true }).setInputFiles(file);
    await this.documents()
      .getByRole('button', { name: `Clear ${label}`, exact: true })
      .waitFor();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
  }
}
