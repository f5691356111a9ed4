// `npm start` (the build excluded) to the first 200 of /api/health, on PGlite with a fresh data
// directory (creates and migrates the database, seeds it, writes the key file) and with that
// directory again, and on PostgreSQL (a database of the bench's own, fresh then existing). Each
// start prints its phases (PGlite boot, migrations, key file, seed, listen; src/server/start-phases.ts).
// Rounds interleave the cases (and, with BENCH_BEFORE_ROOT=<another checkout>, that checkout's
// server beside this one's); each figure is min / median / max over the rounds, with the load
// average. Targets (issue 39): existing <= 5 s, fresh <= 15 s.
//
//   npx tsx bench/startup.ts            BENCH_ROUNDS=3 BENCH_BEFORE_ROOT=/path
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBenchDatabase } from './bench-database';
import { SHORT } from './http-load';
import { loadAverage, spread, startServer } from './server-start';

const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);

async function timeStart(root: string, dataDir: string, env: Record<string, string>): Promise<{ ms: number; phases: string }> {
  const server = await startServer({ root, dataDir, env });
  // The phases are printed right after listen; the first answer may come a moment before.
  const deadline = Date.now() + 5000;
  while (server.phases.startsWith('(no') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const figures = { ms: server.firstAnswerMs, phases: server.phases };
  await server.stop();
  return figures;
}

export async function benchStartup(): Promise<void> {
  const roots: [string, string][] = [['this checkout', process.cwd()]];
  if (process.env.BENCH_BEFORE_ROOT) roots.unshift(['before', process.env.BENCH_BEFORE_ROOT]);
  const times = new Map<string, number[]>();
  const add = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, root] of roots) {
      const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-bench-start-'));
      const database = await createBenchDatabase('startup');
      try {
        for (const [which, env] of [
          ['pglite fresh', {}],
          ['pglite existing', {}],
          ['postgres fresh', { DATABASE_URL: database.url }],
          ['postgres existing', { DATABASE_URL: database.url }],
        ] as const) {
          const { ms, phases } = await timeStart(root, dataDir, env);
          add(`${label}: ${which}`, ms);
          console.log(
            `round ${round} ${`${label}: ${which}`.padEnd(34)} first answer ${(ms / 1000).toFixed(2)} s (load average ${loadAverage()}); ${phases}`,
          );
        }
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  console.log(`\nstart to first answer in s, min / median / max over ${ROUNDS} round(s) (targets: existing <= 5 s, fresh <= 15 s)`);
  for (const [key, ms] of times)
    console.log(
      `${key.padEnd(34)} ${spread(
        ms.map((m) => m / 1000),
        2,
      )}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
