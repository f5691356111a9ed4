import { createDataKey, PIN_ITERATIONS, unwrapDataKey, WrongPinError, type WrappedDataKey } from '../crypto/data-key';
import type { SahyogDb } from './db';
import { isLockedRow, VAULT_KV_KEY } from './sealing.middleware';
import { BIOMETRIC_KV_KEY, MAX_PIN_TRIES } from './vault-peek';

/**
 * The kv row of the data key's second wrapping, under the phone's fingerprint or face
 * (biometric-unlock.ts). Here, so that every deletion of the PIN's wrapping deletes it too.
 */
export { BIOMETRIC_KV_KEY };

/** Wrong PINs in a row after which the officer is signed out. */
export { MAX_PIN_TRIES };

/** The kv row of the device vault: the wrapped data key and the wrong PINs since the last unlock. */
export type VaultRecord = { key: typeof VAULT_KV_KEY; value: WrappedDataKey & { failedTries: number } };

export async function readVault(db: SahyogDb): Promise<VaultRecord['value'] | undefined> {
  return (await db.kv.get(VAULT_KV_KEY))?.value as VaultRecord['value'] | undefined;
}

/** Tables whose rows the data key seals (all but the small settings table). */
export function sealedTables(db: SahyogDb) {
  return db.tables.filter((t) => !db.clearTables.includes(t.name));
}

/** Whether this device has a PIN (and so, its data sealed). */
export async function hasPin(db: SahyogDb): Promise<boolean> {
  return (await readVault(db)) !== undefined;
}

export function isUnlocked(db: SahyogDb): boolean {
  return db.vault.key !== undefined;
}

/**
 * Sets the first PIN on this device: a new data key, and every row already stored (from before
 * the PIN) sealed under it. Rows sealed under a previous key must be gone (`forgetSealedData`).
 */
export async function setPin(db: SahyogDb, pin: string, iterations = PIN_ITERATIONS): Promise<void> {
  const { key, stored } = await createDataKey(pin, iterations);
  await db.transaction('rw', [db.kv, ...sealedTables(db)], async () => {
    const tables = sealedTables(db);
    // Read while still in clear mode, then write sealed.
    const rows = await Promise.all(tables.map((t) => t.toArray()));
    db.vault.key = key;
    db.vault.configured = true;
    await db.kv.put({ key: VAULT_KV_KEY, value: { ...stored, failedTries: 0 } });
    for (const [i, table] of tables.entries()) if (rows[i]!.length) await table.bulkPut(rows[i]!);
  });
}

export type UnlockResult = { ok: true } | { ok: false; triesLeft: number };

/** Unlocks with the PIN; a wrong one counts (across reloads) towards MAX_PIN_TRIES. */
export async function unlock(db: SahyogDb, pin: string): Promise<UnlockResult> {
  const vault = await readVault(db);
  if (!vault) throw new Error('No PIN is set on this device');
  try {
    db.vault.key = await unwrapDataKey(pin, vault);
  } catch (error) {
    if (!(error instanceof WrongPinError)) throw error;
    const failedTries = vault.failedTries + 1;
    await db.kv.put({ key: VAULT_KV_KEY, value: { ...vault, failedTries } });
    return { ok: false, triesLeft: Math.max(0, MAX_PIN_TRIES - failedTries) };
  }
  if (vault.failedTries) await db.kv.put({ key: VAULT_KV_KEY, value: { ...vault, failedTries: 0 } });
  return { ok: true };
}

export async function triesLeft(db: SahyogDb): Promise<number> {
  return MAX_PIN_TRIES - ((await readVault(db))?.failedTries ?? 0);
}

/** Forgets the data key in memory: sealed rows cannot be read until the next unlock. */
export function lock(db: SahyogDb): void {
  db.vault.key = undefined;
}

/**
 * Deletes everything the data key sealed, and the key (both wrappings): after a forgotten PIN or
 * five wrong ones, and a device wipe.
 * `keep` names tables that hold nothing under the data key (the outbox, sealed for the server).
 */
export async function forgetSealedData(db: SahyogDb, keep: readonly string[] = []): Promise<void> {
  const tables = sealedTables(db).filter((t) => !keep.includes(t.name));
  const kept = sealedTables(db).filter((t) => keep.includes(t.name));
  await db.transaction('rw', [db.kv, ...tables, ...kept], async () => {
    for (const table of tables) await table.clear();
    // Of a kept table, the rows under the data key go with it (nothing could open them again).
    const locked = db.vault.key;
    db.vault.key = undefined;
    for (const table of kept) {
      const stale = (await table.toArray())
        .filter(isLockedRow)
        .map((row) => (row as Record<string, unknown>)[table.schema.primKey.keyPath as string]);
      if (stale.length) await table.bulkDelete(stale as never[]);
    }
    db.vault.key = locked;
    await db.kv.delete(VAULT_KV_KEY);
    await db.kv.delete(BIOMETRIC_KV_KEY);
  });
  db.vault.key = undefined;
  db.vault.configured = false;
}
