import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How long the readiness probe waits for the database before calling it unreachable. */
const READY_DB_TIMEOUT_MS = 2000;

/** Whether the database answers a trivial query within the readiness probe's time. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
