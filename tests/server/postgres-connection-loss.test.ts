// A database failover (or a restart, or pg_terminate_backend) closes the connections a node holds:
// a connection lost in the middle of a transaction must fail that transaction, not end the
// process (pg emits 'error' on a checked-out client, which without a listener is an uncaught
// exception), and the pool must go on with fresh connections.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from './helpers/test-db';

describe.skipIf(testDatabaseKind() !== 'postgres')('a PostgreSQL connection lost while checked out', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await openTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it('fails its transaction, and the next query gets a new connection', async () => {
    const gone = async (pid: number) => {
      for (;;) {
        const { rows } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
        if (rows.length === 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const transaction = database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = rows[0]!.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await gone(pid);
      // The server's goodbye (and the socket's end) reach the client with no query running.
      await new Promise((r) => setTimeout(r, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    const { rows } = await database.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows[0]!.one).toBe(1);
  });
});
