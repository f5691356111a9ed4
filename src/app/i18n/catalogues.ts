import { addCodeLabels } from './code-labels';
import { en, type Catalogue } from './en';
import type { Language } from './languages';

/**
 * The catalogues the page has: English always (the fallback and the spec's own strings), every
 * other language fetched when it is chosen, so a phone downloads only the language it shows.
 */
const loaded: Partial<Record<Language, Catalogue>> = { en };

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  // The codes in words (code-labels.ts) come with the language's catalogue.
  hi: () =>
    import('./hi').then((module) => {
      addCodeLabels('hi', module.hiCodeLabels);
      return module.hi;
    }),
};

export const catalogueOf = (language: Language): Catalogue | undefined => loaded[language];

/** Loads a language's catalogue once; resolves when `catalogueOf` has it. */
export async function loadCatalogue(language: Language): Promise<void> {
  if (language === 'en' || loaded[language]) return;
  loaded[language] = await loaders[language]();
}
