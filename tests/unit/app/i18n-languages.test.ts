// The six languages' catalogues (issue 37): every key in every language, every ICU message parses,
// names the English text's arguments, gives its plurals the categories its language needs and
// formats with sample values; no key unused by the source but the allow-list's.
// `npm run i18n:check` lists the same for a translator.
import MessageFormat from '@messageformat/core';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/app/i18n/en';
import { hi } from '../../../src/app/i18n/hi';
import { hiCodeLabels } from '../../../src/app/i18n/code-labels.hi';
import { LANGUAGES } from '../../../src/app/i18n/languages';
import { checkLanguage, pluralCategories, PLURAL_FOLDS, sourceFiles, unusedKeys, UNUSED_ALLOWED } from '../../../scripts/i18n-catalogue';
import { FILE_LANGUAGES, languageFiles, MESSAGE_LOCALES } from '../../../scripts/icu-messages';
import { sourcesOf } from '../../support/message-source';

type Table = Readonly<Record<string, unknown>>;
const texts = Object.values(import.meta.glob<Record<string, unknown>>('../../../src/app/**/*.text.ts', { eager: true })).flatMap((module) =>
  Object.values(module).filter(
    (value): value is { en: Table; hi: Table } => typeof value === 'object' && value !== null && 'en' in value && 'hi' in value,
  ),
);
const merged = (tables: Record<string, string>[]): Record<string, string> => Object.assign({}, ...tables);
const english = new Map(Object.entries(merged([sourcesOf(en), ...texts.map((text) => sourcesOf(text.en))])));
const tables: Record<string, Readonly<Record<string, string>>> = {
  en: Object.fromEntries(english),
  hi: merged([sourcesOf(hi), ...texts.map((text) => sourcesOf(text.hi))]),
  ...Object.fromEntries(FILE_LANGUAGES.map((language) => [language, languageFiles(language).app])),
};

describe('the six languages', () => {
  it('are the app’s languages, each with a catalogue', () => {
    expect([...LANGUAGES].sort()).toEqual(Object.keys(tables).sort());
    expect(english.size).toBeGreaterThan(2000);
  });

  it.each(LANGUAGES.map((language) => [language]))('%s has every key and no other', (language) => {
    const report = checkLanguage(language, english, tables[language]!);
    expect(report.missing).toEqual([]);
    expect(report.extra).toEqual([]);
  });

  it.each(LANGUAGES.map((language) => [language]))(
    '%s: every message parses, names the English arguments, has its plural categories and formats',
    (language) => {
      expect(checkLanguage(language, english, tables[language]!).problems).toEqual([]);
    },
  );

  it.each(LANGUAGES.map((language) => [language]))('%s: the plurals take the categories Intl gives its numbers', (language) => {
    // one and other for every language here; the runtime's plural rules (CLDR's) pick as Intl does.
    expect(pluralCategories(language).sort()).toEqual(['one', 'other']);
    const locale = MESSAGE_LOCALES[language]!;
    const pick = new MessageFormat(locale).compile('{n, plural, one {one} other {other}}');
    for (const n of [0, 1, 2, 5, 21, 100000]) expect(pick({ n }), `${language} ${n}`).toBe(new Intl.PluralRules(locale).select(n));
    for (const key of Object.keys(PLURAL_FOLDS))
      expect(tables[language]![key], `${language} ${key}`).toMatch(/^\{count, plural, one \{.*\} other \{.*\}\}$/s);
  });

  it('numbers take the Indian grouping and the digits 0-9 in every language', () => {
    for (const language of LANGUAGES) {
      const format = new MessageFormat(MESSAGE_LOCALES[language]!).compile('{n, number}');
      expect(format({ n: 1234567 }), language).toBe('12,34,567');
    }
  });

  it('each new language has every code in words that Hindi has', () => {
    for (const language of FILE_LANGUAGES)
      expect(Object.keys(languageFiles(language).codeLabels).sort(), language).toEqual(Object.keys(hiCodeLabels).sort());
  });

  it('no key is unused by the source, but the allow-list’s, which lists only unused keys', () => {
    const unused = unusedKeys(english, sourceFiles());
    expect(unused.filter((key) => !UNUSED_ALLOWED.includes(key))).toEqual([]);
    expect(UNUSED_ALLOWED.filter((key) => !unused.includes(key))).toEqual([]);
  });
});
