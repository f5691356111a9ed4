/**
 * The languages Sahyog speaks (issue 37): the server's answers, the Key Fact Statement, the loan
 * agreement and the SMS are in each of them; the borrower's is recorded on the application.
 */
export const LANGUAGES = ['en', 'hi', 'mr', 'bn', 'ta', 'te'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own script, as a picker shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  bn: 'বাংলা',
  ta: 'தமிழ்',
  te: 'తెలుగు',
};

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The message of a language field that is not one of them. */
export const LANGUAGE_MSG = `language must be one of ${LANGUAGES.join(', ')}`;
