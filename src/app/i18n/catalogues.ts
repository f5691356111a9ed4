import { addCodeLabels } from './code-labels';
import { en, type Catalogue } from './en';
import type { Language } from './languages';

/**
 * The catalogues the page has: English always (the fallback and the spec's own strings), every
 * other language fetched when it is chosen, so a phone downloads only the language it shows.
 * Hindi's shell catalogue is hi.ts (its features' Hindi is in their texts); each other language is
 * one whole-app catalogue (the shell's keys and every feature's), with its script's font, kept
 * out of the precache: the service worker keeps it once fetched (sw.ts).
 */
const loaded: Partial<Record<Language, Catalogue>> = { en };

type FileCatalogue = { messages: Catalogue; codeLabels: Readonly<Record<string, string>> };

// The codes in words (code-labels.ts) come with the language's catalogue.
const withLabels = (language: Language) => (module: FileCatalogue) => {
  addCodeLabels(language, module.codeLabels);
  return module.messages;
};

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  hi: () =>
    import('./hi').then((module) => {
      addCodeLabels('hi', module.hiCodeLabels);
      return module.hi;
    }),
  mr: () => import('virtual:sahyog-catalogue/mr').then(withLabels('mr')),
  bn: () => import('virtual:sahyog-catalogue/bn').then(withLabels('bn')),
  ta: () => import('virtual:sahyog-catalogue/ta').then(withLabels('ta')),
  te: () => import('virtual:sahyog-catalogue/te').then(withLabels('te')),
};

export const catalogueOf = (language: Language): Catalogue | undefined => loaded[language];

/** Loads a language's catalogue once; resolves when `catalogueOf` has it. */
export async function loadCatalogue(language: Language): Promise<void> {
  if (language === 'en' || loaded[language]) return;
  loaded[language] = await loaders[language]();
}
