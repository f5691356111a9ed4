import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];
type Query = PGlite['query'];

/** At most this many statements stay prepared per database; the least recently used one is closed. */
export const MAX_PREPARED = 256;

type Statement = { name: string; paramTypes: number[] };
type Prepared = { statements: Map<string, Statement>; next: number };

const preparedOf = new WeakMap<PGlite, Prepared>();

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * A query with parameters, run as a named prepared statement: parsed, analysed and described once
 * per database, then each run is one call into PGlite (Bind, Describe, Execute, Sync in one
 * message) in place of the five calls of PGlite's `query`, each of which parsed the text again and
 * planned it anew. PostgreSQL plans the statement like any prepared one (custom plans for the first
 * five runs, then the generic plan when it costs no more). Errors are PGlite's own, with the query.
 */
async function runPrepared(client: PGlite, prepared: Prepared, text: string, params: unknown[], options: QueryOptions): Promise<Results> {
  const run = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  let statement = prepared.statements.get(text);
  try {
    if (statement) {
      // The most recently used statements stay at the end of the map's order.
      prepared.statements.delete(text);
      prepared.statements.set(text, statement);
    } else {
      const name = `sahyog_${(prepared.next += 1)}`;
      const described = await run(
        concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
      prepared.statements.set(text, statement);
      if (prepared.statements.size > MAX_PREPARED) {
        const [oldText, oldest] = prepared.statements.entries().next().value!;
        prepared.statements.delete(oldText);
        await run(concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]));
      }
    }
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await run(
      concat([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, client.parsers, options)[0]!;
  } catch (error) {
    // As PGlite's query reports a database error: with the query and its parameters.
    if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params, queryOptions: options });
    throw error;
  }
}

/**
 * Every query with parameters (all of drizzle's) runs as a prepared statement (runPrepared), on
 * the instance and in its transactions; a query without parameters, `exec` and COPY-style queries
 * with a blob go through PGlite as before. Call `forgetPreparedStatements` after a schema change
 * (the migrations), as a prepared SELECT * cannot change its result's columns.
 */
export function usePreparedStatements(client: PGlite): void {
  const prepared: Prepared = { statements: new Map(), next: 0 };
  preparedOf.set(client, prepared);
  const query = client.query.bind(client) as Query;
  const transaction = client.transaction.bind(client);
  const eligible = (params: unknown[] | undefined, options: QueryOptions) => !!params?.length && !options?.blob;
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!eligible(params, options)) return query(text, params, options);
    await client._checkReady();
    // Waits for a transaction of another caller to end, as PGlite's query does, then runs alone.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await runPrepared(client, prepared, text, params!, options);
        await client.syncToFs();
        return result;
      }),
    );
  }) as Query;
  client.transaction = (work) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        if (!eligible(params, options)) return txQuery(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => runPrepared(client, prepared, text, params!, options));
      }) as Query;
      return work(tx);
    });
}

/** Closes every prepared statement (after the migrations: a statement must not outlive a change of its tables). */
export async function forgetPreparedStatements(client: PGlite): Promise<void> {
  const prepared = preparedOf.get(client);
  if (!prepared || prepared.statements.size === 0) return;
  prepared.statements.clear();
  await client.exec('DEALLOCATE ALL');
}

/** How many statements are prepared now (tests). */
export const preparedCount = (client: PGlite): number => preparedOf.get(client)?.statements.size ?? 0;
