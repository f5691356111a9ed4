import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();
const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement of the hot paths, built once per database and kept: drizzle does not build its SQL
 * again on every request, and on PostgreSQL the name makes it a server-side prepared statement
 * (parsed and planned once per connection). For the app's Db only, never a transaction: a
 * prepared statement runs on the pool.
 */
export function preparedOnce<T>(db: Db, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build()));
  return statement;
}

export type RawRow = Record<string, unknown>;

/** Hand-written SQL (sql.placeholder for the values) prepared once like preparedOnce; answers the driver's rows. */
export function preparedSql(db: Db, name: string, build: () => SQL): (values: Record<string, unknown>) => Promise<RawRow[]> {
  return preparedOnce(db, name, () => {
    const query = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    return async (values) => ((await query.execute(values)) as { rows: RawRow[] }).rows;
  });
}

/**
 * A row of `table` from raw column values (a driver row, or a to_jsonb(...) object), decoded as
 * drizzle's own selects decode them: timestamps become Dates, jsonb objects stay as they are.
 */
export function decodeRow<T extends PgTable>(table: T, raw: RawRow): T['$inferSelect'] {
  const row: RawRow = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
