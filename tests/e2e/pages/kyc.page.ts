import type { Locator, Page } from 'playwright-core';
import { choose, type Upload } from './borrower.page';
import { Words } from './texts';

export type KycDocumentKey = 'kyc.photo' | 'kyc.pan' | 'kyc.aadhaarFront' | 'kyc.aadhaarBack' | 'kyc.voterId' | 'kyc.voterIdBack';

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

/**
 * /application/kyc 'Borrowers Info' (spec 02 screen 2), and the public flow's kyc step: the KYC
 * fields, the documents and Next, by their keys in the app's text tables (English unless told).
 */
export class KycPage {
  constructor(
    private readonly page: Page,
    readonly words: Words = new Words(),
  ) {}

  private t(key: string): string {
    return this.words.t(key);
  }

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: this.t('kyc.title') }).waitFor();
    await this.page.getByLabel(this.t('kyc.guardianName'), { exact: true }).waitFor();
  }

  private documents(): Locator {
    return this.page.getByRole('region', { name: this.t('kyc.documents') });
  }

  async fill(d: KycDetails): Promise<void> {
    const field = (key: string) => this.page.getByLabel(this.t(key), { exact: true });
    const select = (key: string, english: string) => choose(this.page, this.page, this.t(key), this.words.option(english));
    await field('kyc.guardianName').fill(d.guardianName);
    await select('kyc.guardianRelationship', d.relation);
    await field('kyc.motherName').fill(d.motherName);
    await select('kyc.category', d.category);
    await select('kyc.religion', d.religion);
    await field('kyc.motherTongue').fill(d.motherTongue);
    await select('kyc.education', d.education);
    await field('kyc.familyMembers').fill(d.familyMembers);
    await field('kyc.earningMembers').fill(d.earningMembers);
  }

  /** Chooses a file for a document (named by its key, e.g. 'kyc.photo'); it is saved on the phone (and its upload queued) when the box shows it. */
  async attach(documentKey: KycDocumentKey, file: Upload): Promise<void> {
    const label = this.t(documentKey);
    await this.documents().getByLabel(label, { exact: true }).setInputFiles(file);
    await this.documents()
      .getByRole('button', { name: this.words.t('upload.clearNamed', { label }), exact: true })
      .waitFor();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('kyc.next'), exact: true }).click();
  }
}
