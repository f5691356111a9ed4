import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import { parse, type Token } from '@messageformat/parser';
import { MESSAGE_LOCALES } from './icu-messages';

/**
 * The catalogue checks (tests/unit/app/i18n-languages.test.ts, `npm run i18n:check`) and the
 * folding of the translators' old plural pairs (scripts/import-translations.ts).
 */

/** The plural pairs the catalogues kept as two keys (`xOne` and `x`) before issue 37: one ICU plural each now. */
export const PLURAL_FOLDS: Readonly<Record<string, readonly [one: string, other: string]>> = {
  'lock.waiting': ['lock.waitingOne', 'lock.waiting'],
  'lock.wrongPin': ['lock.wrongPinOne', 'lock.wrongPin'],
  'lock.forgotUnsynced': ['lock.forgotUnsyncedOne', 'lock.forgotUnsynced'],
  'applications.count': ['applications.countOne', 'applications.count'],
  'devices.marked': ['devices.markedOne', 'devices.marked'],
  'logout.unsynced': ['logout.unsyncedOne', 'logout.unsyncedMany'],
  'sync.discardGroupTitle': ['sync.discardGroupTitleOne', 'sync.discardGroupTitle'],
};

// "1" written in Latin, Devanagari, Bengali, Tamil or Telugu digits, standing alone.
const ONE =
  /(?<![\w.,\u0966-\u096F\u09E6-\u09EF\u0BE6-\u0BEF\u0C66-\u0C6F])[1\u0967\u09E7\u0BE7\u0C67](?![\w.,\u0966-\u096F\u09E6-\u09EF\u0BE6-\u0BEF\u0C66-\u0C6F])/;

/** A singular text and a plural one (with `{count}`) as one ICU plural: the count where the texts wrote it. */
export const foldPlural = (one: string, other: string): string =>
  `{count, plural, one {${one.replace(ONE, '#')}} other {${other.replaceAll('{count}', '#')}}}`;

/** The plural categories a language's numbers take (CLDR, through Intl), e.g. one and other for Hindi. */
export const pluralCategories = (language: string): string[] => [
  ...new Intl.PluralRules(MESSAGE_LOCALES[language] ?? language).resolvedOptions().pluralCategories,
];

type Shape = { names: Set<string>; plurals: { arg: string; keys: string[] }[] };

function shapeOf(tokens: readonly Token[], shape: Shape = { names: new Set(), plurals: [] }): Shape {
  for (const token of tokens) {
    if (token.type === 'content' || token.type === 'octothorpe') continue;
    shape.names.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      if (token.type === 'plural') shape.plurals.push({ arg: token.arg, keys: token.cases.map((c) => c.key) });
      for (const c of token.cases) shapeOf(c.tokens, shape);
    }
  }
  return shape;
}

const SAMPLE_COUNTS = [0, 1, 2, 5, 21, 100000];

/**
 * What is wrong with a message in a language, if anything: it must parse, name the English
 * text's arguments, give each plural every category the language needs, and format with sample values.
 */
export function messageProblem(source: string, english: string, language: string): string | undefined {
  const categories = pluralCategories(language);
  let shape: Shape;
  try {
    shape = shapeOf(parse(source, { cardinal: categories as Intl.LDMLPluralRule[], strict: false }));
  } catch (error) {
    return `does not parse: ${(error as Error).message.split('\n')[0]}`;
  }
  const wanted = [...shapeOf(parse(english)).names].sort().join(', ');
  const named = [...shape.names].sort().join(', ');
  if (named !== wanted) return `names {${named}}, English {${wanted}}`;
  for (const plural of shape.plurals) {
    const lacking = categories.filter((category) => !plural.keys.includes(category));
    if (lacking.length) return `the plural {${plural.arg}} lacks ${lacking.join(', ')}`;
  }
  const format = new MessageFormat(MESSAGE_LOCALES[language] ?? language).compile(source);
  const counted = new Set(shape.plurals.map((p) => p.arg));
  for (const count of SAMPLE_COUNTS) {
    const values = Object.fromEntries([...shape.names].map((name) => [name, counted.has(name) ? count : `‹${name}›`]));
    const text = format(values);
    if (typeof text !== 'string' || !text.trim() || /undefined|[{}]/.test(text)) return `formats as "${String(text)}"`;
  }
  return undefined;
}

export type LanguageReport = {
  language: string;
  keys: number;
  missing: string[];
  extra: string[];
  problems: { key: string; problem: string }[];
};

/** A language's catalogue against the English texts: keys missing and extra, and each message's problem. */
export function checkLanguage(
  language: string,
  english: ReadonlyMap<string, string>,
  table: Readonly<Record<string, string>>,
): LanguageReport {
  const problems: LanguageReport['problems'] = [];
  for (const [key, source] of Object.entries(table)) {
    const own = english.get(key);
    const problem = own === undefined ? undefined : messageProblem(source, own, language);
    if (problem) problems.push({ key, problem });
  }
  return {
    language,
    keys: Object.keys(table).length,
    missing: [...english.keys()].filter((key) => !Object.hasOwn(table, key)),
    extra: Object.keys(table).filter((key) => !english.has(key)),
    problems,
  };
}

/**
 * Keys no source uses: not named in a quoted string, not under a prefix a template builds
 * (`case.f.${name}`), and whose English text is not a string of the code either (a domain or
 * server message, translated by its text). `files`: every source file, the texts' own among them.
 */
export function unusedKeys(texts: ReadonlyMap<string, string>, files: readonly { path: string; code: string }[]): string[] {
  const quoted = (code: string) => [...code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1(?!:)/g)].map((m) => m[2]!);
  const all = files.map((f) => f.code).join('\n');
  const named = new Set(quoted(all));
  const prefixes = [...new Set([...all.matchAll(/`([\w.]+\.)\$\{/g), ...all.matchAll(/'([\w.]+\.)'\s*\+/g)].map((m) => m[1]!))];
  const isTextFile = (path: string) => /(\.text\.ts|[\\/]i18n[\\/](en|hi)\.ts)$/.test(path);
  const written = new Set(files.filter((f) => !isTextFile(f.path)).flatMap((f) => quoted(f.code)));
  return [...texts]
    .filter(([key, english]) => !named.has(key) && !written.has(english) && !prefixes.some((p) => key.startsWith(p)))
    .map(([key]) => key);
}

const root = resolve(fileURLToPath(import.meta.url), '../..');

/**
 * Every TypeScript file under src/ (the app, the domain, the server), for `unusedKeys`, and the
 * server's English catalogue (its messages by code, which the app recognises by their text).
 */
export function sourceFiles(dir = join(root, 'src')): { path: string; code: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (/[\\/]server[\\/]messages[\\/]catalogues[\\/]en\.json$/.test(path)) {
      const messages = Object.values(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
      return [{ path: relative(root, path), code: messages.map((text) => JSON.stringify(text)).join('\n') }];
    }
    return /\.(ts|tsx)$/.test(path) ? [{ path: relative(root, path), code: readFileSync(path, 'utf8') }] : [];
  });
}

/** The keys allowed to look unused (scripts/i18n-unused-allowed.json says which and why). */
export const UNUSED_ALLOWED: readonly string[] = (
  JSON.parse(readFileSync(join(root, 'scripts/i18n-unused-allowed.json'), 'utf8')) as { keys: string[] }
).keys;
