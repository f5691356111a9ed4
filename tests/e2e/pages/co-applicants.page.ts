import type { Locator, Page } from 'playwright-core';
import { choose, waitForValue, type Upload } from './borrower.page';

export type CoApplicantDetails = {
  pan: string;
  voterId?: string;
  aadhaarLast4?: string;
  relationship: string;
  title: string;
  name: string;
  guardianName: string;
  guardianRelationship: string;
  gender: 'Male' | 'Female' | 'Others';
  dob: string;
  maritalStatus: string;
  income: string;
  phone: string;
  pincode: string;
  address: string;
};

/**
 * /application/co-applicants 'Add Co-borrower/Guarantor' (spec 02 screen 3) and
 * /application/co-applicant-details 'Co-Borrower/Guarantor Details' (screen 4).
 */
export class CoApplicantsPage {
  constructor(private readonly page: Page) {}

  async waitList(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Add Co-borrower/Guarantor' }).waitFor();
  }

  /** The card of a co-applicant on the list, by the name it shows. */
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  async addCoBorrower(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add Co-borrower' }).click();
    await this.page.getByRole('heading', { name: 'Co-Borrower/Guarantor Details' }).waitFor();
    await this.page.getByLabel('PAN', { exact: true }).waitFor();
  }

  private documents(): Locator {
    return this.page.getByRole('group', { name: 'Documents' });
  }

  async attach(label: string, file: Upload): Promise<void> {
    await this.documents().getByLabel(label, { exact: true }).setInputFiles(file);
    await this.documents()
      .getByRole('button', { name: `Clear ${label}`, exact: true })
      .waitFor();
  }

  verifyPanButton(): Locator {
    return this.page.getByRole('button', { name: /^(Verify PAN|PAN Verified ✓)$/ });
  }

  verifyVoterButton(): Locator {
    return this.page.getByRole('button', { name: /^(Verify Voter Id|Voter Id Verified ✓)$/ });
  }

  async typeIdentity(d: Pick<CoApplicantDetails, 'pan' | 'voterId' | 'aadhaarLast4'>): Promise<void> {
    await this.page.getByLabel('PAN', { exact: true }).fill(d.pan);
    if (d.voterId) await this.page.getByLabel('Voter ID', { exact: true }).fill(d.voterId);
    if (d.aadhaarLast4) await this.page.getByLabel('Aadhaar (last 4 digits, optional)', { exact: true }).fill(d.aadhaarLast4);
  }

  async verifyPan(): Promise<void> {
    await this.page.getByRole('button', { name: 'Verify PAN' }).click();
    await this.page.getByText('PAN Verified ✓', { exact: true }).waitFor();
  }

  async verifyVoterId(): Promise<void> {
    await this.page.getByRole('button', { name: 'Verify Voter Id' }).click();
    await this.page.getByText('Voter Id Verified ✓', { exact: true }).waitFor();
  }

  async fillDetails(d: CoApplicantDetails): Promise<void> {
    const field = (label: string) => this.page.getByLabel(label, { exact: true });
    await choose(this.page, this.page, 'Relationship with borrower', d.relationship);
    await choose(this.page, this.page, 'Title', d.title);
    await field('Full name').fill(d.name);
    await field("Father's/Husband's/Guardian's Name").fill(d.guardianName);
    await choose(this.page, this.page, 'Relationship with guardian', d.guardianRelationship);
    await choose(this.page, this.page, 'Gender', d.gender);
    await field('Date of birth').fill(d.dob);
    await choose(this.page, this.page, 'Marital status', d.maritalStatus);
    await field('Monthly income (₹)').fill(d.income);
    await field('Mobile Number').fill(d.phone);
    await field('Pincode').fill(d.pincode);
    await waitForValue(field('State'));
    await field('Address').fill(d.address);
  }

  submitButton(name: 'Submit' | 'Continue with Deviation' = 'Submit'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Submit on the list: on to the family members. */
  async submitList(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit', exact: true }).click();
  }
}
