import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/client';
import type { Clock } from '../../../src/server/clock';
import { DEFAULT_CONFIG } from '../../../src/server/config';
import { createDocumentPool, type DocumentPool } from '../../../src/server/documents/document-pool';
import { openTestDatabase, type TestDatabase } from './test-db';

export type TestClock = Clock & { advance(ms: number): void; set(ms: number): void };

export const T0 = Date.UTC(2026, 0, 15, 4, 30, 0);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function createTestClock(start = T0): TestClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      now = ms;
    },
  };
}

export type TestContext = {
  readonly app: FastifyInstance;
  readonly clock: TestClock;
  readonly db: Db;
  readonly database: TestDatabase;
  /** The file's document pool, shared by its apps (its workers load pdf.js once); closed after the file. */
  readonly documents: DocumentPool;
  /** Replaces this test's app with one built with these options (same database and clock). */
  rebuild(options?: Omit<BuildAppOptions, 'db' | 'clock'>): Promise<FastifyInstance>;
};

/**
 * Registers the hooks of a server test file: one database per file (PGlite loaded from the
 * migrated template, or a throw-away PostgreSQL database when TEST_DATABASE_URL is set), emptied
 * and seeded before every test, which gets a fresh app and a clock at T0.
 */
export function useTestApp(defaults: Omit<BuildAppOptions, 'db' | 'clock'> = {}): TestContext {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let clock = createTestClock();
  // Made now, started on first use: a file that reads no document starts no worker.
  const documents = createDocumentPool({ ...DEFAULT_CONFIG, ...defaults.config });

  const build = async (options: Omit<BuildAppOptions, 'db' | 'clock'> = defaults) => {
    await app?.close();
    app = await buildApp({
      logger: false,
      documents,
      ...options,
      config: { staticDir: '/nonexistent', ...options.config },
      db: database!.db,
      clock,
    });
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  beforeEach(async () => {
    await database!.reset();
    clock = createTestClock();
    await build();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await database?.close();
    await documents.close();
  });

  return {
    get app() {
      return app!;
    },
    get clock() {
      return clock;
    },
    get db() {
      return database!.db;
    },
    get database() {
      return database!;
    },
    documents,
    rebuild: (options = {}) => build({ ...defaults, ...options, config: { ...defaults.config, ...options.config } }),
  };
}
