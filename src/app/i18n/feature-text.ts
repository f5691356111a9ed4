import { useMemo } from 'react';
import { en, type MessageKey } from './en';
import { getLanguage, useLanguage, type Language } from './language.store';
import { loadedFeatureTexts, textIn, translate, translateMessage, type Vars } from './translate';

/**
 * A feature's own texts in English and Hindi, in the feature's folder (`<feature>.text.ts`): they
 * load with the feature's screens, not with the shell. The shell's catalogues (en.ts, lazy hi.ts)
 * keep what several features or the shell use. Hindi must have every English key (the type says so).
 * The other languages' texts are one catalogue per language, loaded when chosen (catalogues.ts).
 */
export type FeatureText<K extends string> = { readonly en: Readonly<Record<K, string>>; readonly hi: Readonly<Record<K, string>> };

export function featureText<const E extends Record<string, string>>(
  en: E,
  hi: Record<keyof E & string, string>,
): FeatureText<keyof E & string> {
  const text = { en, hi };
  for (const key of Object.keys(en)) loadedFeatureTexts.set(key, text);
  return text;
}

type Table = Readonly<Record<string, string>>;

/**
 * The keys of every feature's texts, for the shared form kit (whose labels a feature names):
 * each `<feature>.text.ts` adds its own by declaration merging, e.g.
 * `declare module '../../i18n/feature-text' { interface FeatureKeys { family: FamilyKey } }`.
 * (An interface, not a type: only an interface merges.)
 */
export interface FeatureKeys {}

/** A key the kit translates: the shell's, or any feature's. */
export type AnyTextKey = MessageKey | FeatureKeys[keyof FeatureKeys];

/** Whether a label is a key of the shell or of a loaded feature (not English text). */
export const isTextKey = (label: string): label is AnyTextKey =>
  loadedFeatureTexts.has(label) || Object.prototype.hasOwnProperty.call(en, label);

/** The text of a shell or feature key: the shared kit's translation. */
export function textOfAny(key: AnyTextKey, vars?: Vars, language: Language = getLanguage()): string {
  const text = loadedFeatureTexts.get(key);
  return text ? textOf(text as FeatureText<string>, key, vars, language) : translate(key as MessageKey, vars, language);
}

/** A key's English text (the sync centre's names are English). */
export const englishOf = (key: AnyTextKey): string => textOfAny(key, undefined, 'en');

export type KitTranslator = { lang: Language; t: (key: AnyTextKey, vars?: Vars) => string; tm: (text: string) => string };

/** useT for the shared kit: any feature's keys (the form's own) and the shell's. */
export function useKitT(): KitTranslator {
  const lang = useLanguage();
  return useMemo(() => ({ lang, t: (key, vars) => textOfAny(key, vars, lang), tm: (message) => translateMessage(message, lang) }), [lang]);
}

/** The text of a feature key (or a shell key) in a language; English when a language lacks it. */
export function textOf<K extends string>(
  text: FeatureText<K>,
  key: K | MessageKey,
  vars?: Vars,
  language: Language = getLanguage(),
): string {
  return textIn(text, key, vars, language) ?? translate(key as MessageKey, vars, language);
}

const englishIndexes = new WeakMap<object, Map<string, string>>();

/** Translates a known English text of the feature or the shell (a domain or server message). */
export function textOfMessage<K extends string>(text: FeatureText<K>, message: string, language: Language = getLanguage()): string {
  let index = englishIndexes.get(text);
  if (!index) englishIndexes.set(text, (index = new Map(Object.entries(text.en as Table).map(([key, value]) => [value, key]))));
  const key = index.get(message);
  return key === undefined ? translateMessage(message, language) : textOf(text, key as K, undefined, language);
}

export type FeatureTranslator<K extends string> = {
  lang: Language;
  /** Text of a feature or shell key. */
  t: (key: K | MessageKey, vars?: Vars) => string;
  /** A message that may be a known English text: translated if known. */
  tm: (text: string) => string;
};

/** useT for a feature: its own texts first, then the texts it shares with other features (if any), then the shell's. */
export function useFeatureT<K extends string, S extends string = never>(
  text: FeatureText<K>,
  shared?: FeatureText<S>,
): FeatureTranslator<K | S> {
  const lang = useLanguage();
  return useMemo(() => {
    const holder = (key: string) => (shared && Object.hasOwn(shared.en, key) ? shared : text) as FeatureText<K | S>;
    return { lang, t: (key, vars) => textOf(holder(key), key, vars, lang), tm: (message) => textOfMessage(text, message, lang) };
  }, [text, shared, lang]);
}

/** The keys a feature's screens may translate: its own and the shell's. */
export type TextKey<T> = T extends FeatureText<infer K> ? K | MessageKey : never;
