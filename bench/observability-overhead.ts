// What metrics and tracing cost on the KYC submit (PATCH basic-info, as in application-submit):
// two compiled servers (dist-server/main.mjs) on PostgreSQL side by side, each with a database of
// its own, the same seeded rows and 10 keep-alive clients. "plain": METRICS_TOKEN unset, no
// OTEL_EXPORTER_OTLP_ENDPOINT. "observed": METRICS_TOKEN set and /metrics scraped every second
// (each scrape checked: 200 with the request counter in it), OTEL_EXPORTER_OTLP_ENDPOINT at a
// tiny OTLP sink in this process that answers 200 (and counts the exports it received: the spans
// must arrive). The runs interleave (plain, observed, then observed, plain, ...) for ROUNDS
// rounds. Per side: min / median / max of the server process's CPU per request and of p50 / p95,
// and of the ratio observed / plain round by round, with the load average. Target: <= 1.05.
// Before each run the side's idle CPU is measured for 3 s (a scrape, the exporter's timers: a cost
// per second whatever the traffic) and also taken out of its CPU per request: on a machine too
// busy to serve more than a few requests a second, a per-second cost weighs on each of them.
//
//   npm run bench -- observability-overhead      BENCH_ROUNDS=4 BENCH_SECONDS=8
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor200 } from '../tests/support/server-process';
import { createBenchDatabase, type BenchDatabase } from './bench-database';
import { cpuMsOf, load, report, SHORT, type Req } from './http-load';
import { prepareKycSubmits } from './outbox-phones';
import { loadAverage, spread } from './server-start';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENTS = 10;
const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 4);
const WARM_UP_SECONDS = SHORT ? 1 : 8;
const IDLE_SECONDS = SHORT ? 1 : 3;

type Side = {
  name: 'plain' | 'observed';
  port: number;
  child: ChildProcess;
  database: BenchDatabase;
  dataDir: string;
  token: string;
  next: () => Req;
};

type Figure = { cpu: number; net: number; idle: number; p50: number; p95: number; load: string };

/** An OTLP/HTTP receiver that accepts every export (an empty 200 is a full success) and counts them. */
async function startSink(): Promise<{ url: string; exports: () => number; server: Server }> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, exports: () => exports, server };
}

async function startSide(name: Side['name'], extraEnv: Record<string, string>): Promise<Side> {
  const database = await createBenchDatabase(`overhead_${name}`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-overhead-'));
  const child = spawn(process.execPath, ['dist-server/main.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TOKEN_CACHE_SECONDS: '0',
      METRICS_TOKEN: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      // BENCH_CPU_PROF=bench/cpu-profile.cjs: each server records a CPU profile of its timed runs (bench/cpu-top.mjs sums one up).
      ...(process.env.BENCH_CPU_PROF && { NODE_OPTIONS: `--require ${process.env.BENCH_CPU_PROF}` }),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  try {
    await waitFor200(`${url}/api/health`, child, 90_000);
    return { name, port, child, database, dataDir, ...(await prepareKycSubmits(url, database.url)) };
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    throw err;
  }
}

async function stopSide(side: Side): Promise<void> {
  if (side.child.exitCode === null) {
    const exited = new Promise((r) => side.child.once('exit', r));
    side.child.kill('SIGINT');
    await exited;
  }
  rmSync(side.dataDir, { recursive: true, force: true });
  await side.database.drop();
}

export async function benchObservabilityOverhead(): Promise<void> {
  console.log(
    `observability-overhead: KYC submit at ${CLIENTS} clients, ${ROUNDS} interleaved rounds of ${SECONDS} s; plain (no metrics, no tracing) against observed (METRICS_TOKEN, scraped every 1 s; OTLP traces to a local sink)`,
  );
  // The compiled server, as deployed (npm run bench builds only the PWA).
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' }).status !== 0)
    throw new Error('building the server failed');
  const sink = await startSink();
  const metricsToken = randomBytes(16).toString('hex');
  const sides: Side[] = [];
  let scraper: NodeJS.Timeout | undefined;
  let scrapes = 0;
  let scrapeFailure: string | undefined;
  try {
    sides.push(await startSide('plain', {}));
    const observed = await startSide('observed', { METRICS_TOKEN: metricsToken, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url });
    sides.push(observed);
    scraper = setInterval(() => {
      fetch(`http://127.0.0.1:${observed.port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
        .then(async (res) => {
          const text = await res.text();
          if (res.status !== 200 || !text.includes('sahyog_http_requests_total')) scrapeFailure ??= `${res.status} ${text.slice(0, 100)}`;
          else scrapes += 1;
        })
        .catch((err: unknown) => (scrapeFailure ??= String(err)));
    }, 1000);

    for (const side of sides)
      report(`warm-up ${side.name}`, await load(side.port, side.token, side.next, WARM_UP_SECONDS, { clients: CLIENTS }));
    const figures = new Map<Side['name'], Figure[]>(sides.map((s) => [s.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}`);
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        // Its CPU while no request comes (the scrapes, the exporter's and the monitors' timers): a cost per second, not per request.
        const idleBefore = cpuMsOf(side.child.pid!);
        await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
        const idle = (cpuMsOf(side.child.pid!) - idleBefore) / IDLE_SECONDS;
        const run = await load(side.port, side.token, side.next, SECONDS, {
          clients: CLIENTS,
          serverPids: [side.child.pid!],
          profile: !!process.env.BENCH_CPU_PROF,
        });
        const f = report(`  ${side.name}`, run);
        const net = (run.serverCpuMs! - idle * run.seconds) / run.count;
        console.log(`${''.padEnd(32)}idle ${idle.toFixed(1)} ms CPU/s; per request without it ${net.toFixed(2)} ms`);
        figures.get(side.name)!.push({ cpu: f.cpuMsPerRequest!, net, idle, p50: f.p50, p95: f.p95, load: loadAverage() });
      }
    }
    if (scrapeFailure) throw new Error(`a scrape of /metrics failed: ${scrapeFailure}`);
    // One request in ten is traced: one more, sampled by its caller, so a short run has a trace
    // too. The batch processor exports every 5 s: wait for one.
    const traceId = randomBytes(16).toString('hex');
    await fetch(`http://127.0.0.1:${observed.port}/api/v1/pincode/get-city-state?pincode=560001`, {
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    const deadline = Date.now() + 10_000;
    while (sink.exports() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    if (sink.exports() === 0) throw new Error('the observed server exported no traces');
    console.log(`\n${scrapes} scrapes of /metrics, ${sink.exports()} trace exports received`);

    console.log(
      `min / median / max over ${ROUNDS} round(s); CPU of the server process in ms per request (and without its idle CPU), idle CPU in ms/s, latencies in ms`,
    );
    for (const [name, list] of figures)
      console.log(
        `  ${name.padEnd(8)} CPU ${spread(
          list.map((x) => x.cpu),
          2,
        )}  without idle ${spread(
          list.map((x) => x.net),
          2,
        )}  idle ${spread(
          list.map((x) => x.idle),
          1,
        )}  p50 ${spread(
          list.map((x) => x.p50),
          1,
        )}  p95 ${spread(
          list.map((x) => x.p95),
          1,
        )}  (load averages: ${list.map((x) => x.load).join('; ')})`,
      );
    const plain = figures.get('plain')!;
    const seen = figures.get('observed')!;
    const ratio = (pick: (x: Figure) => number) =>
      spread(
        seen.map((x, i) => pick(x) / pick(plain[i]!)),
        3,
      );
    console.log(
      `  observed / plain: CPU per request ${ratio((x) => x.cpu)}  without idle ${ratio((x) => x.net)}  p50 ${ratio((x) => x.p50)}  p95 ${ratio((x) => x.p95)}  (target <= 1.05)`,
    );
  } finally {
    clearInterval(scraper);
    for (const side of sides) await stopSide(side);
    sink.server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchObservabilityOverhead();
