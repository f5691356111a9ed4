// Backup and restore (issue 35, item 5; docs/operations.md, "Backup and restore"): applications and
// uploads made through the real routes, backed up, restored into a new database (a new PostgreSQL
// database with TEST_DATABASE_URL, else a new PGlite data directory) and a new store, then every
// table's rows (in primary-key order) and every file's bytes compared with the source's.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { DEFAULT_CONFIG, type Config } from '../../src/server/config';
import { createLocalKms } from '../../src/server/providers/kms/local-kms.provider';
import { backup } from '../../src/server/ops/backup';
import { quoted, tableNames, type RunQuery } from '../../src/server/ops/database-facts';
import { restore } from '../../src/server/ops/restore';
import { readManifest, sha256, type Manifest } from '../../src/server/ops/manifest';
import { LAKSHMI, VIKRAM, withBorrowerStep, type Persona } from './applications-fixtures';
import { hostOf } from './helpers/http';
import { JPEG, multipart, PDF, PNG } from './helpers/multipart';
import { createTestClock } from './helpers/test-app';
import { createPostgresDatabase, templateBlob, testDatabaseKind } from './helpers/test-db';
import { tempDir } from './helpers/temp-dir';
import { S3RVER_CREDENTIALS, startS3Server } from '../support/s3-server';

const kind = testDatabaseKind();
const work = tempDir('sahyog-backup-test-');
const silent = () => undefined;

type Side = { config: Config; open(): Promise<Database>; drop(): Promise<void> };

/** A database and a store of their own under `name`: on PostgreSQL a new database, else DATA_DIR/pglite. */
async function newSide(name: string, keyFile: string): Promise<Side> {
  const dataDir = join(work, name);
  mkdirSync(dataDir);
  const config: Config = { ...DEFAULT_CONFIG, dataDir, keyFile, staticDir: '/nonexistent' };
  if (kind === 'pglite') return { config, open: () => openPglite({ dataDir: join(dataDir, 'pglite') }), drop: async () => undefined };
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  return { config: { ...config, databaseUrl: created.url }, open: async () => openPostgres(created.url, { max: 2 }), drop: created.drop };
}

async function keyFileAt(path: string): Promise<string> {
  await createLocalKms({ keyFile: path, production: false }).loadKeys(); // writes fresh rings
  return path;
}

const runQuery =
  (database: Database): RunQuery =>
  async (text) =>
    (await database.db.execute(sql.raw(text))).rows as Record<string, unknown>[];

/** Every row of every table as text, in primary-key order (the row's text where a table has none). */
async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const query = runQuery(database);
  const all: Record<string, string[]> = {};
  for (const table of await tableNames(query)) {
    const keys = await query(
      `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = '${quoted(table)}'::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
    );
    const order = keys.length > 0 ? keys.map((k) => `t.${quoted(String(k.name))}`).join(', ') : 't::text';
    all[table] = (await query(`select t::text as row from ${quoted(table)} t order by ${order}`)).map((r) => String(r.row));
  }
  return all;
}

/** Every file of a disk store, `<tenant>/<name>` to its bytes. */
function filesOf(dataDir: string): Map<string, Buffer> {
  const root = join(dataDir, 'uploads');
  const found = new Map<string, Buffer>();
  if (!existsSync(root)) return found;
  for (const tenant of readdirSync(root))
    for (const name of readdirSync(join(root, tenant))) found.set(`${tenant}/${name}`, readFileSync(join(root, tenant, name)));
  return found;
}

async function uploadFile(app: FastifyInstance, token: string, applicationId: string, fileType: string, bytes: Buffer, type: string) {
  const fields = {
    application_id: applicationId,
    file_type: fileType,
    upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
    name_prefix: 'borrower',
  };
  const { payload, headers } = multipart(fields, [{ field: 'file', filename: `${fileType}.bin`, bytes, type }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/apply-loan/upload-file',
    payload,
    headers: { ...headers, host: hostOf(), token },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Distinct bytes for each upload: same type, a random middle. */
const varied = (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 8), randomBytes(3000), bytes.subarray(8)]);

describe(`backup and restore (${kind})`, () => {
  let keyFile: string;
  let source: Side;
  let backupDir: string;
  let manifest: Manifest;
  const sides: Side[] = [];

  beforeAll(async () => {
    keyFile = await keyFileAt(join(work, 'keys.json'));
    source = await newSide('source', keyFile);
    sides.push(source);
    const database =
      kind === 'pglite'
        ? await openPglite({ dataDir: join(source.config.dataDir, 'pglite'), loadDataDir: await templateBlob() })
        : await source.open();
    try {
      await database.migrate();
      await seedDatabase(database.db);
      const app = await buildApp({ logger: false, db: database.db, clock: createTestClock(), config: source.config });
      try {
        for (const persona of [LAKSHMI, VIKRAM, LAKSHMI] satisfies Persona[]) {
          const { token, id } = await withBorrowerStep(app, persona);
          await uploadFile(app, token, id, 'BORROWER_PHOTO', varied(JPEG), 'image/jpeg');
          await uploadFile(app, token, id, 'PAN', varied(PNG), 'image/png');
          await uploadFile(app, token, id, 'VOTER_ID', varied(PDF), 'application/pdf');
        }
      } finally {
        await app.close();
      }
      // PGlite has one owner: the backup of a data directory in use is refused.
      if (kind === 'pglite')
        await expect(backup(source.config, join(work, 'refused'), silent)).rejects.toThrow(/in use .*stop the server first/);
    } finally {
      await database.close(); // the server stopped
    }
    backupDir = join(work, 'backup');
    await backup(source.config, backupDir, silent);
    manifest = readManifest(backupDir);
  }, 120_000);

  afterAll(async () => {
    for (const side of sides) await side.drop();
  });

  it('writes the dump, every file and a manifest of counts and checksums, and not the keys', async () => {
    const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
    expect(manifest.lastMigration?.tag).toBe(journal.entries.at(-1)!.tag);
    expect(manifest.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.database.engine).toBe(kind);
    expect(manifest.database.sha256).toBe(sha256(readFileSync(join(backupDir, manifest.database.file))));
    expect(manifest.tables['public.applications']).toBe(3);
    expect(manifest.tables['public.files']).toBe(9);
    const stored = filesOf(source.config.dataDir);
    expect(manifest.files.map((f) => f.path)).toEqual([...stored.keys()].sort());
    for (const file of manifest.files) {
      expect(file.sha256).toBe(sha256(stored.get(file.path)!));
      expect(readFileSync(join(backupDir, 'files', file.path)).equals(stored.get(file.path)!)).toBe(true);
    }
    expect(manifest.keys.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(new Set(manifest.keys.keys.map((k) => k.split(' ')[0]))).toEqual(new Set(['aadhaar', 'file-link', 'outbox']));
    const keyText = readFileSync(keyFile, 'utf8');
    const aKey = /"([A-Za-z0-9_-]{43})"/.exec(keyText)![1]!;
    expect(readFileSync(join(backupDir, 'manifest.json'), 'utf8')).not.toContain(aKey);
  });

  it('refuses other keys, a backup that does not match its manifest, and a target that is not empty', async () => {
    const target = await newSide('refused-target', await keyFileAt(join(work, 'other-keys.json')));
    sides.push(target);
    await expect(restore(target.config, backupDir, {}, silent)).rejects.toThrow(
      /lacks keys this backup was made with \(aadhaar .*--accept-other-keys/,
    );
    const noKeys = { ...target.config, keyFile: join(work, 'absent.json') };
    await expect(restore(noKeys, backupDir, {}, silent)).rejects.toThrow(/no keys found/);

    // A key file rotated since (a new current Aadhaar key beside the old ones) still holds every key the backup needs.
    const rotated = JSON.parse(readFileSync(keyFile, 'utf8')) as { aadhaar: { current: string; keys: Record<string, string> } };
    rotated.aadhaar.keys.rotated = randomBytes(32).toString('base64url');
    rotated.aadhaar.current = 'rotated';
    const rotatedKeys = { ...source.config, keyFile: join(work, 'rotated-keys.json') };
    writeFileSync(rotatedKeys.keyFile, JSON.stringify(rotated));
    await expect(restore(rotatedKeys, backupDir, {}, silent)).rejects.toThrow(
      kind === 'pglite' ? /is not empty/ : /already holds \d+ tables/,
    );
    const withKeys = { ...target.config, keyFile };
    mkdirSync(join(withKeys.dataDir, 'uploads', 'sahyog'), { recursive: true });
    writeFileSync(join(withKeys.dataDir, 'uploads', 'sahyog', 'a'.repeat(32)), 'x');
    await expect(restore(withKeys, backupDir, {}, silent)).rejects.toThrow(/store .* is not empty/);

    const damaged = join(work, 'damaged');
    mkdirSync(damaged);
    for (const name of readdirSync(backupDir))
      if (name !== 'files') writeFileSync(join(damaged, name), readFileSync(join(backupDir, name)));
    writeFileSync(join(damaged, 'manifest.json'), JSON.stringify({ ...manifest, files: [] }));
    const dump = readFileSync(join(damaged, manifest.database.file));
    dump[dump.length - 10] ^= 0xff;
    writeFileSync(join(damaged, manifest.database.file), dump);
    await expect(restore(withKeys, damaged, {}, silent)).rejects.toThrow(/does not match the manifest's SHA-256/);
  });

  it("restores into an empty database and store: every table's rows and every file's bytes are the source's", async () => {
    const target = await newSide('target', keyFile);
    sides.push(target);
    const lines: string[] = [];
    const checked = await restore(target.config, backupDir, {}, (line) => lines.push(line));
    expect(checked.files).toBe(9);
    expect(lines.join('\n')).toMatch(/each table's row count .* matches the manifest/);
    expect(lines.join('\n')).toMatch(/9 files .* each read back with the manifest's SHA-256/);

    const [from, to] = [await source.open(), await target.open()];
    try {
      const [before, after] = [await everyRow(from), await everyRow(to)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      expect(before['public.applications']).toHaveLength(3);
    } finally {
      await from.close();
      await to.close();
    }
    const [sourceFiles, targetFiles] = [filesOf(source.config.dataDir), filesOf(target.config.dataDir)];
    expect([...targetFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [path, bytes] of sourceFiles) expect(targetFiles.get(path)!.equals(bytes), path).toBe(true);
  });

  it('restores into a bucket, refuses a bucket that is not empty, and backs the same files up from it', async () => {
    Object.assign(process.env, S3RVER_CREDENTIALS);
    const s3 = await startS3Server('sahyog-backup-test');
    try {
      const inBucket = async (name: string): Promise<Config> => {
        const side = await newSide(name, keyFile);
        sides.push(side);
        return { ...side.config, storage: { driver: 's3', s3: s3.settings } };
      };
      const target = await inBucket('bucket-target');
      await restore(target, backupDir, {}, silent);
      await expect(restore(await inBucket('bucket-again'), backupDir, {}, silent)).rejects.toThrow(
        /store s3:\/\/sahyog-backup-test\/ is not empty \(9 files\)/,
      );

      const again = join(work, 'backup-of-bucket');
      await backup(target, again, silent);
      const second = readManifest(again);
      expect(second.store).toEqual({ driver: 's3', where: 's3://sahyog-backup-test/' });
      expect(second.files).toEqual(manifest.files);
      expect(second.tables).toEqual(manifest.tables);
    } finally {
      await s3.stop();
    }
  });
});
