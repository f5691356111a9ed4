import type { Language } from './languages';

type Labels = Readonly<Record<string, string>>;

/**
 * The internal codes a server message or a record may still carry (statuses, stages, the
 * engine's and the bureau's reasons, deviation types), in words (issue 21 D7): a user never
 * reads "PD1_COMPLETE" or "stage CPV_BUSINESS_PLACE".
 */
const ENGLISH: Labels = {
  PD1_COMPLETE: 'PD1 complete',
  PD1_REVIEW: 'sent back for PD1 review',
  PD2_COMPLETE: 'PD2 complete',
  PD2_REVIEW: 'sent back for PD2 review',
  AGREEMENT_SIGNED: 'agreement signed',
  DISBURSAL_READY: 'ready for disbursal',
  DISBURSED: 'disbursed',
  CANCELLED: 'cancelled',
  BORROWER_INFO: 'the borrower info',
  BORROWER_BASIC_INFO: 'the KYC documents',
  CO_BORROWER: 'a co-borrower',
  GUARANTOR: 'a guarantor',
  FAMILY_MEMBER: 'the family members',
  BUSINESS_INFO: 'the business details',
  BANK_ACCOUNT: 'the bank account',
  CPV_BUSINESS_PLACE: 'the business place verification (CPV)',
  CPV_RESIDENCE: 'the residence verification (CPV)',
  REFERENCES: 'the references',
  INSUFFICIENT_SURPLUS: 'monthly surplus too low',
  LOW_BRE_SCORE: 'BRE score too low',
  OVERDUE_AMOUNT_PRESENT: 'overdue amount present',
  LOW_BUREAU_SCORE: 'bureau score too low',
  BORROWER_NAME_MISMATCH_DEVIATION: 'borrower name mismatch',
  CO_BORROWER_NAME_MISMATCH_DEVIATION: 'co-borrower name mismatch',
  GUARANTOR_NAME_MISMATCH_DEVIATION: 'guarantor name mismatch',
  BANK_NAME_MISMATCH_DEVIATION: 'bank account holder name mismatch',
};

/**
 * The labels of each language on the page: English always; another language's come with its
 * catalogue (catalogues.ts), so the shell does not carry every language's table.
 */
const LABELS: Partial<Record<Language, Labels>> = { en: ENGLISH };

/** A language's labels, given when its catalogue loads. */
export function addCodeLabels(language: Language, labels: Labels): void {
  LABELS[language] = labels;
}

/** A stage named as one ("stage REFERENCES"), or any UPPER_SNAKE code of two words at least. */
const CODE = /\bstage ([A-Z][A-Z0-9_]*)\b|\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g;

/** A code in words in a language; an unknown one with its underscores as spaces, in lower case. */
export const codeInWords = (code: string, language: Language = 'en'): string =>
  LABELS[language]?.[code] ?? ENGLISH[code] ?? code.replaceAll('_', ' ').toLowerCase();

/** Every code in a text put in words ("Still needed: stage CPV_RESIDENCE" → "… the residence verification (CPV)"). */
export const codesInWords = (text: string, language: Language = 'en'): string =>
  text.replace(CODE, (_whole, stage: string | undefined, code: string | undefined) => codeInWords((stage ?? code)!, language));
