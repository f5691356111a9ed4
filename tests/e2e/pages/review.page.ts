import type { Locator, Page } from 'playwright-core';

/** The applications list (/applications), as a user sees it. */
export class ApplicationsPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseURL}/#/applications`);
    await this.page.getByRole('heading', { name: 'Applications', level: 1 }).waitFor();
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search', { exact: true }).fill(text);
  }

  /** The expandable row of a borrower (its summary shows the name). */
  /** The row showing this mobile (unique; other e2e files capture borrowers of the same names on the same server). */
  row(mobile: string): Locator {
    return this.page.locator('details.applications-row').filter({ has: this.page.locator('summary', { hasText: mobile }) });
  }

  async openApplication(mobile: string, name: string): Promise<void> {
    const row = this.row(mobile);
    await row.locator('summary').click();
    await row.getByRole('link', { name: `Open the application of ${name}` }).click();
  }
}

/** The review section every application screen shows, and its dialogs. */
export class ReviewSection {
  constructor(private readonly page: Page) {}

  section(): Locator {
    return this.page.locator('section.app-review');
  }

  async waitStatus(words: string, timeout = 15000): Promise<void> {
    await this.section().getByText(`Status: ${words}`, { exact: true }).waitFor({ timeout });
  }

  action(name: string): Locator {
    return this.page.getByRole('group', { name: 'Review actions' }).getByRole('button', { name, exact: true });
  }

  /** Clicks an action, types the remarks (if any) and confirms with the action's name. */
  async act(name: string, remarks?: string): Promise<void> {
    await this.action(name).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    if (remarks) await dialog.getByLabel('Remarks', { exact: true }).fill(remarks);
    await dialog.getByRole('button', { name, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The yellow panel of the reviewer's remarks. */
  remarksPanel(): Locator {
    return this.page.locator('section.review-remarks');
  }
}

/** /application/complete-application: the lookup by the borrower's mobile. */
export class ResumePage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async lookup(mobile: string): Promise<void> {
    await this.page.goto(`${this.baseURL}/#/application/complete-application`);
    await this.page.getByRole('heading', { name: 'Complete Application', level: 1 }).waitFor();
    await this.page.getByLabel("Borrower's mobile number", { exact: true }).fill(mobile);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }
}
