import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';

/** Every row of every table of the database (any schema but the system's), as text: what a dump would give away. */
export async function dumpEveryTable(db: Db): Promise<string> {
  const tables = await db.execute<{ schemaname: string; tablename: string }>(
    sql`select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const parts: string[] = [];
  for (const { schemaname, tablename } of tables.rows) {
    const rows = await db.execute<{ row: string }>(sql.raw(`select t::text as row from "${schemaname}"."${tablename}" t`));
    parts.push(`-- ${schemaname}.${tablename}`, ...rows.rows.map((r) => r.row));
  }
  return parts.join('\n');
}
