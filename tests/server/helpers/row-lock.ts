import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../src/server/db/client';
import { applications } from '../../../src/server/db/schema';

/** PostgreSQL only (PGlite has one connection): waits until a statement matching `statement` waits for a lock. */
async function waitForLockWaiter(db: Db, statement: RegExp): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { rows } = await db.execute<{ query: string }>(
      sql`select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows.some((r) => statement.test(r.query))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no statement matching ${statement} waited for the lock`);
}

/**
 * PostgreSQL only: sends `request` while another transaction holds the application's row lock;
 * once the request's `write` (a statement matching it) waits for that lock, the transaction
 * makes `change` and commits. Shows that the write re-checks its conditions on the rows as the
 * concurrent writer left them.
 */
export async function raceOnApplicationLock<T>(
  db: Db,
  applicationId: string,
  write: RegExp,
  request: () => Promise<T>,
  change: (tx: Tx) => Promise<unknown>,
): Promise<T> {
  let pending: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId)).for('update');
    pending = request();
    await waitForLockWaiter(db, write);
    await change(tx);
  });
  return pending!;
}
