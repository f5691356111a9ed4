import type { Locator, Page } from 'playwright-core';
import { choose, waitForValue, type Upload } from './borrower.page';
import { Words } from './texts';

export type CoApplicantDocumentKey = 'coApp.panFile' | 'coApp.aadhaarFront' | 'coApp.aadhaarBack' | 'coApp.voterIdFront';

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
 * /application/co-applicant-details 'Co-Borrower/Guarantor Details' (screen 4), staff or public:
 * by their keys in the app's text tables (English unless told).
 */
export class CoApplicantsPage {
  constructor(
    private readonly page: Page,
    readonly words: Words = new Words(),
  ) {}

  private t(key: string, vars?: Record<string, string | number>): string {
    return this.words.t(key, vars);
  }

  private field(key: string): Locator {
    return this.page.getByLabel(this.t(key), { exact: true });
  }

  private async choose(key: string, value: string): Promise<void> {
    await choose(this.page, this.page, this.t(key), this.words.option(value));
  }

  async waitList(): Promise<void> {
    await this.page.getByRole('heading', { name: this.t('coApp.listTitle') }).waitFor();
  }

  /** The card of a co-applicant on the list, by the name it shows. */
  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** A card's status in words ('coApp.status.ACTIVE': Accepted). */
  cardStatus(name: string, statusKey = 'coApp.status.ACTIVE'): Locator {
    return this.card(name).getByText(this.t(statusKey));
  }

  async addCoBorrower(): Promise<void> {
    await this.page.getByRole('link', { name: this.t('coApp.addCoBorrower') }).click();
    await this.page.getByRole('heading', { name: this.t('coApp.detailsTitle') }).waitFor();
    await this.field('coApp.pan').waitFor();
  }

  private documents(): Locator {
    return this.page.getByRole('group', { name: this.t('coApp.documents') });
  }

  /** Chooses a document's file, the document named by its key (e.g. 'coApp.panFile'). */
  async attach(documentKey: CoApplicantDocumentKey, file: Upload): Promise<void> {
    const label = this.t(documentKey);
    await this.documents().getByLabel(label, { exact: true }).setInputFiles(file);
    await this.documents()
      .getByRole('button', { name: this.t('upload.clearNamed', { label }), exact: true })
      .waitFor();
  }

  verifyPanButton(): Locator {
    return this.page.getByRole('button', {
      name: new RegExp(`^(${escape(this.t('coApp.verifyPan'))}|${escape(this.t('coApp.panVerified'))})$`),
    });
  }

  verifyVoterButton(): Locator {
    return this.page.getByRole('button', {
      name: new RegExp(`^(${escape(this.t('coApp.verifyVoterId'))}|${escape(this.t('coApp.voterIdVerified'))})$`),
    });
  }

  async typeIdentity(d: Pick<CoApplicantDetails, 'pan' | 'voterId' | 'aadhaarLast4'>): Promise<void> {
    await this.field('coApp.pan').fill(d.pan);
    if (d.voterId) await this.field('coApp.voterId').fill(d.voterId);
    if (d.aadhaarLast4) await this.field('coApp.aadhaar').fill(d.aadhaarLast4);
  }

  async verifyPan(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('coApp.verifyPan') }).click();
    await this.page.getByText(this.t('coApp.panVerified'), { exact: true }).waitFor();
  }

  async verifyVoterId(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('coApp.verifyVoterId') }).click();
    await this.page.getByText(this.t('coApp.voterIdVerified'), { exact: true }).waitFor();
  }

  async fillDetails(d: CoApplicantDetails): Promise<void> {
    // The form's choices are its own keys (co-applicant-fields.ts): each value by its key.
    await this.choose('coApp.relationship', `coApp.relation.${d.relationship}`);
    await this.choose('coApp.salutation', `coApp.salutation.${d.title}`);
    await this.field('coApp.name').fill(d.name);
    await this.field('coApp.guardianName').fill(d.guardianName);
    await this.choose('coApp.guardianRelationship', `coApp.guardian.${d.guardianRelationship}`);
    await this.choose('coApp.gender', `coApp.gender.${GENDER_CODES[d.gender]}`);
    await this.field('coApp.dob').fill(d.dob);
    await this.choose('coApp.maritalStatus', `coApp.marital.${d.maritalStatus}`);
    await this.field('coApp.income').fill(d.income);
    await this.field('coApp.phone').fill(d.phone);
    await this.field('coApp.pincode').fill(d.pincode);
    await waitForValue(this.field('coApp.state'));
    await this.field('coApp.address').fill(d.address);
  }

  submitButton(name: 'Submit' | 'Continue with Deviation' = 'Submit'): Locator {
    const key = name === 'Submit' ? 'coApp.submit' : 'coApp.continueDeviation';
    return this.page.getByRole('button', { name: this.t(key), exact: true });
  }

  /** Submit on the list: on to the family members (staff) or the business (public). */
  async submitList(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('coApp.submit'), exact: true }).click();
  }
}

const GENDER_CODES = { Male: 'MALE', Female: 'FEMALE', Others: 'OTHER' } as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
