import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { dumpDatabase } from './database-dump';
import { inParallel } from './in-parallel';
import { keyFingerprint } from './key-fingerprint';
import { appVersion, FILES_DIR, newManifest, sha256, sha256OfFile, writeManifest, type Manifest } from './manifest';
import { openBackupStore } from './store-files';

export type Log = (line: string) => void;

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'storage' | 'keyFile' | 'keysJson'>;

/** Files read from (or written to) the store at once. */
export const FILE_COPIES_AT_ONCE = 8;

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup -- <dir>`: the database (pg_dump's custom format, or PGlite's data directory),
 * then every file of the store, then manifest.json, into an empty or new `dir`. The keys are not
 * copied: the manifest names their fingerprint (docs/operations.md, "Backup and restore").
 */
export async function backup(config: BackupConfig, dir: string, log: Log): Promise<Manifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: back up into a new or empty directory.`);
  const keys = keyFingerprint(config);
  if (!keys)
    throw new Error(
      `No keys found (${config.keyFile ? `key file ${config.keyFile}` : 'set KEY_FILE or KEYS_JSON'}): back up with the key source the server uses, so the manifest names its keys.`,
    );
  mkdirSync(dir, { recursive: true });
  const started = performance.now();

  const dumped = await dumpDatabase(config, dir);
  const dumpPath = join(dir, dumped.file);
  const dumpBytes = statSync(dumpPath).size;
  const rows = Object.values(dumped.tables).reduce((a, b) => a + b, 0);
  log(
    `database: ${dumped.serverVersion}, ${Object.keys(dumped.tables).length} tables, ${rows} rows -> ${dumped.file} (${megabytes(dumpBytes)}, ${dumped.madeWith})`,
  );

  // Listed after the database's snapshot: every file a row of the dump names was stored before its row was written.
  const store = openBackupStore(config);
  const files: Manifest['files'] = [];
  try {
    const listing = await store.list();
    for (const other of listing.others) log(`store: not a file of the server, left out: ${other}`);
    for (const tenant of new Set(listing.files.map((f) => f.tenant))) mkdirSync(join(dir, FILES_DIR, tenant), { recursive: true });
    await inParallel(listing.files, FILE_COPIES_AT_ONCE, async ({ tenant, name }) => {
      const bytes = await store.get(tenant, name);
      if (!bytes) return log(`store: ${tenant}/${name} was removed while the backup ran, left out`);
      writeFileSync(join(dir, FILES_DIR, tenant, name), bytes);
      files.push({ path: `${tenant}/${name}`, bytes: bytes.length, sha256: sha256(bytes) });
    });
  } finally {
    await store.close();
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  const fileBytes = files.reduce((n, f) => n + f.bytes, 0);
  log(`store: ${files.length} files (${megabytes(fileBytes)}) from ${store.where}`);

  const manifest = newManifest({
    createdAt: new Date().toISOString(),
    app: { version: appVersion() },
    lastMigration: dumped.lastMigration,
    database: {
      engine: dumped.engine,
      file: dumped.file,
      bytes: dumpBytes,
      sha256: await sha256OfFile(dumpPath),
      serverVersion: dumped.serverVersion,
      madeWith: dumped.madeWith,
    },
    tables: dumped.tables,
    store: { driver: config.storage.driver, where: store.where },
    files,
    keys,
  });
  writeManifest(dir, manifest);
  log(
    `backup done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dir} (last migration ${manifest.lastMigration?.tag ?? 'none'}). ` +
      `The keys are NOT in it: keep the ${keys.source} (fingerprint ${keys.fingerprint}) separately.`,
  );
  return manifest;
}
