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
/** The outbox's table (db.ts). */
export const OUTBOX_TABLE = 'outbox';
/** The row of the data key's second wrapping, under the phone's fingerprint or face (biometric-unlock.ts). */
export const BIOMETRIC_KV_KEY = 'vault.biometricKey';
/** Wrong PINs in a row after which the officer is signed out. */
export const MAX_PIN_TRIES = 5;

/** A PIN is set: the wrong PINs left before the sign-out, and whether fingerprint or face unlock is on. */
export type VaultPeek = { triesLeft: number; biometric: boolean };

let deviceDbInUse = false;
let waiting: (() => void)[] = [];
/** Called by `getDb`: from then on the data key may be in memory, which only the device database knows. */
export function noteDeviceDbInUse(): void {
  deviceDbInUse = true;
  const due = waiting;
  waiting = [];
  for (const run of due) run();
}
/**
 * Runs `work` once the device database is in use (now, if it is): what writes to it from the
 * shell (the tenant's outbox key) then loads no Dexie on /login or a reload's lock screen.
 */
export function whenDeviceDbInUse(work: () => void): void {
  if (deviceDbInUse) work();
  else waiting.push(work);
}
export const isDeviceDbInUse = (): boolean => deviceDbInUse;

/**
 * Reads one table of the device database without Dexie: `read` gets its store once the database
 * is open and resolves with what it found. `absent` when there is no such database or table (no
 * database is created: Dexie creates it with its schema when it opens). Rejects when IndexedDB
 * cannot answer (private mode).
 */
function readRaw<T>(table: string, absent: T, read: (store: IDBObjectStore, done: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    let created = false;
    const request = indexedDB.open(DEVICE_DB_NAME);
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      if (created) resolve(absent);
      else reject(request.error ?? new Error('IndexedDB did not open'));
    };
    request.onsuccess = () => {
      const db = request.result;
      // Never hold up Dexie's upgrade of the schema.
      db.onversionchange = () => db.close();
      const done = (value: T) => {
        db.close();
        resolve(value);
      };
      if (!db.objectStoreNames.contains(table)) return done(absent);
      const transaction = db.transaction(table, 'readonly');
      transaction.onerror = () => {
        db.close();
        reject(transaction.error ?? new Error(`${table} could not be read`));
      };
      read(transaction.objectStore(table), done);
    };
  });
}

/**
 * The device's vault: `null` when no PIN is set (no device database yet: none is created). Rejects
 * when IndexedDB cannot answer (private mode): the caller then asks the device database itself.
 */
export function peekVault(): Promise<VaultPeek | null> {
  return readRaw<VaultPeek | null>(CLEAR_KV_TABLE, null, (kv, done) => {
    const get = kv.get(VAULT_KV_KEY);
    const biometric = kv.count(BIOMETRIC_KV_KEY);
    biometric.onsuccess = () => {
      const row = get.result as { value?: { failedTries?: number } } | undefined;
      const triesLeft = Math.max(0, MAX_PIN_TRIES - (row?.value?.failedTries ?? 0));
      done(row?.value ? { triesLeft, biometric: biometric.result > 0 } : null);
    };
  });
}

/**
 * How many items the outbox holds, read without Dexie (0 when there is no device database): a
 * locked page starts its sync engine (and so loads the device database) only when something
 * waits to be sent.
 */
export function peekOutboxCount(): Promise<number> {
  return readRaw(OUTBOX_TABLE, 0, (outbox, done) => {
    const count = outbox.count();
    count.onsuccess = () => done(count.result);
  });
}
