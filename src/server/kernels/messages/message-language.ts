import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatIcu } from '../../../domain/icu';
import { LANGUAGES, type Language } from '../../../domain/languages';
import bn from './catalogues/bn.json';
import hi from './catalogues/hi.json';
import mr from './catalogues/mr.json';
import ta from './catalogues/ta.json';
import te from './catalogues/te.json';

/**
 * The server's messages in each language (issue 21 D5, issue 37): one catalogue per language,
 * src/server/kernels/messages/catalogues/<language>.json, the file a translator edits. A key is a message as
 * the server writes it in English, `{name}` for a part that varies (a count, a status, a list of
 * what is missing), which is translated too when the catalogue knows it; a message with a plural
 * is keyed by its English ICU message (`{n, plural, one {…} other {…}}`, as the code formats
 * it). A value is an ICU message (FormatJS), its plurals by the language's rules. English is the
 * messages themselves, so a message a catalogue lacks stays English (answer-language.test.ts
 * fails on it).
 */
export type AnswerLanguage = Language;
type Translated = Exclude<Language, 'en'>;

const CATALOGUES: Readonly<Record<Translated, Readonly<Record<string, string>>>> = { hi, mr, bn, ta, te };

/**
 * The language of an `Accept-Language` header: the one it prefers (by q-value, then order) among
 * the six, English otherwise or without one.
 */
export function answerLanguageOf(header: string | string[] | undefined): AnswerLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: AnswerLanguage; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag === '*' ? 'en' : tag.split('-')[0];
    const language = LANGUAGES.find((l) => l === primary);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}

/** The language a request asks in (its `Accept-Language`): the officer's own, or the guest's in the public flow. */
export const requestLanguage = (request: { headers: { 'accept-language'?: string | string[] } }): AnswerLanguage =>
  answerLanguageOf(request.headers['accept-language']);

/** The English texts of elements: one per case of each plural, `{name}` for an argument and for `#`. */
function forms(elements: MessageFormatElement[], pound = 'n'): string[] {
  return elements.reduce<string[]>(
    (texts, element) => {
      let parts: string[];
      if (element.type === TYPE.literal) parts = [element.value];
      else if (element.type === TYPE.pound) parts = [`{${pound}}`];
      else if (element.type === TYPE.plural || element.type === TYPE.select)
        parts = Object.values(element.options).flatMap((option) => forms(option.value, element.value));
      else if ('value' in element && typeof element.value === 'string') parts = [`{${element.value}}`];
      else parts = [];
      return texts.flatMap((text) => parts.map((p) => text + p));
    },
    [''],
  );
}

/** The English texts a catalogue key stands for: the key itself, or one per case of its plural. */
export const englishForms = (key: string): string[] => (key.includes(', plural,') ? forms(parse(key, { ignoreTag: true })) : [key]);

/** The names of a key's plural arguments: their values are counted (a number, not text). */
const pluralNames = (key: string): Set<string> =>
  new Set(key.includes(', plural,') ? [...key.matchAll(/\{(\w+), plural,/g)].map((m) => m[1]!) : []);

type Template = { pattern: RegExp; names: string[]; key: string; counted: Set<string>; literal: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue's keys with `{name}` parts, each English form once, most literal text first (the most specific wins). */
function templatesOf(catalogue: Readonly<Record<string, string>>): Template[] {
  return Object.keys(catalogue)
    .flatMap((key) => englishForms(key).map((english) => ({ key, english })))
    .filter(({ english }) => /\{\w+\}/.test(english))
    .map(({ key, english }) => ({
      key,
      names: [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      pattern: new RegExp(
        `^${english
          .split(/\{\w+\}/)
          .map(escape)
          .join('(.+?)')}$`,
        's',
      ),
      counted: pluralNames(key),
      literal: english.replace(/\{\w+\}/g, '').length,
    }))
    .sort((a, b) => b.literal - a.literal);
}

const templates = new Map<Translated, Template[]>();
const templatesFor = (language: Translated) => {
  let out = templates.get(language);
  if (!out) templates.set(language, (out = templatesOf(CATALOGUES[language])));
  return out;
};

const MAX_DEPTH = 4;

/** A varying part: known as a whole, or as a list of known items ('stage X, the accepted offer'), else as it is. */
function part(value: string, language: Translated, depth: number): string {
  const whole = translate(value, language, depth);
  if (whole !== undefined) return whole;
  if (value.includes(', '))
    return value
      .split(', ')
      .map((item) => translate(item, language, depth) ?? item)
      .join(', ');
  return value;
}

function translate(text: string, language: Translated, depth: number): string | undefined {
  const catalogue = CATALOGUES[language];
  const exact = catalogue[text];
  if (exact !== undefined) return formatIcu(exact, language);
  if (depth >= MAX_DEPTH) return undefined;
  for (const template of templatesFor(language)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      template.names.map((name, i) => {
        const value = match[i + 1]!;
        return [name, template.counted.has(name) ? Number(value.replace(/,/g, '')) : part(value, language, depth + 1)];
      }),
    );
    return formatIcu(catalogue[template.key]!, language, values);
  }
  return undefined;
}

/** A message in the language asked for: its catalogue's when it has it, else as written. */
export const messageIn = (message: string, language: AnswerLanguage): string =>
  language === 'en' ? message : (translate(message, language, 0) ?? message);

/** Whether a language's catalogue has a message (the catalogue test asks). */
export const hasTranslation = (message: string, language: Translated): boolean => translate(message, language, 0) !== undefined;

/** Every language's catalogue, raw (the catalogue test parses each message). */
export const messageCatalogues = (): readonly [Translated, Readonly<Record<string, string>>][] =>
  Object.entries(CATALOGUES) as [Translated, Readonly<Record<string, string>>][];
