import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { megabytes, FILE_COPIES_AT_ONCE, type Log } from './backup';
import { engineOf, refuseNonEmptyDatabase, restoreDatabase } from './database-dump';
import { inParallel } from './in-parallel';
import { keyFingerprint } from './key-fingerprint';
import { FILES_DIR, readManifest, sha256, sha256OfFile, type Manifest } from './manifest';
import { openBackupStore, type BackupStore } from './store-files';

type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'storage' | 'keyFile' | 'keysJson'>;

export type RestoreOptions = { acceptOtherKeys?: boolean };

/** What the restore checked after loading: the tables' row counts and the files' bytes, against the manifest. */
export type Checked = { tables: number; rows: number; files: number; bytes: number };

/** The server will read every key the backup's data needs (the same keys, or more after a rotation): else refuse, unless told to go on. */
function checkKeys(config: RestoreConfig, manifest: Manifest, options: RestoreOptions, log: Log): void {
  const keys = keyFingerprint(config);
  const missing = manifest.keys.keys.filter((key) => !keys?.keys.includes(key));
  if (keys && missing.length === 0)
    return log(`keys: the ${keys.source} holds every key of the backup (fingerprint ${manifest.keys.fingerprint})`);
  const named = missing.map((key) => key.split(' ').slice(0, 2).join(' ')).join(', ');
  const found = keys
    ? `the ${keys.source} (fingerprint ${keys.fingerprint}) lacks keys this backup was made with (${named}; its fingerprint ${manifest.keys.fingerprint})`
    : `no keys found (${config.keyFile ? `no key file ${config.keyFile}` : 'neither KEY_FILE nor KEYS_JSON is set'}); this backup was made with keys of fingerprint ${manifest.keys.fingerprint}`;
  const consequence =
    "without them the restored Aadhaar numbers cannot be read, file links of the old keys fail and the phones' sealed outbox items cannot be opened";
  if (!options.acceptOtherKeys)
    throw new Error(
      `Refused: ${found}: ${consequence}. Put the key file kept with this backup in place (KEY_FILE or KEYS_JSON), or run again with --accept-other-keys to restore anyway.`,
    );
  log(`WARNING: ${found}: ${consequence}. Restoring anyway (--accept-other-keys).`);
}

/** The backup is whole: its dump and every file have the manifest's size and SHA-256 (checked before the target is touched). */
async function checkBackup(dir: string, manifest: Manifest): Promise<void> {
  const dump = join(dir, manifest.database.file);
  if ((await sha256OfFile(dump)) !== manifest.database.sha256)
    throw new Error(`${dump} does not match the manifest's SHA-256: the backup is damaged.`);
  await inParallel(manifest.files, FILE_COPIES_AT_ONCE, async (file) => {
    const path = join(dir, FILES_DIR, file.path);
    if (statSync(path).size !== file.bytes || sha256(readFileSync(path)) !== file.sha256)
      throw new Error(`${path} does not match the manifest's size and SHA-256: the backup is damaged.`);
  });
}

async function refuseNonEmptyStore(store: BackupStore): Promise<void> {
  const { files, others } = await store.list();
  if (files.length + others.length > 0)
    throw new Error(`The store ${store.where} is not empty (${files.length + others.length} files): restore only into an empty store.`);
}

/** Each table's count after the restore is the manifest's, and there is no table more or less. */
function checkTables(manifest: Manifest, restored: Record<string, number>): number {
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(restored)]);
  const wrong = [...names].filter((name) => manifest.tables[name] !== restored[name]);
  if (wrong.length > 0)
    throw new Error(
      `The restored database does not match the manifest: ${wrong
        .slice(0, 5)
        .map((name) => `${name} has ${restored[name] ?? 'no table'} rows, the manifest ${manifest.tables[name] ?? 'no table'}`)
        .join('; ')}`,
    );
  return Object.values(restored).reduce((a, b) => a + b, 0);
}

/**
 * `npm run restore -- <dir>`: into an empty database (DATABASE_URL, or an empty DATA_DIR/pglite)
 * and an empty store, then checked: every table's row count and every file's SHA-256, read back
 * from where they were restored, against the manifest.
 */
export async function restore(config: RestoreConfig, dir: string, options: RestoreOptions, log: Log): Promise<Checked> {
  const manifest = readManifest(dir);
  log(
    `backup of ${manifest.createdAt}: app ${manifest.app.version}, last migration ${manifest.lastMigration?.tag ?? 'none'}, ${manifest.database.serverVersion}, ${manifest.files.length} files`,
  );
  checkKeys(config, manifest, options, log);
  const engine = engineOf(config);
  if (engine !== manifest.database.engine)
    throw new Error(
      `This backup is of ${manifest.database.engine === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL'}: restore it with ${manifest.database.engine === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}.`,
    );
  const started = performance.now();
  await checkBackup(dir, manifest);
  log(`backup: the dump and ${manifest.files.length} files match the manifest's SHA-256`);

  const store = openBackupStore(config);
  try {
    await refuseNonEmptyDatabase(config);
    await refuseNonEmptyStore(store);

    const restored = await restoreDatabase(config, join(dir, manifest.database.file));
    const rows = checkTables(manifest, restored);
    log(`database: ${Object.keys(restored).length} tables restored, each table's row count (${rows} rows in all) matches the manifest`);

    await inParallel(manifest.files, FILE_COPIES_AT_ONCE, async (file) => {
      const [tenant = '', name = ''] = file.path.split('/');
      await store.put(tenant, name, readFileSync(join(dir, FILES_DIR, file.path)));
    });
    // Read back from the store, not from the backup: what the server will serve.
    let bytes = 0;
    await inParallel(manifest.files, FILE_COPIES_AT_ONCE, async (file) => {
      const [tenant = '', name = ''] = file.path.split('/');
      const stored = await store.get(tenant, name);
      if (!stored || sha256(stored) !== file.sha256)
        throw new Error(`${store.where}/${file.path} does not match the manifest after the restore`);
      bytes += stored.length;
    });
    log(
      `store: ${manifest.files.length} files (${megabytes(bytes)}) restored into ${store.where}, each read back with the manifest's SHA-256`,
    );
    log(`restore done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { tables: Object.keys(restored).length, rows, files: manifest.files.length, bytes };
  } finally {
    await store.close();
  }
}
