import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths';
import type { AppliedMigration } from './database-facts';
import type { KeyFingerprint } from './key-fingerprint';

export const MANIFEST = 'manifest.json';
export const FILES_DIR = 'files';
const FORMAT = 'sahyog-backup/1';

/** What a backup holds and how to check it: written last, so a backup without one is incomplete. */
export type Manifest = {
  format: typeof FORMAT;
  createdAt: string;
  app: { version: string };
  lastMigration: AppliedMigration | undefined;
  database: {
    engine: 'postgres' | 'pglite';
    /** The dump, beside the manifest: `database.dump` (pg_dump's custom format) or `database.tar.gz` (PGlite's data directory). */
    file: string;
    bytes: number;
    sha256: string;
    serverVersion: string;
    madeWith: string;
  };
  /** `schema.table` to its row count, as dumped. */
  tables: Record<string, number>;
  store: { driver: 'disk' | 's3'; where: string };
  /** Each file of the store, under `files/<tenant>/<name>` here. */
  files: { path: string; bytes: number; sha256: string }[];
  /** The keys are not in the backup: only which keys its data needs (key-fingerprint.ts). */
  keys: KeyFingerprint;
};

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const appVersion = (): string =>
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export function newManifest(fields: Omit<Manifest, 'format'>): Manifest {
  return { format: FORMAT, ...fields };
}

export function writeManifest(dir: string, manifest: Manifest): void {
  const path = join(dir, MANIFEST);
  writeFileSync(`${path}.partial`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${path}.partial`, path);
}

export function readManifest(dir: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`${join(dir, MANIFEST)} cannot be read (${(error as Error).message}): not a complete backup`);
  }
  if (manifest.format !== FORMAT) throw new Error(`${join(dir, MANIFEST)} is not a Sahyog backup of format ${FORMAT}`);
  return manifest;
}
