/**
 * Whether this device has a PIN, read from IndexedDB without Dexie: the lock screen of a reload
 * needs only that (and the wrong PINs so far), so the signed-in start shows it before the device
 * database's code (Dexie, every repository, the schemas they import) is loaded. That code loads
 * when the PIN is typed (app-lock.store.ts). The shell imports this module: it imports nothing.
 */

/** The device database (db.ts). */
export const DEVICE_DB_NAME = 'sahyog';
/** Its table of settings in clear (db.ts `clearTables`), and the row of the wrapped data key (device-vault.ts). */
export const CLEAR_KV_TABLE = 'kv';
export const VAULT_KV_KEY = 'vault.dataKey';
/** The row of the data key's second wrapping, under the phone's fingerprint or face (biometric-unlock.ts). */
export const BIOMETRIC_KV_KEY = 'vault.biometricKey';
/** Wrong PINs in a row after which the officer is signed out. */
export const MAX_PIN_TRIES = 5;

/** A PIN is set: the wrong PINs left before the sign-out, and whether fingerprint or face unlock is on. */
export type VaultPeek = { triesLeft: number; biometric: boolean };

let deviceDbInUse = false;
/** Called by `getDb`: from then on the data key may be in memory, which only the device database knows. */
export function noteDeviceDbInUse(): void {
  deviceDbInUse = true;
}
export const isDeviceDbInUse = (): boolean => deviceDbInUse;

/**
 * The device's vault: `null` when no PIN is set (no device database yet: none is created). Rejects
 * when IndexedDB cannot answer (private mode): the caller then asks the device database itself.
 */
export function peekVault(): Promise<VaultPeek | null> {
  return new Promise((resolve, reject) => {
    let created = false;
    const request = indexedDB.open(DEVICE_DB_NAME);
    request.onupgradeneeded = () => {
      // No database yet: leave none behind (Dexie creates it with its schema when it opens).
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      if (created) resolve(null);
      else reject(request.error ?? new Error('IndexedDB did not open'));
    };
    request.onsuccess = () => {
      const db = request.result;
      // Never hold up Dexie's upgrade of the schema.
      db.onversionchange = () => db.close();
      if (!db.objectStoreNames.contains(CLEAR_KV_TABLE)) {
        db.close();
        resolve(null);
        return;
      }
      const kv = db.transaction(CLEAR_KV_TABLE, 'readonly').objectStore(CLEAR_KV_TABLE);
      const get = kv.get(VAULT_KV_KEY);
      const biometric = kv.count(BIOMETRIC_KV_KEY);
      biometric.onsuccess = () => {
        db.close();
        const row = get.result as { value?: { failedTries?: number } } | undefined;
        const triesLeft = Math.max(0, MAX_PIN_TRIES - (row?.value?.failedTries ?? 0));
        resolve(row?.value ? { triesLeft, biometric: biometric.result > 0 } : null);
      };
      get.onerror = biometric.onerror = () => {
        db.close();
        reject(get.error ?? biometric.error ?? new Error('The vault could not be read'));
      };
    };
  });
}
