import { catalogueOf } from './catalogues';
import { en, type MessageKey } from './en';
import { getLanguage, type Language } from './language.store';

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

let englishIndex: Map<string, MessageKey> | undefined;

/** Translates a known English text (a domain or server message); unknown text passes through. */
export function translateMessage(text: string, language: Language = getLanguage()): string {
  englishIndex ??= new Map(Object.entries(en).map(([key, value]) => [value, key as MessageKey]));
  const key = englishIndex.get(text);
  return key ? translate(key, undefined, language) : text;
}
