import type { Locator, Page } from 'playwright-core';
import { Words } from './texts';

/**
 * "Needs your decision" (issue 32), on every screen of an application: each field of a write the
 * server saved in part, with "Yours: …" and "On the server, by … at …: …", and "Save my choices".
 * Labels by their keys in the app's texts, so it reads in English or Hindi.
 */
export class DecisionsPanel {
  readonly words: Words;
  constructor(
    private readonly page: Page,
    words: Words = new Words(),
  ) {
    this.words = words;
  }

  panel(): Locator {
    return this.page.getByRole('region', { name: this.words.t('decisions.title'), exact: true });
  }

  /** A conflicting field's choices (its fieldset, named by the form's label of the field). */
  field(label: string): Locator {
    return this.panel().getByRole('group', { name: label, exact: true });
  }

  yours(label: string, value: string): Locator {
    return this.field(label).getByRole('radio', { name: this.words.t('decisions.yours', { value }), exact: true });
  }

  /** The server's value, by whom, at a time shown as the app shows times (DD-MM-YYYY hh:mm AM/PM). */
  theirs(label: string, name: string, value: string): Locator {
    const [before, after] = this.words.t('decisions.theirs', { name, time: '\u0000', value }).split('\u0000') as [string, string];
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.field(label).getByRole('radio', {
      name: new RegExp(`^${escape(before)}\\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d (AM|PM)${escape(after)}$`),
    });
  }

  async save(): Promise<void> {
    await this.panel()
      .getByRole('button', { name: this.words.t('decisions.save'), exact: true })
      .click();
  }
}
