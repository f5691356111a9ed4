import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR, openPglite, openPostgres, type Database } from '../../../src/server/db/client';
import * as schema from '../../../src/server/db/schema';
import { seedDatabase } from '../../../src/server/db/seed';

/** A migrated database of its own for one test file; reset() empties it and seeds it again. */
export type TestDatabase = Database & {
  reset(): Promise<void>;
  /** PostgreSQL only: its address, for a second connection. */ url?: string;
};

// Every table of the schema, so a new table is emptied between tests without a list to update.
const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const TRUNCATE = sql.raw(`truncate ${TABLES.map((t) => `"${getTableName(t)}"`).join(', ')} restart identity cascade`);

function withReset(database: Database & { url?: string }): TestDatabase {
  return {
    ...database,
    reset: async () => {
      await database.db.execute(TRUNCATE);
      await seedDatabase(database.db);
    },
  };
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The template's name changes with the migrations and the PGlite version, so it is never stale. */
function templatePath(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return join(tmpdir(), `sahyog-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Templates of other migrations are 40 MB each: drop those over a day old (a parallel run may still want a recent one). */
function removeOldTemplates(current: string): void {
  const dayAgo = Date.now() - 24 * 3_600_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!/^sahyog-pglite-template-[0-9a-f]{16}\.tar$/.test(name) || path === current) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true });
    } catch {
      // removed by a parallel run
    }
  }
}

/**
 * A fresh PGlite initdb costs 5-7 s, loading a dumped data dir under 1 s (TOOLCHAIN trap 5):
 * the migrated template is built once and kept in the temp dir, and every test file loads it.
 */
export async function templateBlob(): Promise<Blob> {
  const path = templatePath();
  if (!existsSync(path)) {
    const database = await openPglite();
    try {
      await database.migrate();
      const dump = await database.dumpDataDir!('none');
      const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path); // atomic: a parallel worker never reads half a file
      removeOldTemplates(path);
    } finally {
      await database.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  return withReset(await openPglite({ loadDataDir: await templateBlob() }));
}

/** On a PostgreSQL server: an empty, uniquely named database of the caller's, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sahyog_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** On a PostgreSQL server: a uniquely named database for this file, migrated, dropped on close. */
async function openPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const created = await createPostgresDatabase(serverUrl);
  const database = openPostgres(created.url, { max: 4 });
  await database.migrate();
  return withReset({
    ...database,
    url: created.url,
    close: async () => {
      await database.close();
      await created.drop();
    },
  });
}

export const testDatabaseKind = (): 'postgres' | 'pglite' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

export function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? openPostgresTestDatabase(url) : openPgliteTestDatabase();
}
