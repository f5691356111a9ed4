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

/** A recorded language (a statement's, an acknowledgement's) by its own name; English for any other value. */
export const languageName = (language: unknown): string =>
  (LANGUAGES as readonly unknown[]).includes(language) ? LANGUAGE_NAMES[language as Language] : LANGUAGE_NAMES.en;
