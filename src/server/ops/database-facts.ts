import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../db/client';

/** Runs one statement and answers its rows (a pg client, PGlite). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table outside PostgreSQL's own schemas (the app's, and drizzle's record of migrations), as `schema.table`. */
export async function tableNames(query: RunQuery): Promise<string[]> {
  const rows = await query(
    `select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((row) => String(row.name));
}

export const quoted = (table: string) =>
  table
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** Each table's row count. */
export async function tableCounts(query: RunQuery): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tableNames(query)) {
    const [row] = await query(`select count(*)::int as n from ${quoted(table)}`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

export type AppliedMigration = { tag: string; hash: string; appliedAt: string };

/** The last migration drizzle applied, named by its journal entry (drizzle records the entry's `when`). */
export async function lastMigration(query: RunQuery): Promise<AppliedMigration | undefined> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`);
  if (!table?.migrated) return undefined;
  const [row] = await query(
    `select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`,
  );
  if (!row) return undefined;
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const when = Number(row.created_at);
  const entry = journal.entries.find((e) => e.when === when);
  return { tag: entry?.tag ?? `unknown to this version (${when})`, hash: String(row.hash), appliedAt: new Date(when).toISOString() };
}
