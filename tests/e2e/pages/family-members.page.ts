import type { Locator, Page } from 'playwright-core';
import { choose, waitForValue, type Upload } from './borrower.page';

export type FamilyMemberDetails = {
  name: string;
  relationToBorrower: string;
  phone: string;
  pan: string;
  guardianName: string;
  guardianRelationship: string;
  gender: 'Male' | 'Female' | 'Others';
  dob: string;
  education: string;
  income: string;
  pincode: string;
  address: string;
};

/** /application/family-details 'Add Family Members' and /application/family-detail-form 'Family Member Details'. */
export class FamilyPage {
  constructor(private readonly page: Page) {}

  async waitList(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Add Family Members' }).waitFor();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  async add(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add Family Member' }).click();
    await this.page.getByRole('heading', { name: 'Family Member Details' }).waitFor();
    await this.page.getByLabel('Full name', { exact: true }).waitFor();
  }

  private personal(): Locator {
    return this.page.getByRole('group', { name: 'Personal details' });
  }

  private documents(): Locator {
    return this.page.getByRole('group', { name: 'Documents' });
  }

  async fill(d: FamilyMemberDetails): Promise<void> {
    const personal = this.personal();
    const field = (label: string) => this.page.getByLabel(label, { exact: true });
    await field('Full name').fill(d.name);
    await choose(this.page, this.page, 'Relationship with borrower', d.relationToBorrower);
    await field('Mobile Number').fill(d.phone);
    // 'PAN' is both the number (personal details) and the document's upload box.
    await personal.getByLabel('PAN', { exact: true }).fill(d.pan);
    await field("Father's/Husband's/Guardian's Name").fill(d.guardianName);
    await choose(this.page, this.page, 'Relationship with guardian', d.guardianRelationship);
    await choose(this.page, this.page, 'Gender', d.gender);
    await field('Date of birth').fill(d.dob);
    await choose(this.page, this.page, 'Education qualification', d.education);
    await field('Monthly income (₹)').fill(d.income);
    await field('Pincode').fill(d.pincode);
    await waitForValue(field('State'));
    await field('Address').fill(d.address);
  }

  async attach(label: string, file: Upload): Promise<void> {
    await this.documents().getByLabel(label, { exact: true }).setInputFiles(file);
    await this.documents()
      .getByRole('button', { name: `Clear ${label}`, exact: true })
      .waitFor();
  }

  /** Submit of the member's form (back to the list) or of the list (on to the business step). */
  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit', exact: true }).click();
  }
}
