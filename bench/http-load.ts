// Closed-loop HTTP load for the server benches: CLIENTS loops, each sending its next request as
// soon as the last one answered. A bench is only honest when every request it times was
// accepted, so `report` refuses to print a figure for a run with any answer outside 2xx, or a 2xx
// whose body is not the API's answer (JSON, and `success: true` where it says).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { DEFAULT_QUOTAS } from '../src/server/modules/rate-limit/paid-call-quotas';

export type Req = { method: string; path: string; body: string; key?: string };
export type Run = {
  count: number;
  statuses: Map<number, number>;
  seconds: number;
  latencies: number[];
  firstRefusal?: string;
  /** The server processes' CPU time (user + system) over the run, in ms, when their pids were given. */
  serverCpuMs?: number;
};

/** BENCH_SHORT=1: every bench once, briefly, to prove it runs and is refused nothing (tests/bench). */
export const SHORT = process.env.BENCH_SHORT === '1';

export const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

function send(agent: Agent, port: number, token: string, req: Req): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.path,
        headers: {
          token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(req.body),
          ...(req.key ? { 'idempotency-key': req.key } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

/** A 2xx counts only with the API's answer in it: JSON, and `success: true` when the body says (an empty 204 passes). */
export function validBody(body: string): boolean {
  if (body === '') return true;
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed !== 'object' || parsed === null || !('success' in parsed) || parsed.success === true;
  } catch {
    return false;
  }
}

/** A process's CPU time so far (user + system, all its threads), in ms; NaN where /proc is not (Linux only). */
export function cpuMsOf(pid: number): number {
  try {
    // utime and stime are fields 14 and 15, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/** BENCH_CPU_PROF (bench/cpu-profile.cjs): the servers record a CPU profile between two SIGUSR2, sent around the timed run. */
const signalProfilers = (pids: number[]) => process.env.BENCH_CPU_PROF && pids.forEach((pid) => process.kill(pid, 'SIGUSR2'));

/**
 * `clients` loops for `seconds`; answered requests are pushed to `keep` (for replays). With the
 * server processes' pids, their CPU time over the run is measured too (a figure less sensitive to
 * other load on the machine than req/s).
 */
export async function load(
  port: number,
  token: string,
  next: () => Req | undefined,
  seconds: number,
  options: { clients: number; keep?: Req[]; serverPids?: number[]; profile?: boolean },
): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const run: Run = { count: 0, statuses: new Map(), seconds, latencies: [] };
  const pids = options.serverPids ?? [];
  if (options.profile) signalProfilers(pids);
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < deadline) {
        const req = next();
        if (!req) return;
        const t0 = performance.now();
        const { status, body } = await send(agent, port, token, req);
        run.latencies.push(performance.now() - t0);
        run.count += 1;
        run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
        if (status < 200 || status > 299 || !validBody(body)) run.firstRefusal ??= `${status} ${body.slice(0, 200)}`;
        else options.keep?.push(req);
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  if (pids.length) run.serverCpuMs = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - cpuBefore;
  if (options.profile) signalProfilers(pids);
  agent.destroy();
  return run;
}

/** Prints req/s and latency percentiles; throws, printing no figure, when any request was refused. */
export function report(label: string, run: Run): { p50: number; p95: number; p99: number; rps: number; cpuMsPerRequest?: number } {
  const statuses = [...run.statuses].map(([s, n]) => `${s}×${n}`).join(' ');
  if (run.firstRefusal) throw new Error(`${label}: requests refused (${statuses}); first: ${run.firstRefusal}`);
  if (run.count === 0) throw new Error(`${label}: no request was timed`);
  const sorted = run.latencies.sort((a, b) => a - b);
  const cpuMsPerRequest = run.serverCpuMs === undefined ? undefined : run.serverCpuMs / run.count;
  const figures = {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: run.count / run.seconds,
    cpuMsPerRequest,
  };
  const f = (n: number) => n.toFixed(1);
  const cpu = cpuMsPerRequest === undefined ? '' : `  server CPU ${cpuMsPerRequest.toFixed(2)} ms/request`;
  console.log(
    `${label.padEnd(30)} ${figures.rps.toFixed(0).padStart(5)} req/s  p50 ${f(figures.p50)} ms  p95 ${f(figures.p95)} ms  p99 ${f(figures.p99)} ms${cpu}  (${run.count} requests)`,
  );
  return figures;
}

/**
 * The benches call the (sandbox) paid providers far past a tenant's hourly quotas, which the
 * quota tests measure: the bench tenant's quotas are lifted, so every timed request is accepted.
 */
const lifted = Object.fromEntries(Object.keys(DEFAULT_QUOTAS).map((kind) => [kind, { per_application_hour: 1e6, per_user_hour: 1e6 }]));
export const LIFT_QUOTAS_SQL = `UPDATE tenants SET quotas = '${JSON.stringify(lifted)}'::jsonb WHERE key = 'sahyog'`;
