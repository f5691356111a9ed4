import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatIcu } from '../../domain/messages/icu';
import { LANGUAGES, type Language } from '../../domain/messages/languages';
import bn from './catalogues/bn.json';
import en from './catalogues/en.json';
import hi from './catalogues/hi.json';
import mr from './catalogues/mr.json';
import ta from './catalogues/ta.json';
import te from './catalogues/te.json';

/**
 * The server's messages in each language (issue 21 D5, issue 37, issue 38): one catalogue per
 * language, src/server/messages/catalogues/<language>.json, the file a translator edits, English
 * (en.json) included. A key is the message's code (`auth.notRegistered`: its table and name where
 * a `*_MSG` table holds it, `text.<first words>` for the others), the same in every language; a
 * value is an ICU message (FormatJS), `{name}` for a part that varies, plurals by the language's
 * rules. Code says a message by its code (`said`); the answer formats that code in the language
 * the request asks for, never by matching the English text.
 */
export type AnswerLanguage = Language;
type Translated = Exclude<Language, 'en'>;
export type MessageCode = keyof typeof en;
type Catalogue = Readonly<Record<string, string>>;

const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, hi, mr, bn, ta, te };

/** A message by its code, with its varying parts: a value, a message said in the same language, or a list of them. */
export type Said = { readonly code: MessageCode; readonly values?: Readonly<Record<string, SaidValue>> };
type SaidValue = string | number | Said | readonly (string | Said)[];

export const said = (code: MessageCode, values?: Said['values']): Said => (values ? { code, values } : { code });

/** A message in a language: its catalogue's, English where the catalogue lacks it. */
export function sayIn(message: Said, language: Language): string {
  const text = CATALOGUES[language][message.code] ?? en[message.code];
  if (!message.values) return language === 'en' && !text.includes('{') ? text : formatIcu(text, language);
  const values = Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, valueIn(value, language)]));
  return formatIcu(text, language, values);
}

const valueIn = (value: SaidValue, language: Language): string | number =>
  typeof value !== 'object' ? value : 'code' in value ? sayIn(value, language) : value.map((item) => valueIn(item, language)).join(', ');

/** A message in English: what the answer says without `Accept-Language`, and what the tests compare. */
export const english = (message: Said): string => sayIn(message, 'en');

const SAID = Symbol('said');

/** An answer or a refusal carrying the code of its `message` (not serialized: the wire is the text). */
export function carrying<T extends object>(body: T, message: Said): T {
  Object.defineProperty(body, SAID, { value: message, enumerable: false });
  return body;
}

/** The code an answer's or refusal's `message` was said with, if it was. */
export const carried = (body: object): Said | undefined => (body as { [SAID]?: Said })[SAID];

/** Whether a refusal (or answer) said this message: by its code, not by its text. */
export const isSaying = (body: object, message: Said): boolean => carried(body)?.code === message.code;

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

/**
 * The English texts of en.json to their codes, a text with a `{name}` part as a pattern: for the
 * messages the domain composes in English (`saidByEnglish`, below), looked up where the refusal is
 * made. No answer is looked up here.
 */
const exactCodes = new Map<string, MessageCode>(
  (Object.keys(en) as MessageCode[]).filter((code) => !en[code].includes('{')).map((code) => [en[code], code]),
);

type Template = { pattern: RegExp; names: string[]; code: MessageCode; counted: Set<string>; literal: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English forms with `{name}` parts, most literal text first (the most specific wins). */
const templates: Template[] = (Object.keys(en) as MessageCode[])
  .flatMap((code) => englishForms(en[code]).map((english) => ({ code, english })))
  .filter(({ english }) => /\{\w+\}/.test(english))
  .map(({ code, english }) => ({
    code,
    names: [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    pattern: new RegExp(
      `^${english
        .split(/\{\w+\}/)
        .map(escape)
        .join('(.+?)')}$`,
      's',
    ),
    counted: pluralNames(en[code]),
    literal: english.replace(/\{\w+\}/g, '').length,
  }))
  .sort((a, b) => b.literal - a.literal);

const MAX_DEPTH = 4;

/** A varying part: known as a whole, or as a list of known items ('stage X, the accepted offer'), else as it is. */
function part(value: string, depth: number): SaidValue {
  const whole = found(value, depth);
  if (whole !== undefined) return whole;
  if (value.includes(', ')) return value.split(', ').map((item) => found(item, depth) ?? item);
  return value;
}

function found(text: string, depth: number): Said | undefined {
  const exact = exactCodes.get(text);
  if (exact !== undefined) return said(exact);
  if (depth >= MAX_DEPTH) return undefined;
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      template.names.map((name, i) => {
        const value = match[i + 1]!;
        return [name, template.counted.has(name) ? Number(value.replace(/,/g, '')) : part(value, depth + 1)];
      }),
    );
    return said(template.code, values);
  }
  return undefined;
}

/**
 * The code of a message the domain composes in English (issue 38: what is still found by its
 * text): a route schema's message (zod's issue carries only its text) and the review workflow's
 * refusals (their parts, the designations and what is missing, are English words of the domain).
 * Called where such a refusal is made, never on an answer; undefined for a text no catalogue has.
 */
export const saidByEnglish = (text: string): Said | undefined => found(text, 0);

/** A text the domain composed, by its code where a catalogue has it, else as written (English in every language). */
export const byEnglish = (text: string): Said | string => saidByEnglish(text) ?? text;

/** A message in the language asked for, from its English text: its catalogue's when it has it, else as written. */
export function messageIn(message: string, language: AnswerLanguage): string {
  const known = language === 'en' ? undefined : saidByEnglish(message);
  return known ? sayIn(known, language) : message;
}

/** Whether a language's catalogue has a message (the catalogue test asks). */
export function hasTranslation(message: string, language: Translated): boolean {
  const known = saidByEnglish(message);
  return known !== undefined && CATALOGUES[language][known.code] !== undefined;
}

/** Every language's catalogue by code, raw (the catalogue tests parse each message). */
export const messageCatalogues = (): readonly [Language, Catalogue][] => Object.entries(CATALOGUES) as [Language, Catalogue][];
