import { DEVICE_KEYS } from '../session/local-keys';
import { readItem } from '../session/safe-storage';
import { LANGUAGES, type Language } from './languages';

/**
 * The language the user chose on this device (English when none): the screens' language, and the
 * one an outbox entry is queued with, so a later send from the service worker (which cannot read
 * localStorage) asks the server for its messages in it.
 */
export function readStoredLanguage(): Language {
  const stored = readItem(DEVICE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}
