export const LANGUAGES = ['en', 'hi', 'mr', 'bn', 'ta', 'te'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name (the language pickers). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  bn: 'বাংলা',
  ta: 'தமிழ்',
  te: 'తెలుగు',
};

/**
 * The locale of each language's numbers, plurals and dates (Intl): Indian grouping (12,34,567)
 * and the digits 0-9 the app's figures use everywhere (Marathi and Bengali default to their own).
 */
export const LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  mr: 'mr-IN-u-nu-latn',
  bn: 'bn-IN-u-nu-latn',
  ta: 'ta-IN-u-nu-latn',
  te: 'te-IN-u-nu-latn',
};
