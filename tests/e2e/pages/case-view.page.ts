import { pastAppLock } from './login.page';
import type { Locator, Page } from 'playwright-core';

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** /application/case: the reviewer's one-page case view. */
export class CaseViewPage {
  constructor(private readonly page: Page) {}

  async waitReady(): Promise<void> {
    await pastAppLock(this.page, this.page.getByRole('heading', { name: 'Case file', level: 1 }));
    await this.page.getByRole('heading', { name: 'Borrower', level: 2, exact: true }).waitFor();
  }

  /** A section by its heading (each is a region named by its h2). */
  section(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  subtitle(): Locator {
    return this.page.getByTestId('case-subtitle');
  }

  edit(section: string): Locator {
    return this.page.getByRole('link', { name: `Edit ${section}`, exact: true });
  }

  /** Waits until a locator's whole text is this (the view renders the phone's copy, then the server's answer). */
  async waitText(locator: Locator, text: string | RegExp): Promise<void> {
    await locator.filter({ hasText: typeof text === 'string' ? exactly(text) : text }).waitFor();
  }

  /** The field's value in a section (its <dd> beside the <dt>). */
  value(section: string, label: string): Locator {
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.section(section)
      .locator('.case-fields__row', { has: this.page.locator('dt', { hasText: exact }) })
      .locator('dd')
      .first();
  }
}
