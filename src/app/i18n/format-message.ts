import { setupI18n, type I18n } from '@lingui/core';
import { LOCALES, type Language } from './languages';

export type Vars = Record<string, string | number>;

/**
 * A message as the catalogues hold it: plain text, or an ICU message compiled at build time
 * (scripts/icu-messages.ts) into Lingui's form. TypeScript sees the source text.
 */
type Message = string | readonly unknown[];

const runtimes = new Map<Language, I18n>();

/** A catalogue's message with its arguments filled: plurals, numbers and dates through Intl, in the language's locale. */
export function formatMessage(key: string, message: Message, vars: Vars | undefined, language: Language): string {
  if (typeof message === 'string') return message;
  let i18n = runtimes.get(language);
  if (!i18n) runtimes.set(language, (i18n = setupI18n({ locale: language, locales: LOCALES[language], messages: { [language]: {} } })));
  // The app keeps its catalogues (a language falls back to English per key): Lingui formats the one message.
  return i18n._({ id: key, message: message as unknown as string, values: vars });
}
