// `npm start` from built to the first 200, on a fresh PGlite data dir (creates and migrates the
// database) and then on that existing data dir. Target for the existing dir: <= 3 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServerProcess } from '../tests/support/server-process';
import { SHORT } from './http-load';

/** Starts on the existing data dir, of which the median is the figure (one in short mode). */
const AGAIN = SHORT ? 1 : 3;

async function timeStart(dataDir: string): Promise<number> {
  const t0 = performance.now();
  const server = await startServerProcess({ dataDir, quiet: true });
  const ms = performance.now() - t0;
  await server.stop({ keepData: true });
  return ms;
}

export async function benchStartup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-bench-start-'));
  try {
    const first = await timeStart(dataDir);
    const again: number[] = [];
    for (let i = 0; i < AGAIN; i++) again.push(await timeStart(dataDir));
    again.sort((a, b) => a - b);
    console.log(`startup  first start (creates the PGlite database): ${(first / 1000).toFixed(2)} s`);
    console.log(
      `startup  existing data dir, median of ${AGAIN}: ${(again[Math.floor(AGAIN / 2)]! / 1000).toFixed(2)} s (runs: ${again.map((m) => (m / 1000).toFixed(2)).join(', ')} s; target <= 3 s)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
