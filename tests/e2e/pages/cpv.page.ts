import type { Locator, Page } from 'playwright-core';
import { BUSINESS_FIGURES, RESIDENCE_FIGURES, type BusinessFigure, type ResidenceFigure } from '../../../src/domain';
import type { Upload } from './borrower.page';

export type CpvKind = 'business_place' | 'residence';

/** A photo box's English label and its phone file field (`cpv.<body field>`). */
export const CPV_PHOTO = {
  shop_photo_file: 'Shop photo',
  shop_selfie_photo_file: 'Shop selfie with BCM',
  shop_photo_pd2_file: 'PD2 shop photo',
  qr_code_upload: 'QR code upload',
  house_selfie_photo_file: 'House selfie with BCM',
  house_photo_pd2_file: 'PD2 house photo',
} as const;
export type CpvPhoto = keyof typeof CPV_PHOTO;

/** A photo given to a box: a file (its geo tag is the browser's position when the box asks), or the camera. */
export type PhotoInput = Upload | 'camera';

export type BusinessCpvInput = {
  photos: Partial<Record<'shop_photo_file' | 'shop_selfie_photo_file' | 'shop_photo_pd2_file' | 'qr_code_upload', PhotoInput>>;
  /** Typed as text; a missing figure is typed as 0. */
  figures?: Partial<Record<BusinessFigure, string>>;
  remarks?: string;
};
export type ResidenceCpvInput = {
  photos: Partial<Record<'house_selfie_photo_file' | 'house_photo_pd2_file', PhotoInput>>;
  figures?: Partial<Record<ResidenceFigure, string>>;
  remarks?: string;
};

/**
 * /application/cpv-info?id= 'Field Verification (CPV)' (spec 02 screen 10): two sections, the
 * business place and the residence, each its own form with its own Submit. Photos are geo-tagged
 * with the browser's position: grant `geolocation` and set one on the context first to see a
 * distance (without a position the tag is 0, 0: "location not captured").
 */
export class CpvPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL?: string,
  ) {}

  async open(applicationId: string): Promise<void> {
    if (!this.baseURL) throw new Error('CpvPage.open needs the baseURL');
    await this.page.goto(`${this.baseURL}/#/application/cpv-info?id=${applicationId}`);
    await this.waitReady();
  }

  /** The heading, then both sections (they open once their drafts are read). */
  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Field Verification (CPV)', level: 1 }).waitFor();
    await this.section('business_place').waitFor();
    await this.section('residence').waitFor();
  }

  section(kind: CpvKind): Locator {
    return this.page.getByTestId(`cpv-${kind}`);
  }

  /** A photo's upload box (data-status NONE, PROGRESS, SUCCESS, FAILED). */
  box(field: CpvPhoto): Locator {
    return this.page.getByTestId(`upload-cpv.${field}`);
  }

  async waitPhoto(field: CpvPhoto, status: 'SUCCESS' | 'FAILED' = 'SUCCESS'): Promise<void> {
    await this.page.waitForSelector(`[data-testid="upload-cpv.${field}"][data-status="${status}"]`, { timeout: 20000 });
  }

  /** Selects a file for a photo box, or takes it with the (fake) camera; waits until it is saved on the phone. */
  async photo(field: CpvPhoto, input: PhotoInput): Promise<void> {
    const label = CPV_PHOTO[field];
    if (input === 'camera') {
      await this.page.getByRole('button', { name: `Capture Image for ${label}` }).click();
      const dialog = this.page.getByRole('dialog', { name: 'Capture Image' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Capture', exact: true }).click();
    } else {
      await this.box(field).getByLabel(label, { exact: true }).setInputFiles(input);
    }
    await this.waitPhoto(field);
  }

  /** Types each figure of a place (missing ones as 0) and the remarks. */
  async figures(kind: CpvKind, values: Partial<Record<string, string>> = {}, remarks?: string): Promise<void> {
    const section = this.section(kind);
    const spec = kind === 'business_place' ? BUSINESS_FIGURES : RESIDENCE_FIGURES;
    for (const [name, { label }] of Object.entries(spec)) await section.getByLabel(label, { exact: true }).fill(values[name] ?? '0');
    if (remarks !== undefined) await section.getByLabel('Remarks (optional)', { exact: true }).fill(remarks);
  }

  async fillBusiness(d: BusinessCpvInput): Promise<void> {
    for (const [field, input] of Object.entries(d.photos)) await this.photo(field as CpvPhoto, input);
    await this.figures('business_place', d.figures, d.remarks);
  }

  async fillResidence(d: ResidenceCpvInput): Promise<void> {
    for (const [field, input] of Object.entries(d.photos)) await this.photo(field as CpvPhoto, input);
    await this.figures('residence', d.figures, d.remarks);
  }

  /** Submit of a place; queued (online or not), the section then says 'Submitted ✓'. */
  async submit(kind: CpvKind): Promise<void> {
    const name = kind === 'business_place' ? 'Submit Business CPV' : 'Submit Residence CPV';
    await this.section(kind).getByRole('button', { name, exact: true }).click();
  }

  async waitSubmitted(kind: CpvKind): Promise<void> {
    await this.section(kind).getByText('Submitted ✓', { exact: true }).waitFor();
  }

  /** Fills and submits both places; after the second the app goes to /application/references. */
  async completeBoth(business: BusinessCpvInput, residence: ResidenceCpvInput): Promise<void> {
    await this.fillBusiness(business);
    await this.submit('business_place');
    await this.waitSubmitted('business_place');
    await this.fillResidence(residence);
    await this.submit('residence');
    await this.page.waitForURL(/#\/application\/references\?id=/);
  }

  /** The message banner of a place's form (the first validation or server message). */
  error(kind: CpvKind): Locator {
    return this.page.locator(`#cpv-${kind}-error`);
  }

  /** 'Unapproved Deviations Detected'. */
  deviationBanner(): Locator {
    return this.page.getByTestId('cpv-deviations');
  }

  /** A photo's line in 'Photo locations' (the server's check, once the application view has it): data-flagged when beyond 5 km. */
  geoCheck(field: CpvPhoto): Locator {
    return this.page.locator(`[data-geo="${field}"]`);
  }

  /** A branch manager sees earlier values read-only until Edit. */
  async edit(kind: CpvKind): Promise<void> {
    await this.section(kind).getByRole('button', { name: 'Edit', exact: true }).click();
  }
}
