import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module';
import type { Plugin } from 'vite';

/**
 * The app's messages are ICU MessageFormat, compiled here at build time by messageformat
 * (@messageformat/core) into small functions that call its runtime (@messageformat/runtime:
 * plurals by CLDR's rules, numbers and dates through Intl), so no message parser ships to a phone:
 * - the English and Hindi texts in the source (en.ts, hi.ts, every `<feature>.text.ts`): each
 *   string value with a `{` becomes its compiled function (TypeScript sees the source text);
 * - the languages kept as translators' files (src/app/i18n/locales/<lang>/app.json and
 *   code-labels.json): one module per language, `virtual:sahyog-catalogue/<lang>`, loaded when
 *   the language is chosen, with its script's web font.
 * A message that does not parse fails the build.
 */

const root = resolve(fileURLToPath(import.meta.url), '../..');
export const LOCALES_DIR = join(root, 'src/app/i18n/locales');

/** The languages whose texts are translators' JSON files (English and Hindi live in the source). */
export const FILE_LANGUAGES = ['mr', 'bn', 'ta', 'te'] as const;

/**
 * Each language's locale for numbers, plurals and dates (as languages.ts LOCALES): Indian
 * grouping (12,34,567), and the digits 0-9 the app's figures use (Marathi and Bengali default to their own).
 */
export const MESSAGE_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  mr: 'mr-IN-u-nu-latn',
  bn: 'bn-IN-u-nu-latn',
  ta: 'ta-IN-u-nu-latn',
  te: 'te-IN-u-nu-latn',
};

/** Each file language's web font and font list (src/app/styles/fonts-<script>.css); Marathi's Devanagari font ships with Hindi. */
const FONT_CSS: Partial<Record<string, string>> = {
  mr: 'src/app/styles/fonts-marathi.css',
  bn: 'src/app/styles/fonts-bengali.css',
  ta: 'src/app/styles/fonts-tamil.css',
  te: 'src/app/styles/fonts-telugu.css',
};

export const readJson = (path: string): Record<string, string> =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};

/** A language's translator files (empty tables where a file is not there yet). */
export const languageFiles = (language: string) => ({
  app: readJson(join(LOCALES_DIR, language, 'app.json')),
  codeLabels: readJson(join(LOCALES_DIR, language, 'code-labels.json')),
});

type Compiled = { imports: string[]; sources: string[] };

/**
 * Messages of one language compiled to function sources (`(d) => ...`) and the runtime imports
 * they need, each imported name prefixed (`mf_plural`) so it cannot clash with the module's own.
 */
export function compileMessages(messages: readonly string[], language: string): Compiled {
  if (!messages.length) return { imports: [], sources: [] };
  const module = compileModule(
    new MessageFormat(MESSAGE_LOCALES[language] ?? language),
    Object.fromEntries(messages.map((m, i) => [`m${i}`, m])),
  );
  const [head, body] = module.split('\nexport default {');
  const names = new Set<string>();
  const imports = head!
    .split('\n')
    .filter(Boolean)
    .map((line) =>
      line.replace(/\{ ([^}]+) \}/, (_, list: string) => {
        const aliased = list.split(', ').map((name) => (names.add(name), `${name} as mf_${name}`));
        return `{ ${aliased.join(', ')} }`;
      }),
    );
  const sources = body!
    .replace(/\n\}$/, '')
    .split(/,?\n {2}m\d+: /)
    .slice(1)
    .map((source) =>
      // The runtime's names outside the source's string literals (the texts) take the prefix.
      source
        .split(/("(?:[^"\\]|\\.)*")/)
        .map((part, i) =>
          i % 2 ? part : part.replace(/(?<![\w$.])([A-Za-z_$][\w$]*)\b/g, (name) => (names.has(name) ? `mf_${name}` : name)),
        )
        .join(''),
    );
  if (sources.length !== messages.length) throw new Error(`compiled ${sources.length} of ${messages.length} messages`);
  return { imports, sources };
}

// A string literal as the value of an object entry (`'key': 'text'`), in single or double quotes.
const VALUE_LITERAL = /(:\s*)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;
// Every `<feature>.text.ts` (and a test's own), and the shell's catalogues.
const SOURCE_TEXTS = /(\.text\.ts|[\\/]src[\\/]app[\\/]i18n[\\/](en|hi)\.ts)$/;
const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * The source's English and Hindi texts with their ICU messages compiled (plain text stays as it is).
 * `withSource` (the unit tests) keeps each message's text on its function, for the catalogue checks.
 */
export function compileSourceTexts(code: string, withSource = false): string {
  const found: { language: 'en' | 'hi'; text: string; index: number }[] = [];
  code.replace(VALUE_LITERAL, (whole, _colon: string, literal: string) => {
    if (!literal.includes('{')) return whole;
    const text = new Function(`return ${literal}`)() as string;
    // Hindi beside English in one file: a Hindi message is the one written in Devanagari.
    found.push({ language: DEVANAGARI.test(text) ? 'hi' : 'en', text, index: found.length });
    return whole;
  });
  if (!found.length) return code;
  const imports = new Set<string>();
  const compiled = new Map<number, string>();
  for (const language of ['en', 'hi'] as const) {
    const own = found.filter((f) => f.language === language);
    const out = compileMessages(
      own.map((f) => f.text),
      language,
    );
    out.imports.forEach((line) => imports.add(line));
    own.forEach((f, i) =>
      compiled.set(f.index, withSource ? `Object.assign(${out.sources[i]!}, { source: ${JSON.stringify(f.text)} })` : out.sources[i]!),
    );
  }
  let next = 0;
  const replaced = code.replace(VALUE_LITERAL, (whole, colon: string, literal: string) =>
    literal.includes('{') ? colon + compiled.get(next++)! : whole,
  );
  return [...imports].join('\n') + '\n' + replaced;
}

const VIRTUAL = 'virtual:sahyog-catalogue/';
// The built file is `assets/_catalogue-<lang>-<hash>.js` (vite.config.ts keeps it out of the precache).
const RESOLVED = '\0catalogue-';

/** A language's whole-app catalogue as a module: its messages compiled, its codes in words, its font. */
export function catalogueModule(language: string): string {
  const { app, codeLabels } = languageFiles(language);
  const withArguments = Object.keys(app).filter((key) => app[key]!.includes('{'));
  const { imports, sources } = compileMessages(
    withArguments.map((key) => app[key]!),
    language,
  );
  const compiled = new Map(withArguments.map((key, i) => [key, sources[i]!]));
  const font = FONT_CSS[language];
  return [
    ...(font ? [`import ${JSON.stringify(join(root, font))};`] : []),
    ...imports,
    // Plain text stays a string; a message with arguments is its function.
    `export const messages = {${Object.keys(app)
      .map((key) => `\n  ${JSON.stringify(key)}: ${compiled.get(key) ?? JSON.stringify(app[key])}`)
      .join(',')}\n};`,
    `export const codeLabels = ${JSON.stringify(codeLabels)};`,
  ].join('\n');
}

export function icuMessages({ withSource = false } = {}): Plugin {
  return {
    name: 'sahyog-icu-messages',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(VIRTUAL) ? RESOLVED + source.slice(VIRTUAL.length) : null),
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      for (const file of ['app.json', 'code-labels.json']) this.addWatchFile(join(LOCALES_DIR, language, file));
      return catalogueModule(language);
    },
    transform(code, id) {
      return SOURCE_TEXTS.test(id) ? { code: compileSourceTexts(code, withSource), map: null } : null;
    },
  };
}
