import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { watchPool } from '../observability/metrics';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_CONFIG, type Config } from '../config';
import type { StartPhases } from '../start-phases';
import { applyDrizzleParsersOnce } from './pglite-parsers';
import { forgetPreparedStatements, usePreparedStatements } from './pglite-prepared';
import { serverFile } from '../paths';
import * as schema from './schema';

export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (a test template, a backup). */
  dumpDataDir?: (compression?: 'none' | 'gzip' | 'auto') => Promise<Blob>;
};

export const MIGRATIONS_DIR = serverFile('db', 'migrations');

/** Arbitrary constant: serialises migrations when several API nodes start at once on PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_240_001;

/** Embedded PostgreSQL: in memory without dataDir; `loadDataDir` starts from a dumped tarball. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; relaxedDurability?: boolean } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    relaxedDurability: options.relaxedDurability,
  });
  // Queries with parameters run as prepared statements (pglite-prepared.ts); drizzle's parsers are
  // applied once (pglite-parsers.ts), around them.
  usePreparedStatements(client);
  applyDrizzleParsersOnce(client);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      await forgetPreparedStatements(client);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
  };
}

const PGLITE_WORKER = new URL('./pglite-worker.mjs', import.meta.url);

async function createPgliteDataDir(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(PGLITE_WORKER), dataDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The embedded database could not be created in ${dataDir} (exit code ${code})`);
}

/** PGlite's thread on `dataDir`, serving on a socket at `socketPath`, once it answers. */
async function startPgliteThread(dataDir: string, socketPath: string, sharedBuffersMb: number): Promise<Worker> {
  const worker = new Worker(PGLITE_WORKER, { workerData: { dataDir, socketPath, sharedBuffersMb } });
  const [first] = (await Promise.race([once(worker, 'message'), once(worker, 'error').then(([err]) => Promise.reject(err))])) as [unknown];
  if (!(first as { ready?: boolean }).ready) throw new Error('The embedded database did not start');
  return worker;
}

/** Closes PGlite (its last writes on disk), then ends its thread. */
async function stopPgliteThread(worker: Worker): Promise<void> {
  const stopped = once(worker, 'message');
  worker.postMessage('stop');
  await stopped;
  await worker.terminate();
}

/**
 * The server's embedded database: PGlite on a thread of its own (pglite-worker.mjs), reached
 * through `pg` on a Unix socket in a private directory, so the API's thread does HTTP and the
 * app's work while the engine runs on another core (docs/scaling.md). One connection: PGlite has
 * one session. Tests that want PGlite in their own thread use openPglite.
 */
export async function openServedPglite(dataDir: string, options: { sharedBuffersMb?: number } = {}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const socketDir = mkdtempSync(join(tmpdir(), 'sahyog-db-socket-')); // mode 0700: this user only
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  // Creating a database (initdb) grows PGlite's WebAssembly memory by about 500 MB that it never
  // gives back: a new data directory is created by a short-lived process, then served by the thread.
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPgliteDataDir(dataDir);
  const sharedBuffersMb = Math.max(1, Math.floor(options.sharedBuffersMb ?? DEFAULT_CONFIG.pgliteSharedBuffersMb));
  const worker = await startPgliteThread(dataDir, socketPath, sharedBuffersMb);
  const database = openPostgres(`postgres://postgres@${encodeURIComponent(socketDir)}/postgres`, { max: 1, oneSession: true });
  let closed: Promise<void> | undefined;
  let exited = false;
  worker.on('error', (err) => console.error(`The embedded database failed: ${err.message}`));
  // Without its database the server can only answer 500s: a thread that dies stops the server (main.ts's SIGTERM).
  worker.once('exit', (code) => {
    exited = true;
    if (closed) return;
    console.error(`The embedded database stopped (exit code ${code}): the server stops.`);
    process.kill(process.pid, 'SIGTERM');
  });
  return {
    ...database,
    kind: 'pglite',
    close: () =>
      (closed ??= (async () => {
        await database.close();
        if (!exited) await stopPgliteThread(worker);
        rmSync(socketDir, { recursive: true, force: true });
      })()),
  };
}

export function openPostgres(
  url: string,
  options: { max?: number; onPoolError?: (err: Error) => void; oneSession?: boolean } = {},
): Database {
  // oneSession (served PGlite): every connection opens the same and only session, so the pool keeps
  // its connection, and a new one (after an error) starts it afresh. Prepared statements live in
  // the session: pg, on a new connection, prepares them again under the same names.
  // pg-pool's onConnect runs (awaited) before a new connection is handed out: an unfinished
  // transaction and the old prepared statements go first. (Queued on the 'connect' event, they ran
  // beside the caller's first query, and pg warned that queuing queries on a busy client is deprecated.)
  const startAfresh = async (client: pg.PoolClient) => {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query('DISCARD ALL').catch(() => undefined);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.oneSession && { idleTimeoutMillis: 0, onConnect: startAfresh }),
  } as pg.PoolConfig);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', options.onPoolError ?? ((err) => console.error(`PostgreSQL pool error: ${err.message}`)));
  // A connection lost while checked out (a transaction's, a migration's: the pool listens to idle
  // ones only) emits 'error' on its client, which with no listener ended the process (every node
  // at a database failover). Its query in flight is rejected anyway, and the pool drops the
  // client when it is released (not queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const unwatch = watchPool(pool as unknown as Parameters<typeof watchPool>[0]);
  // The services take one Db type; node-postgres's drizzle database has the same query-builder
  // API as PGlite's (only the raw `execute` result type differs, and both carry `rows`).
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      unwatch();
      await pool.end();
    },
  };
}

/**
 * Opens the configured database (PostgreSQL when databaseUrl is set, else PGlite) and migrates it;
 * `beforeMigrate` runs first (moving the keys out of the database before a migration drops them).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'pgliteSharedBuffersMb'>>,
  options: { beforeMigrate?: (db: Db) => Promise<unknown>; phases?: StartPhases } = {},
): Promise<Database> {
  const time = <T>(name: string, work: () => Promise<T> | T) => (options.phases ? options.phases.time(name, work) : work());
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : await time('PGlite boot', () => openServedPglite(join(config.dataDir, 'pglite'), { sharedBuffersMb: config.pgliteSharedBuffersMb }));
  try {
    await time('keys out of the database', async () => options.beforeMigrate?.(database.db));
    await time('migrations', () => database.migrate());
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
