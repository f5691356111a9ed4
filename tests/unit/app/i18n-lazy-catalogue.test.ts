// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The test setup loads every catalogue; these tests start from a page that has only English.
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

describe('catalogues by language', () => {
  it('a page starts with English only; Hindi is fetched when chosen, and the screens switch once it is there', async () => {
    const { catalogueOf } = await import('../../../src/app/i18n/catalogues');
    const store = await import('../../../src/app/i18n/language.store');
    const { translate } = await import('../../../src/app/i18n/translate');
    expect(catalogueOf('hi')).toBeUndefined();
    const seen: string[] = [];
    const switching = store.setLanguage('hi');
    seen.push(store.getLanguage(), translate('common.cancel'));
    await switching;
    seen.push(store.getLanguage(), translate('common.cancel'), document.documentElement.lang);
    expect(catalogueOf('hi')).toBeDefined();
    expect(seen[0]).toBe('en'); // not switched before the catalogue is there
    expect(seen[1]).toBe('Cancel');
    expect(seen[2]).toBe('hi');
    expect(seen[3]).not.toBe('Cancel');
    expect(seen[4]).toBe('hi');
  });

  it('a phone set to Hindi loads it before the first render (main.tsx awaits loadChosenCatalogue)', async () => {
    localStorage.setItem('lang', 'hi');
    const store = await import('../../../src/app/i18n/language.store');
    const { catalogueOf } = await import('../../../src/app/i18n/catalogues');
    expect(store.getLanguage()).toBe('hi');
    expect(catalogueOf('hi')).toBeUndefined();
    await store.loadChosenCatalogue();
    expect(catalogueOf('hi')).toBeDefined();
  });
});
