import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { lastMigration, tableCounts, tableNames, type AppliedMigration, type RunQuery } from './database-facts';
import { connect, pgTool, runPgTool } from './postgres-tools';

type Target = Pick<Config, 'databaseUrl' | 'dataDir'>;

export type Dumped = {
  engine: 'postgres' | 'pglite';
  file: string;
  serverVersion: string;
  madeWith: string;
  tables: Record<string, number>;
  lastMigration: AppliedMigration | undefined;
};

export const engineOf = (config: Target): 'postgres' | 'pglite' => (config.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (config: Target) => join(config.dataDir, 'pglite');

/**
 * pg_dump in the custom format, inside the snapshot the row counts were read in (a REPEATABLE READ
 * transaction exported with pg_export_snapshot): the counts are the dump's even while the API
 * nodes keep writing.
 */
async function dumpPostgres(url: string, dir: string): Promise<Dumped> {
  const file = 'database.dump';
  const { client, query, serverMajor } = await connect(url);
  try {
    const tool = await pgTool('pg_dump', serverMajor);
    await query('begin isolation level repeatable read read only');
    const [snapshot] = await query('select pg_export_snapshot() as id');
    const tables = await tableCounts(query);
    const migration = await lastMigration(query);
    const [version] = await query('show server_version');
    await runPgTool(tool, ['--format=custom', `--snapshot=${String(snapshot!.id)}`, `--file=${join(dir, file)}`], url);
    await query('commit');
    return {
      engine: 'postgres',
      file,
      serverVersion: `PostgreSQL ${String(version!.server_version)}`,
      madeWith: tool.version,
      tables,
      lastMigration: migration,
    };
  } finally {
    await client.end();
  }
}

const pgliteQuery =
  (db: PGlite): RunQuery =>
  async (text) =>
    (await db.query<Record<string, unknown>>(text)).rows;

const pgliteVersion = async (query: RunQuery) => String((await query('select version() as v'))[0]!.v).replace(/ on .*/, '');

/**
 * PGlite has one owner at a time and no lock of its own against a second one: its postmaster.pid
 * is there while a process has the data directory open (and after one was killed).
 */
function refusePgliteInUse(dir: string): void {
  if (existsSync(join(dir, 'postmaster.pid')))
    throw new Error(
      `The embedded database in ${dir} is in use (its postmaster.pid is there): stop the server first. ` +
        'If no server runs (it was killed), start it and stop it once (Ctrl-C) so that the database closes cleanly.',
    );
}

/** PGlite's own copy of its data directory (dumpDataDir, gzip): loaded back by PGlite alone, no PostgreSQL needed. */
async function dumpPglite(dir: string, to: string): Promise<Dumped> {
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${dir} (DATA_DIR/pglite)`);
  refusePgliteInUse(dir);
  const file = 'database.tar.gz';
  const db = await PGlite.create({ dataDir: dir });
  try {
    const query = pgliteQuery(db);
    const tables = await tableCounts(query);
    const migration = await lastMigration(query);
    const serverVersion = await pgliteVersion(query);
    writeFileSync(join(to, file), Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
    return { engine: 'pglite', file, serverVersion, madeWith: "PGlite's dumpDataDir (gzip)", tables, lastMigration: migration };
  } finally {
    await db.close();
  }
}

export const dumpDatabase = (config: Target, to: string): Promise<Dumped> =>
  config.databaseUrl ? dumpPostgres(config.databaseUrl, to) : dumpPglite(pgliteDir(config), to);

/** Refuses a target that is not empty: a database with any table, a PGlite data directory with anything in it. */
export async function refuseNonEmptyDatabase(config: Target): Promise<void> {
  if (config.databaseUrl) {
    const { client, query } = await connect(config.databaseUrl);
    try {
      const tables = await tableNames(query);
      if (tables.length > 0)
        throw new Error(
          `The database to restore into already holds ${tables.length} tables (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', ...' : ''}): ` +
            'restore only into an empty database (createdb a new one and point DATABASE_URL at it).',
        );
    } finally {
      await client.end();
    }
    return;
  }
  const dir = pgliteDir(config);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: restore the embedded database only into an empty DATA_DIR/pglite (move the old one away).`);
}

/** Loads the dump into the (empty) target and answers each table's row count there. */
export async function restoreDatabase(config: Target, dumpFile: string): Promise<Record<string, number>> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const { client, query, serverMajor } = await connect(url);
    try {
      const tool = await pgTool('pg_restore', serverMajor);
      // One transaction: a failed restore leaves the database empty. No owners or grants: the target's user owns what it restores.
      await runPgTool(tool, ['--exit-on-error', '--single-transaction', '--no-owner', '--no-acl', dumpFile], url);
      await query('analyze'); // pg_restore brings no planner statistics
      return await tableCounts(query);
    } finally {
      await client.end();
    }
  }
  const dir = pgliteDir(config);
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(dumpFile)]) });
  try {
    return await tableCounts(pgliteQuery(db));
  } finally {
    await db.close();
  }
}
