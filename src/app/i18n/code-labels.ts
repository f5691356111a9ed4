import type { Language } from './language.store';

/**
 * The internal codes a server message or a record may still carry (statuses, stages, the
 * engine's and the bureau's reasons, deviation types), in words (issue 21 D7): a user never
 * reads "PD1_COMPLETE" or "stage CPV_BUSINESS_PLACE".
 */
const LABELS: Record<Language, Readonly<Record<string, string>>> = {
  en: {
    PD1_COMPLETE: 'PD1 complete',
    PD1_REVIEW: 'sent back for PD1 review',
    PD2_COMPLETE: 'PD2 complete',
    PD2_REVIEW: 'sent back for PD2 review',
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
  },
  hi: {
    PD1_COMPLETE: 'PD1 पूर्ण',
    PD1_REVIEW: 'PD1 समीक्षा के लिए वापस भेजा गया',
    PD2_COMPLETE: 'PD2 पूर्ण',
    PD2_REVIEW: 'PD2 समीक्षा के लिए वापस भेजा गया',
    BORROWER_INFO: 'उधारकर्ता की जानकारी',
    BORROWER_BASIC_INFO: 'KYC दस्तावेज़',
    CO_BORROWER: 'एक सह-उधारकर्ता',
    GUARANTOR: 'एक गारंटर',
    FAMILY_MEMBER: 'परिवार के सदस्य',
    BUSINESS_INFO: 'व्यवसाय का विवरण',
    BANK_ACCOUNT: 'बैंक खाता',
    CPV_BUSINESS_PLACE: 'व्यवसाय स्थल का सत्यापन (CPV)',
    CPV_RESIDENCE: 'निवास का सत्यापन (CPV)',
    REFERENCES: 'रेफ़रेंस',
    INSUFFICIENT_SURPLUS: 'मासिक बचत बहुत कम',
    LOW_BRE_SCORE: 'BRE स्कोर बहुत कम',
    OVERDUE_AMOUNT_PRESENT: 'बकाया राशि मौजूद',
    LOW_BUREAU_SCORE: 'ब्यूरो स्कोर बहुत कम',
    BORROWER_NAME_MISMATCH_DEVIATION: 'उधारकर्ता के नाम में अंतर',
    CO_BORROWER_NAME_MISMATCH_DEVIATION: 'सह-उधारकर्ता के नाम में अंतर',
    GUARANTOR_NAME_MISMATCH_DEVIATION: 'गारंटर के नाम में अंतर',
    BANK_NAME_MISMATCH_DEVIATION: 'बैंक खाताधारक के नाम में अंतर',
  },
};

/** A stage named as one ("stage REFERENCES"), or any UPPER_SNAKE code of two words at least. */
const CODE = /\bstage ([A-Z][A-Z0-9_]*)\b|\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g;

/** A code in words in a language; an unknown one with its underscores as spaces, in lower case. */
export const codeInWords = (code: string, language: Language = 'en'): string =>
  LABELS[language][code] ?? LABELS.en[code] ?? code.replaceAll('_', ' ').toLowerCase();

/** Every code in a text put in words ("Still needed: stage CPV_RESIDENCE" → "… the residence verification (CPV)"). */
export const codesInWords = (text: string, language: Language = 'en'): string =>
  text.replace(CODE, (_whole, stage: string | undefined, code: string | undefined) => codeInWords((stage ?? code)!, language));
