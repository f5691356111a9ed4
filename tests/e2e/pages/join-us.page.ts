import type { Page } from 'playwright-core';

export type PartnerDetails = Record<
  'First name' | 'Last name' | 'Email' | 'Pincode' | 'Address' | 'Bank name' | 'Account number' | 'IFSC',
  string
>;
export type Upload = { name: string; mimeType: string; buffer: Buffer };

/** The public 'Partner Registration' form and the 'Track the request' screen. */
export class JoinUsPage {
  constructor(private readonly page: Page) {}

  async fill(details: PartnerDetails): Promise<void> {
    for (const [label, value] of Object.entries(details)) await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  async upload(label: string, field: string, file: Upload): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).setInputFiles(file);
    await this.page.waitForSelector(`[data-testid="upload-${field}"][data-status="SUCCESS"]`);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Join us' }).click();
  }

  async track(mobile: string): Promise<string> {
    await this.page.getByRole('heading', { name: 'Track the request' }).waitFor();
    await this.page.getByLabel('Mobile').fill(mobile);
    await this.page.getByRole('button', { name: 'Track' }).click();
    const status = this.page.getByRole('status').filter({ hasText: /\S/ });
    await status.first().waitFor();
    return (await status.first().textContent()) ?? '';
  }
}
