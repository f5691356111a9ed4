import { useSyncExternalStore } from 'react';
import { DEVICE_KEYS } from '../session/local-keys';
import { readItem, writeItem } from '../session/safe-storage';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

const listeners = new Set<() => void>();
let current: Language = readStoredLanguage();

function readStoredLanguage(): Language {
  const stored = readItem(DEVICE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

export function getLanguage(): Language {
  return current;
}

/** Remembers the choice on the device and applies it to `<html lang>`. */
export function setLanguage(language: Language): void {
  current = language;
  writeItem(DEVICE_KEYS.language, language);
  applyLanguage();
  for (const listener of [...listeners]) listener();
}

export function applyLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

/** Re-reads the stored choice (tests, and a start after another tab changed it). */
export function reloadLanguage(): void {
  current = readStoredLanguage();
  applyLanguage();
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}
