import { catalogueOf } from './catalogues';
import { codesInWords } from './code-labels';
import { en, type MessageKey } from './en';
import { formatMessage, type Vars } from './format-message';
import { getLanguage, LANGUAGES, type Language } from './language.store';

export type { Vars };

/** The text of `key` in `language`, English when that language lacks it (or is still loading). */
export function translate(key: MessageKey, vars?: Vars, language: Language = getLanguage()): string {
  const own = catalogueOf(language)?.[key];
  return own === undefined ? formatMessage(en[key] ?? key, vars) : formatMessage(own, vars);
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
  return (own && textIn(own.texts, own.key, undefined, language)) ?? codesInWords(text);
}

/**
 * A feature's key in a language: English and Hindi are in the feature's texts, the other
 * languages in their whole catalogue (loaded when chosen); English where a language lacks it.
 */
export function textIn(texts: Texts, key: string, vars: Vars | undefined, language: Language): string | undefined {
  const own = language === 'en' || language === 'hi' ? texts[language][key] : (catalogueOf(language) as Table | undefined)?.[key];
  if (own !== undefined) return formatMessage(own, vars);
  const english = texts.en[key];
  return english === undefined ? undefined : formatMessage(english, vars);
}
