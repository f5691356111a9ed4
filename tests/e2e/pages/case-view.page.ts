import type { Locator, Page } from 'playwright-core';

/** /application/case: the reviewer's one-page case view. */
export class CaseViewPage {
  constructor(private readonly page: Page) {}

  async waitReady(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Case file', level: 1 }).waitFor();
    await this.page.getByRole('heading', { name: 'Borrower', level: 2 }).waitFor();
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

  /** The field's value in a section (its <dd> beside the <dt>). */
  value(section: string, label: string): Locator {
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.section(section)
      .locator('.case-fields__row', { has: this.page.locator('dt', { hasText: exact }) })
      .locator('dd')
      .first();
  }
}
