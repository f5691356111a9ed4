// A PostgreSQL database of a bench's own: a name no one else uses (the bench, its process and a
// random part), created at the start and dropped at the end. A bench never drops a database it did
// not create, so two benches (or a bench and a test) on one shared PostgreSQL never cut each other.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/** A database name no other bench or process uses. */
export const uniqueBenchName = (purpose: string) =>
  `sahyog_bench_${purpose.replace(/[^a-z0-9]/g, '_')}_${process.pid}_${randomBytes(4).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops a database this bench made (by the name uniqueBenchName gave it). */
export const dropBenchDatabase = (name: string) => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

export async function createBenchDatabase(purpose: string): Promise<BenchDatabase> {
  const name = uniqueBenchName(purpose);
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  let dropped = false;
  return {
    name,
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      if (dropped) return;
      dropped = true;
      // Only this bench's own database, by the name it made: FORCE ends its own server's leftover connections.
      await dropBenchDatabase(name);
    },
  };
}
