// CPU the server spends on its own after the first answer, with no request: what a bench's timed
// run charges to every request when it starts right after the server (issue 39: the 94.8 ms of CPU
// per KYC submit). Both checkouts with BENCH_BEFORE_ROOT, interleaved; CPU from /proc.
//
//   npx tsx bench/idle-cpu.ts            BENCH_ROUNDS=2 IDLE_SECONDS=20 BENCH_BEFORE_ROOT=/path
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMsOf, SHORT } from './http-load';
import { loadAverage, startServer } from './server-start';

const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 2);
const IDLE_SECONDS = SHORT ? 1 : Number(process.env.IDLE_SECONDS ?? 20);

export async function benchIdleCpu(): Promise<void> {
  const roots: [string, string][] = [['this checkout', process.cwd()]];
  if (process.env.BENCH_BEFORE_ROOT) roots.unshift(['before', process.env.BENCH_BEFORE_ROOT]);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, root] of roots) {
      const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-bench-idle-cpu-'));
      try {
        await (await startServer({ root, dataDir })).stop(); // the data directory made: the next start is on an existing one
        const server = await startServer({ root, dataDir });
        const atFirstAnswer = cpuMsOf(server.pid);
        await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
        const idle = cpuMsOf(server.pid) - atFirstAnswer;
        await server.stop();
        console.log(
          `round ${round} ${label.padEnd(14)} PGlite existing: CPU to the first answer ${atFirstAnswer.toFixed(0)} ms, then ${idle.toFixed(0)} ms in ${IDLE_SECONDS} s with no request (load average ${loadAverage()})`,
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchIdleCpu();
