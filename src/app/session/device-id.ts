import { DEVICE_KEYS } from './local-keys';
import { readItem, writeItem } from './safe-storage';

const VALID = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * This installation's own random id, made once and kept across logouts, sent with a login so
 * the server ends this device's older sessions when it signs in again (and only this device's).
 */
export function deviceId(): string {
  const stored = readItem(DEVICE_KEYS.deviceId);
  if (stored && VALID.test(stored)) return stored;
  // getRandomValues, unlike randomUUID, exists outside secure contexts too (a LAN address in a branch).
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  writeItem(DEVICE_KEYS.deviceId, made);
  return made;
}
