import MessageFormat from '@messageformat/core';
import type { Language } from './languages';

type Values = Record<string, string | number>;

/**
 * Each language's locale for plurals and numbers: Indian grouping, Latin digits (`-u-nu-latn`:
 * Marathi and Bengali would otherwise write their own digits beside the ₹ figures), as the app's
 * compiled messages use (scripts/icu-messages.ts).
 */
export const MESSAGE_LOCALE: Readonly<Record<Language, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  mr: 'mr-IN-u-nu-latn',
  bn: 'bn-IN-u-nu-latn',
  ta: 'ta-IN-u-nu-latn',
  te: 'te-IN-u-nu-latn',
};

const formats = new Map<Language, MessageFormat>();
const compiled = new Map<string, (values?: Values) => string>();

/**
 * An ICU message formatted in a language, through messageformat (the library the app compiles
 * its messages with at build time; here compiled on first use and kept).
 */
export function formatIcu(message: string, language: Language, values?: Values): string {
  const key = `${language}\u0000${message}`;
  let format = compiled.get(key);
  if (!format) {
    let mf = formats.get(language);
    if (!mf) formats.set(language, (mf = new MessageFormat(MESSAGE_LOCALE[language])));
    format = mf.compile(message) as (values?: Values) => string;
    compiled.set(key, format);
  }
  return String(format(values));
}
