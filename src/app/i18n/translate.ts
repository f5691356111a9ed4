import { catalogueOf } from './catalogues';
import { codesInWords } from './code-labels';
import { en, type MessageKey } from './en';
import { getLanguage, LANGUAGES, type Language } from './language.store';

export type Vars = Record<string, string | number>;

/** The text of `key` in `language`, English when that language lacks it (or is still loading). */
export function translate(key: MessageKey, vars?: Vars, language: Language = getLanguage()): string {
  const template: string = catalogueOf(language)?.[key] ?? en[key] ?? key;
  return fill(template, vars);
}

/** A template with its `{name}` placeholders filled. */
export function fill(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * Whether a server's message is the catalogue's `key`, in whichever language the server answered
 * (it answers in the one the app asked for, issue 21 D5): for the few screens that act on a message.
 */
export const isMessage = (text: string | null | undefined, key: MessageKey): boolean =>
  typeof text === 'string' && LANGUAGES.some((language) => text === translate(key, undefined, language));

let englishIndex: Map<string, MessageKey> | undefined;

type Table = Readonly<Record<string, string>>;
type Texts = { readonly en: Table; readonly hi: Table };

/** The feature texts on the page, by key (feature-text.ts adds each when its screens load). */
export const loadedFeatureTexts = new Map<string, Texts>();
const featureEnglishIndexes = new WeakMap<Texts, Map<string, string>>();

/** The key of a known English text among the loaded feature texts. */
function featureKeyOf(text: string): { texts: Texts; key: string } | undefined {
  for (const texts of new Set(loadedFeatureTexts.values())) {
    let index = featureEnglishIndexes.get(texts);
    if (!index) featureEnglishIndexes.set(texts, (index = new Map(Object.entries(texts.en).map(([key, value]) => [value, key]))));
    const key = index.get(text);
    if (key !== undefined) return { texts, key };
  }
  return undefined;
}

/**
 * Translates a known English text (a domain or server message, or a loaded feature's own
 * message such as a toast it raised); unknown text passes through, its codes in words.
 */
export function translateMessage(text: string, language: Language = getLanguage()): string {
  englishIndex ??= new Map(Object.entries(en).map(([key, value]) => [value, key as MessageKey]));
  const key = englishIndex.get(text);
  if (key) return translate(key, undefined, language);
  const own = featureKeyOf(text);
  // An unknown (English) text keeps its language; only its internal codes are put in words.
  return own ? fill(own.texts[language][own.key] ?? text) : codesInWords(text);
}
