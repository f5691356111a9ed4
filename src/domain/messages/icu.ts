import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from './languages';

type Values = Record<string, string | number>;

const cache = new Map<string, IntlMessageFormat>();

/**
 * An ICU message (FormatJS intl-messageformat) formatted in a language: plurals by the language's
 * rules, numbers in Latin digits as the statement's amounts are (`-u-nu-latn`: Marathi and Bengali
 * would otherwise write their own digits beside the ₹ figures).
 */
export function formatIcu(message: string, language: Language, values?: Values): string {
  const key = `${language}\u0000${message}`;
  let format = cache.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, `${language}-u-nu-latn`, undefined, { ignoreTag: true });
    cache.set(key, format);
  }
  return String(format.format(values));
}
