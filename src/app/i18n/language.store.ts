import { useSyncExternalStore } from 'react';
import { DEVICE_KEYS } from '../session/local-keys';
import { writeItem } from '../session/safe-storage';
import { catalogueOf, loadCatalogue } from './catalogues';
import { LANGUAGES, type Language } from './languages';
import { readStoredLanguage } from './stored-language';

export { LANGUAGES, type Language };

const listeners = new Set<() => void>();
let current: Language = readStoredLanguage();

export function getLanguage(): Language {
  return current;
}

function switchTo(language: Language): void {
  current = language;
  applyLanguage();
  for (const listener of [...listeners]) listener();
}

/**
 * Remembers the choice on the device; the screens switch (and `<html lang>` with them) once the
 * language's catalogue is on the page: at once when it is, after its download otherwise.
 */
export function setLanguage(language: Language): Promise<void> {
  writeItem(DEVICE_KEYS.language, language);
  if (catalogueOf(language)) {
    switchTo(language);
    return Promise.resolve();
  }
  return loadCatalogue(language).then(
    () => {
      if (readStoredLanguage() === language) switchTo(language);
    },
    () => undefined, // offline before the catalogue was cached: the screens stay as they are
  );
}

/** Loads the chosen language's catalogue: main.tsx awaits it before the first render. */
export const loadChosenCatalogue = (): Promise<void> => loadCatalogue(current).catch(() => undefined);

export function applyLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

/** Re-reads the stored choice (tests, and a start after another tab changed it). */
export function reloadLanguage(): Promise<void> {
  return setLanguage(readStoredLanguage());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}
