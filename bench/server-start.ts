// `npm start`'s server as a process of its own for the start and memory benches: its time to the
// first answer, the phases it printed (src/server/start-phases.ts) and its resident memory
// (the PGlite thread and the document workers are threads of this one process).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { freePort } from '../tests/support/server-process';

export type StartedServer = {
  pid: number;
  port: number;
  baseURL: string;
  child: ChildProcess;
  /** From spawn to the first 200 of /api/health. */
  firstAnswerMs: number;
  /** The "started in ... : PGlite boot ... ms, migrations ... ms" part of the listening line. */
  phases: string;
  stop(): Promise<void>;
};

/** Resident memory of a process now (VmRSS) and at its peak (VmHWM), in MB. */
export function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Starts `node scripts/start.mjs` in `root` (this checkout, or another for a before/after) without building. */
export async function startServer(options: { root?: string; dataDir: string; env?: Record<string, string> }): Promise<StartedServer> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: options.root ?? process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: options.dataDir,
      SKIP_BUILD: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${out.slice(-500)}`);
    if (performance.now() - t0 > 180_000) {
      child.kill('SIGKILL'); // not left running on a data directory the caller is about to remove
      throw new Error('the server did not answer within 180 s');
    }
    const ok = await fetch(`${baseURL}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const firstAnswerMs = performance.now() - t0;
  return {
    pid: child.pid!,
    port,
    baseURL,
    child,
    firstAnswerMs,
    get phases() {
      return /; (started in .*)$/m.exec(out)?.[1] ?? '(no phases printed)';
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** min / median / max of a list, as "a / b / c". */
export function spread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))]!;
  return `${at(0).toFixed(digits)} / ${at(0.5).toFixed(digits)} / ${at(1).toFixed(digits)}`;
}
