import { types, type PGlite } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * The types drizzle's PGlite session asks to get as text, passing identity parsers for them
 * with every query (drizzle-orm/pglite/session.js): dates and intervals, which drizzle decodes
 * itself, and their arrays (1115, 1182, 1185, 1187) and numeric[] (1231).
 */
const TEXT_TYPES = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1182, 1185, 1187]);

const asText = (value: string) => value;

/** A query's own parsers, dropped when they only ask for what the instance already does. */
function withoutTextParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers || !Object.keys(options.parsers).every((type) => TEXT_TYPES.has(Number(type)))) return options;
  const { parsers: _applied, ...rest } = options;
  return rest;
}

/**
 * PGlite merges a query's parsers into a copy of its whole parser table (some 300 entries) on
 * every query, and drizzle passes some with each one: that copy cost about a third of the
 * throughput of the submit benchmark. The instance parses those types as text itself instead,
 * and the per-query parsers are dropped.
 */
export function applyDrizzleParsersOnce(client: PGlite): void {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (text, params, options) => query(text, params, withoutTextParsers(options));
  client.transaction = (work) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (text, params, options) => txQuery(text, params, withoutTextParsers(options));
      return work(tx);
    });
}
