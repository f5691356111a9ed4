import { loadCatalogue } from '../../../src/app/i18n/catalogues';
import { textOfAny, type AnyTextKey } from '../../../src/app/i18n/feature-text';
import { optionLabelIn } from '../../../src/app/components/form/option-label';
import '../../../src/app/features/borrower/borrower.text';
import '../../../src/app/features/kyc-documents/kyc-documents.text';
import '../../../src/app/features/co-applicants/co-applicants.text';
import '../../../src/app/features/business/business.text';
import '../../../src/app/i18n/business-steps.text';
import '../../../src/app/features/references/references.text';
import '../../../src/app/features/apply-loan/apply-loan.text';
import '../../../src/app/features/family-members/family-members.text';
import '../../../src/app/features/bank-account/bank-account.text';
import '../../../src/app/features/employment/employment.text';
import '../../../src/app/features/application-success/application-success.text';
import '../../../src/app/components/form/step-kit.text';
import '../../../src/app/components/review/review.text';
import '../../../src/app/components/decisions/decisions.text';
import '../../../src/app/i18n/outbox-labels.text';
import '../../../src/app/components/application-notice.text';
import '../../../src/app/components/upload/upload.text';
import '../../../src/app/components/otp-modal.text';
import '../../../src/app/features/track/track.text';

/**
 * The app's own words for the page objects: a label is looked up by its key in the screens' text
 * tables (the `*.text.ts` modules, loaded here as the screens load them, and the shell's en/hi
 * catalogues) through the app's own translation, so one page object drives a screen in English
 * or in Hindi. English is the default: the staff e2e files read as before.
 */
export type Lang = 'en' | 'hi';

// The Hindi catalogue is fetched by the app when Hindi is chosen; here once, before any lookup.
await loadCatalogue('hi');

/** The text of a key in a language, as the screens show it (English where Hindi lacks it, as the app does). */
export function textIn(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  const text = textOfAny(key as AnyTextKey, vars, lang);
  if (text === key) throw new Error(`no text has the key ${key}`);
  return text;
}

/** A dropdown value's label in a language, from its English text, as the form kit shows it (option-label.ts). */
export function optionIn(lang: Lang, english: string): string {
  return optionLabelIn(english, lang);
}

/** A page object's words in one language: `t(key)` for labels, `option(english)` for dropdown values. */
export class Words {
  constructor(readonly lang: Lang = 'en') {}
  t(key: string, vars?: Record<string, string | number>): string {
    return textIn(this.lang, key, vars);
  }
  option(english: string): string {
    return optionIn(this.lang, english);
  }
}
