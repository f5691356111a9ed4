import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openServedPglite, type Database } from '../../src/server/db/client';

// The server's embedded database (`npm start` without DATABASE_URL): PGlite on its own thread,
// reached through pg over a private Unix socket with one connection (src/server/db/client.ts).
describe('the embedded database on its own thread', () => {
  const dirs: string[] = [];
  const opened: Database[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sahyog-served-'));
    dirs.push(dir);
    return dir;
  };
  const open = async (dataDir: string, options?: { sharedBuffersMb?: number }) => {
    const database = await openServedPglite(dataDir, options);
    opened.push(database);
    return database;
  };
  /** The modes of the socket directories in the temporary directory (other test files may have theirs open). */
  const socketDirModes = () =>
    readdirSync(tmpdir())
      .filter((name) => name.startsWith('sahyog-db-socket-'))
      .flatMap((name) => {
        try {
          return [statSync(join(tmpdir(), name)).mode & 0o777];
        } catch {
          return []; // closed meanwhile
        }
      });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what it committed across a restart; its socket is in a directory only this user can open', async () => {
    const dataDir = freshDir();
    const first = await open(dataDir);
    expect(first.kind).toBe('pglite');
    const modes = socketDirModes();
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.every((mode) => mode === 0o700)).toBe(true);
    await first.db.execute(sql`create table probe (n int not null)`);
    await first.db.execute(sql`insert into probe values (42)`);
    await first.close();

    const second = await open(dataDir);
    const { rows } = await second.db.execute<{ n: number }>(sql`select n from probe`);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('keeps shared_buffers small (resident from the start), as configured', async () => {
    const dataDir = freshDir();
    const byDefault = await open(dataDir);
    const shown = async (database: Database) =>
      (await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`)).rows[0]!.shared_buffers;
    expect(await shown(byDefault)).toBe('32MB');
    await byDefault.close();
    expect(await shown(await open(dataDir, { sharedBuffersMb: 48 }))).toBe('48MB');
  });

  it('a connection made again (the old one broken) starts the one session afresh: its prepared statements are made again', async () => {
    const dataDir = freshDir();
    const database = await open(dataDir);
    await database.db.execute(sql`create table probe (n int not null)`);
    await database.db.execute(sql`insert into probe values (7)`);
    const probe = pgTable('probe', { n: integer('n').notNull() });
    const read = database.db
      .select()
      .from(probe)
      .where(eq(probe.n, sql.placeholder('n')))
      .prepare('probe_by_n');
    expect(await read.execute({ n: 7 })).toEqual([{ n: 7 }]);

    // The pool's one connection is dropped; the next one reaches the same PGlite session.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    (await pool.connect()).release(true);
    expect(await read.execute({ n: 7 })).toEqual([{ n: 7 }]);
  });

  it('starts, migrates and answers concurrent queries and a reconnect without a warning from pg (nothing queued on a busy client)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const database = await open(freshDir());
      await database.migrate();
      await Promise.all(Array.from({ length: 10 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)));
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      (await pool.connect()).release(true);
      await Promise.all(Array.from({ length: 10 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)));
      // Warnings are emitted on the next tick: one turn of the event loop lets any arrive.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });

  it('runs concurrent transactions one after another on its one session: no update lost, a failed one rolled back', async () => {
    const dataDir = freshDir();
    const database = await open(dataDir);
    await database.db.execute(sql`create table counter (n int not null)`);
    await database.db.execute(sql`insert into counter values (0)`);
    const increment = (fail: boolean) =>
      database.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ n: number }>(sql`select n from counter`);
        await tx.execute(sql`update counter set n = ${rows[0]!.n + 1}`);
        if (fail) throw new Error('refused');
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => increment(i % 5 === 0)));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    const { rows } = await database.db.execute<{ n: number }>(sql`select n from counter`);
    expect(rows).toEqual([{ n: 16 }]);
  });

  it('takes every complete message of a read in one call: a refused statement answers its error, a message split across reads arrives whole, the session goes on', async () => {
    const database = await open(freshDir());
    await database.db.execute(sql`create table kept (id int primary key, body text not null)`);
    await database.db.execute(sql`insert into kept values (${1}, ${'first'})`);
    await expect(database.db.execute(sql`insert into kept values (${1}, ${'again'})`)).rejects.toMatchObject({ cause: { code: '23505' } });
    // About 3 MB in one Bind message: the socket delivers it in many reads.
    const large = 'x'.repeat(3_000_000);
    await database.db.execute(sql`insert into kept values (${2}, ${large})`);
    const { rows } = await database.db.execute<{ id: number; length: number }>(
      sql`select id, length(body) as length from kept order by id`,
    );
    expect(rows).toEqual([
      { id: 1, length: 5 },
      { id: 2, length: 3_000_000 },
    ]);
  });
});
