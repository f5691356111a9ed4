import { isLanguage, LANGUAGE_NAMES } from '../../domain/messages/languages';

// The app speaks the domain's languages (the module itself, not the domain's index: the login page loads this).
export { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../domain/messages/languages';

/** A recorded language (a statement's, an acknowledgement's) by its own name; English for any other value. */
export const languageName = (language: unknown): string => (isLanguage(language) ? LANGUAGE_NAMES[language] : LANGUAGE_NAMES.en);
