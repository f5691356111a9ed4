import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The app's messages are ICU MessageFormat, compiled here at build time for Lingui's runtime
 * (@lingui/core, src/app/i18n/format-message.ts), so no message parser ships to a phone:
 * - the English and Hindi texts in the source (en.ts, hi.ts, every `<feature>.text.ts`): each
 *   string value with a `{` is replaced by its compiled form (TypeScript sees the source text);
 * - the languages kept as translators' files (src/app/i18n/locales/<lang>/app.json and
 *   code-labels.json): one module per language, `virtual:sahyog-catalogue/<lang>`, loaded when
 *   the language is chosen, with its script's web font.
 */

const root = resolve(fileURLToPath(import.meta.url), '../..');
export const LOCALES_DIR = join(root, 'src/app/i18n/locales');

/** The languages whose texts are translators' JSON files (English and Hindi live in the source). */
export const FILE_LANGUAGES = ['mr', 'bn', 'ta', 'te'] as const;

/** Each file language's web font (src/app/styles/fonts-<script>.css); Marathi's Devanagari ships with Hindi. */
const FONT_CSS: Partial<Record<string, string>> = {
  bn: 'src/app/styles/fonts-bengali.css',
  ta: 'src/app/styles/fonts-tamil.css',
  te: 'src/app/styles/fonts-telugu.css',
};

type Compiled = string | ReturnType<typeof compileMessage>;

/** A message compiled for Lingui's runtime; plain text stays a string (its compiled form says the same). */
export function compiled(message: string): Compiled {
  if (!/[{#']/.test(message)) return message;
  const out = compileMessage(message);
  return out.length === 1 && typeof out[0] === 'string' ? out[0] : out;
}

export const readJson = (path: string): Record<string, string> =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};

/** A language's translator files (empty tables where a file is not there yet). */
export const languageFiles = (language: string) => ({
  app: readJson(join(LOCALES_DIR, language, 'app.json')),
  codeLabels: readJson(join(LOCALES_DIR, language, 'code-labels.json')),
});

// A string literal as the value of an object entry (`'key': 'text'`), in single or double quotes.
const VALUE_LITERAL = /(:\s*)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;
const SOURCE_TEXTS = /[\\/]src[\\/]app[\\/].*(\.text\.ts|[\\/]i18n[\\/](en|hi)\.ts)$/;

/** The source's English and Hindi texts with their ICU messages compiled (plain text as it is). */
export function compileSourceTexts(code: string): string {
  return code.replace(VALUE_LITERAL, (whole, colon: string, literal: string) => {
    if (!literal.includes('{')) return whole;
    const text = new Function(`return ${literal}`)() as string;
    return colon + JSON.stringify(compiled(text));
  });
}

const VIRTUAL = 'virtual:sahyog-catalogue/';
// The built file is `assets/_catalogue-<lang>-<hash>.js` (vite.config.ts keeps it out of the precache).
const RESOLVED = '\0catalogue-';

export function icuMessages(): Plugin {
  return {
    name: 'sahyog-icu-messages',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(VIRTUAL) ? RESOLVED + source.slice(VIRTUAL.length) : null),
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      for (const file of ['app.json', 'code-labels.json']) this.addWatchFile(join(LOCALES_DIR, language, file));
      const { app, codeLabels } = languageFiles(language);
      const messages = Object.fromEntries(Object.entries(app).map(([key, text]) => [key, compiled(text)]));
      const font = FONT_CSS[language];
      return [
        font ? `import ${JSON.stringify(join(root, font))};` : '',
        `export const messages = ${JSON.stringify(messages)};`,
        `export const codeLabels = ${JSON.stringify(codeLabels)};`,
      ].join('\n');
    },
    transform(code, id) {
      return SOURCE_TEXTS.test(id) && !process.env.NO_ICU ? { code: compileSourceTexts(code), map: null } : null;
    },
  };
}
