import type { Locator, Page } from 'playwright-core';

/** The KYC documents step ('Borrowers Info') of an application, and the header's sync badge. */
export class KycDocumentsPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async open(applicationId: string): Promise<void> {
    await this.page.goto(`${this.baseURL}/#/application/kyc?id=${applicationId}`);
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Borrowers Info' }).waitFor();
    // Ready once the local copy of the application exists: an empty box's input is enabled then,
    // and a box holding a file shows it.
    await this.page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="upload-photo_file"]');
      const input = box?.querySelector('input[type="file"]') as HTMLInputElement | null;
      return box?.getAttribute('data-status') === 'SUCCESS' || (!!input && !input.disabled);
    });
  }

  box(field: string): Locator {
    return this.page.getByTestId(`upload-${field}`);
  }

  async waitStatus(field: string, status: 'NONE' | 'PROGRESS' | 'SUCCESS' | 'FAILED'): Promise<void> {
    await this.page.waitForSelector(`[data-testid="upload-${field}"][data-status="${status}"]`);
  }

  /** Takes a photo with the camera (Chromium's fake camera in tests). */
  async capturePhoto(label: string, field: string): Promise<void> {
    await this.page.getByRole('button', { name: `Capture Image for ${label}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Capture Image' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Capture', exact: true }).click();
    await this.waitStatus(field, 'SUCCESS');
  }

  async attach(label: string, field: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).setInputFiles(file);
    await this.waitStatus(field, 'SUCCESS');
  }

  /** The badge's count once the outbox has been read (the badge has no count while it loads). */
  async pendingCount(): Promise<number> {
    const badge = this.page.locator('[data-testid="sync-badge"][data-count]');
    await badge.waitFor();
    return Number(await badge.getAttribute('data-count'));
  }

  async waitPending(count: number, timeout = 30000): Promise<void> {
    await this.page.waitForSelector(`[data-testid="sync-badge"][data-count="${count}"]`, { timeout });
  }
}
