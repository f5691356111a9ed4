// Resident memory of `npm start`'s server: idle five seconds after its first answer, and at its
// peak under 10 clients submitting KYC for LOADED_SECONDS, on PostgreSQL (a database of the bench's
// own), on PGlite with a fresh data directory and on PGlite with that directory again. Rounds
// interleave the cases (and, with BENCH_BEFORE_ROOT=<another checkout>, that checkout's server
// beside this one's), so a machine whose load drifts moves every case alike; each figure is
// min / median / max over the rounds, with the load average when each was taken.
// Targets (issue 39): idle <= 250 MB on PostgreSQL, <= 400 MB on PGlite existing, <= 500 MB fresh;
// under load <= 1.5x idle.
//
//   npx tsx bench/server-memory.ts            BENCH_ROUNDS=3 LOADED_SECONDS=10 BENCH_BEFORE_ROOT=/path
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../src/server/db/client';
import { signInByApi } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { kycBody, RO, seed } from './application-submit';
import { createBenchDatabase } from './bench-database';
import { load, report, SHORT, type Req } from './http-load';
import { loadAverage, rssMb, spread, startServer, type StartedServer } from './server-start';

const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_MS = SHORT ? 1000 : 5000;
const LOADED_SECONDS = SHORT ? 1 : Number(process.env.LOADED_SECONDS ?? 10);
type Figures = { idle: number[]; loaded: number[]; loads: string[] };

const idleRss = async (pid: number) => {
  await new Promise((r) => setTimeout(r, IDLE_MS));
  return rssMb(pid).now;
};

/** 10 clients submitting KYC (each request to the next of the seeded applications); the peak RSS sampled meanwhile. */
async function loadedRss(server: StartedServer, ids: string[], fileIds: string[], which: string): Promise<number> {
  const token = await signInByApi(server.baseURL, RO);
  let n = 0;
  const kyc = (): Req => ({
    method: 'PATCH',
    path: `/api/v1/app/mfi/${ids[n % ids.length]}/basic-info`,
    key: randomUUID(),
    body: kycBody(n++, fileIds),
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid).now)), 200);
  try {
    report(`  KYC under load (${which})`, await load(server.port, token, kyc, LOADED_SECONDS, { clients: 10 }));
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssMb(server.pid).now);
}

type Fixture = { applicationId: string; fileIds: string[] };

/**
 * One engine in one checkout: a first start on an empty database (the fresh figure), the verified
 * application made through the API, the bench tenant's quotas lifted with the server stopped,
 * then a second start (the existing figure) and the load.
 */
async function measureEngine(root: string, engine: 'postgres' | 'pglite'): Promise<{ fresh: number; existing: number; loaded: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-bench-memory-'));
  const database = engine === 'postgres' ? await createBenchDatabase('memory') : undefined;
  const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  try {
    let server = await startServer({ root, dataDir, env });
    let fresh: number;
    let fixture: Fixture;
    try {
      fresh = await idleRss(server.pid);
      fixture = await createVerifiedApplication(server.baseURL, await signInByApi(server.baseURL, RO));
    } finally {
      await server.stop();
    }
    const db = database ? openPostgres(database.url, { max: 1 }) : await openPglite({ dataDir: join(dataDir, 'pglite') });
    const ids = await seed(db, fixture.applicationId); // the submit bench's rows, and the quotas lifted
    await db.close();
    server = await startServer({ root, dataDir, env });
    try {
      const existing = await idleRss(server.pid);
      return { fresh, existing, loaded: await loadedRss(server, ids, fixture.fileIds, engine) };
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchServerMemory(): Promise<void> {
  const roots: [string, string][] = [['this checkout', process.cwd()]];
  if (process.env.BENCH_BEFORE_ROOT) roots.unshift(['before', process.env.BENCH_BEFORE_ROOT]);
  const figures = new Map<string, Figures>();
  const add = (key: string, idle: number, loaded = NaN) => {
    const f = figures.get(key) ?? { idle: [], loaded: [], loads: [] };
    f.idle.push(idle);
    f.loaded.push(loaded);
    f.loads.push(loadAverage());
    figures.set(key, f);
  };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const engine of ['postgres', 'pglite'] as const) {
      for (const [label, root] of roots) {
        const { fresh, existing, loaded } = await measureEngine(root, engine);
        add(`${label}: ${engine} fresh`, fresh);
        add(`${label}: ${engine} existing`, existing, loaded);
        console.log(
          `round ${round} ${label}: ${engine}  idle fresh ${fresh.toFixed(0)} MB, existing ${existing.toFixed(0)} MB, under load ${loaded.toFixed(0)} MB (load average ${loadAverage()})`,
        );
      }
    }
  }
  console.log(
    `\nserver RSS in MB, min / median / max over ${ROUNDS} round(s): idle ${IDLE_MS / 1000} s after the first answer; under load the peak over ${LOADED_SECONDS} s of 10 clients' KYC`,
  );
  for (const [key, f] of figures) {
    const loaded = f.loaded.every((l) => !Number.isNaN(l))
      ? `  loaded ${spread(f.loaded)}  loaded/idle ${spread(
          f.loaded.map((l, i) => l / f.idle[i]!),
          2,
        )}`
      : '';
    console.log(`${key.padEnd(30)} idle ${spread(f.idle)}${loaded}  (load averages: ${f.loads.join('; ')})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServerMemory();
