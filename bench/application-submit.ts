// KYC submit (PATCH /api/v1/app/mfi/{id}/basic-info), co-applicant add (POST
// /api/v1/app/mfi/{id}/co-applicant) and exact replays of answered requests, on PostgreSQL (a
// database of the bench's own, pool of 10) and on PGlite, side by side: both servers run at once
// and the runs interleave (PostgreSQL, PGlite, then PGlite, PostgreSQL, ...) for ROUNDS rounds, so
// load on a shared machine moves both alike. KYC at 1, 10 and 50 keep-alive clients; each request
// a new record of about 1.6 KB with its own Idempotency-Key, the token checked against the
// database on every request (TOKEN_CACHE_SECONDS=0), about 22k rows already in the tables. Every
// counted answer is a 2xx with the API's body (http-load.ts). Both servers are warmed up before
// anything is timed. Per figure: min / median / max over the rounds of each engine and of the
// ratio PGlite / PostgreSQL, with the load average. CPU per request is the server process's
// (PGlite is a thread of it) plus, on PostgreSQL, its backends' for the bench's database.
// Targets: KYC at 10 clients p99 <= 100 ms on both; PGlite's CPU per submit <= 1.3x PostgreSQL's.
//
//   npx tsx bench/application-submit.ts [postgres|pglite]   (both when omitted)
//   BENCH_ROUNDS=3 BENCH_SECONDS=8 BENCH_CLIENTS=1,10,50
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { signInByApi, startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { createBenchDatabase, type BenchDatabase } from './bench-database';
import { cpuMsOf, LIFT_QUOTAS_SQL, load as loadWith, report, SHORT, type Req, type Run } from './http-load';
import { loadAverage, spread } from './server-start';

export { report, type Req };

export const CLIENTS = 10;
export const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENT_COUNTS = SHORT ? [10] : (process.env.BENCH_CLIENTS ?? '1,10,50').split(',').map(Number);
export const WARM_UP_SECONDS = SHORT ? 1 : 3;
const SEEDED_APPLICATIONS = SHORT ? 200 : 24_000;
/**
 * The co-applicant adds take applications of their own, each once: a second co-applicant (or a KYC)
 * on an application with the same uploads is rightly refused (a file of another record). The KYC
 * submits take the others, again and again.
 */
const CO_APPLICANT_SHARE = 0.6;
const SEEDED_CO_APPLICANTS = SHORT ? 100 : 10_000;
// What a day of a branch's use leaves in the tables every write reads: the idempotency keys of its
// writes (kept a day) and the rate limits' hits (kept an hour). Seeded so the database plans those
// reads as it does on a running server: planned on the empty tables of a new database, the claim's
// lookup read every key of the tenant (an index on the tenant alone) and every submit cost more
// than the one before, round after round.
const SEEDED_KEYS = SHORT ? 1_000 : 100_000;
const SEEDED_HITS = SHORT ? 100 : 10_000;
export const RO = '9000000001';

export const load = (
  port: number,
  token: string,
  next: () => Req | undefined,
  seconds: number,
  keep?: Req[],
  server?: { pid: number; profile?: boolean },
) => loadWith(port, token, next, seconds, { clients: CLIENTS, keep, serverPids: server && [server.pid], profile: server?.profile });

/** About 1.6 KB of KYC, unique per request. */
export function kycBody(n: number, fileIds: string[]): string {
  const [photo, pan, front, back, voter] = fileIds;
  return JSON.stringify({
    guardian_name: `RAMESH YADAV ${n}`,
    guardian_relationship: 'Husband',
    mother_name: `KAMALA DEVI ${n}`,
    category: 'OBC',
    religion: 'Hindu',
    mother_tongue: 'Kannada',
    education_qualification: '10th Pass',
    no_of_family_members: 4,
    no_of_earning_members: 2,
    photo_file: photo,
    photo_geo_tag_info: { latitude: 12.9716 + n / 1e7, longitude: 77.5946 },
    pan_file: pan,
    aadhaar_front_file: front,
    aadhaar_back_file: back,
    voter_id_file: voter,
    remarks: `Visited the borrower at home; request ${n}. ${'Shop and house seen, neighbours confirm residence of eight years. '.repeat(13)}`,
  });
}

/** About 0.8 KB of co-borrower within the schema's limits, unique per request (its own client id). */
function coApplicantBody(n: number, fileIds: string[]): string {
  const [, pan, front, back, voter] = fileIds;
  return JSON.stringify({
    id: randomBytes(16).toString('hex'),
    type: 'CO_BORROWER',
    relationship: 'Spouse',
    title: 'Mr.',
    phone: '9876501234',
    name: 'RAMESH YADAV',
    guardian_name: 'SURESH YADAV',
    guardian_relationship: 'Father',
    gender: 'MALE',
    income: 15000 + n,
    dob: '03-09-1982',
    age: 44,
    marital_status: 'Married',
    email: `ramesh${n}@example.in`,
    pincode: '560001',
    city: 'Bengaluru',
    district: 'Bangalore',
    state: 'Karnataka',
    address: `12 Market Road, Shivajinagar, house ${n}. Lives with the borrower above the shop, known in the lane for eight years.`,
    landmark: 'Near the bus stand',
    pan: 'CRYPY5532L',
    pan_file: pan,
    aadhaar_front_file: front,
    aadhaar_back_file: back,
    aadhaar: '1238',
    voter_id_file: voter,
    voter_id: 'XKD2345676',
  });
}

/** Clones the verified template into SEEDED_APPLICATIONS applications and SEEDED_CO_APPLICANTS co-applicants. */
export async function seed(database: Database, templateId: string): Promise<string[]> {
  const { db } = database;
  const exec = (text: string) => (db as unknown as { execute(q: string): Promise<{ rows: Record<string, unknown>[] }> }).execute(text);
  await exec(`
    INSERT INTO applications (tenant_id, id, created_by, status, tracker_id, phone, stage, data, created_at, updated_at)
    SELECT a.tenant_id, md5(a.id || g::text), a.created_by, a.status, 'SAH9' || lpad(g::text, 9, '0'), a.phone, a.stage, a.data, a.created_at, a.updated_at
    FROM applications a, generate_series(1, ${SEEDED_APPLICATIONS}) g WHERE a.id = '${templateId}'`);
  await exec(`
    INSERT INTO co_applicants (tenant_id, id, application_id, type, status, data, created_by, created_at, updated_at)
    SELECT a.tenant_id, md5('co' || a.id), a.id, 'CO_BORROWER', 'ACTIVE', '{"name":"SEEDED CO-BORROWER","pan":"CRYPY5532L"}'::jsonb, a.created_by, a.created_at, a.updated_at
    FROM applications a WHERE a.id <> '${templateId}' AND a.tracker_id LIKE 'SAH9%' LIMIT ${SEEDED_CO_APPLICANTS}`);
  // Files must be of the application or of none (the submit's file check): the template's become of none.
  await exec(`UPDATE files SET application_id = NULL WHERE application_id = '${templateId}'`);
  await exec(`
    INSERT INTO idempotency_keys (tenant_id, scope, key, fingerprint, state, status_code, content_type, response_body, created_at, updated_at)
    SELECT 'sahyog', 'u' || (1000 + g % 50), md5('key' || g), md5('fingerprint' || g), 'done', 200, 'application/json', '{"success":true}',
      now() - (g % 1440) * interval '1 minute', now() - (g % 1440) * interval '1 minute'
    FROM generate_series(1, ${SEEDED_KEYS}) g`);
  await exec(`
    INSERT INTO rate_limit_hits (tenant_id, bucket, key, at, seq)
    SELECT 'sahyog', 'quota:bureau:application', md5('hit' || g), now() - (g % 50) * interval '1 minute', 1
    FROM generate_series(1, ${SEEDED_HITS}) g`);
  await exec(LIFT_QUOTAS_SQL);
  // What PostgreSQL's autovacuum would do to freshly loaded tables (and PGlite's hourly maintenance).
  await exec('VACUUM (ANALYZE)');
  const { rows } = await exec(`SELECT id FROM applications WHERE tracker_id LIKE 'SAH9%' ORDER BY id`);
  return rows.map((r) => String(r.id));
}

export type Prepared = { env: Record<string, string>; open: () => Database; database?: BenchDatabase };

/** The server's environment; on PostgreSQL a database of the bench's own (`database.drop()` at the end). */
export async function prepare(engine: 'postgres' | 'pglite'): Promise<Prepared> {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', TOKEN_CACHE_SECONDS: '0', NODE_ENV: 'test' };
  // BENCH_CPU_PROF=bench/cpu-profile.cjs: the server records a CPU profile of the timed KYC run (bench/cpu-profile.cjs).
  if (process.env.BENCH_CPU_PROF) env.NODE_OPTIONS = `--require ${process.env.BENCH_CPU_PROF}`;
  if (engine === 'pglite') return { env, open: () => undefined as never };
  const database = await createBenchDatabase('submit');
  return { env: { ...env, DATABASE_URL: database.url }, open: () => openPostgres(database.url, { max: 2 }), database };
}

type Side = {
  engine: 'postgres' | 'pglite';
  server: ServerProcess;
  token: string;
  ids: string[];
  fileIds: string[];
  setup: Prepared;
  /** PostgreSQL's backends serving the bench's database (their CPU is the database's share). */
  backendPids: () => Promise<number[]>;
};

/** A server with the verified template cloned into the seeded rows, its quotas lifted, started again and signed in. */
async function startSide(engine: 'postgres' | 'pglite'): Promise<Side> {
  const setup = await prepare(engine);
  let server: ServerProcess = await startServerProcess({ quiet: true, env: setup.env });
  const token0 = await signInByApi(server.baseURL, RO);
  const { applicationId, fileIds } = await createVerifiedApplication(server.baseURL, token0);
  // Seed beside a stopped server (PGlite has one owner), then start it again.
  await server.stop({ keepData: true });
  const database = engine === 'pglite' ? await openPglite({ dataDir: `${server.dataDir}/pglite` }) : setup.open();
  const ids = await seed(database, applicationId);
  await database.close();
  server = await startServerProcess({ quiet: true, env: setup.env, dataDir: server.dataDir });
  const admin = setup.database && new pg.Client({ connectionString: setup.database.url });
  await admin?.connect();
  const backendPids = async () =>
    admin
      ? (
          await admin.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid)
      : [];
  const stop = server.stop;
  server.stop = async (opts) => {
    await admin?.end();
    await stop(opts);
  };
  return { engine, server, token: await signInByApi(server.baseURL, RO), ids, fileIds, setup, backendPids };
}

/** One timed run; CPU per request counts the server and (PostgreSQL) the backends that served it. */
async function timed(side: Side, next: () => Req | undefined, clients: number, keep?: Req[]): Promise<Run & { cpuMsPerRequest: number }> {
  const before = new Map((await side.backendPids()).map((pid) => [pid, cpuMsOf(pid)]));
  const run = await loadWith(side.server.port, side.token, next, SECONDS, {
    clients,
    keep,
    serverPids: [side.server.child.pid!],
    profile: clients === 10 && next.name === 'kyc',
  });
  let databaseCpu = 0;
  for (const pid of await side.backendPids()) databaseCpu += cpuMsOf(pid) - (before.get(pid) ?? 0); // a backend new in the run: all of its CPU
  return { ...run, cpuMsPerRequest: ((run.serverCpuMs ?? 0) + databaseCpu) / run.count };
}

type Figure = { p50: number; p95: number; p99: number; rps: number; cpu: number; load: string };

export async function benchApplicationSubmit(engines: ('postgres' | 'pglite')[] = ['postgres', 'pglite']): Promise<void> {
  console.log(
    `application-submit: ${engines.join(' and ')} side by side, ${ROUNDS} interleaved rounds of ${SECONDS} s runs, KYC at ${CLIENT_COUNTS.join('/')} clients, co-applicant and replays at ${CLIENTS}; ~${SEEDED_APPLICATIONS + SEEDED_CO_APPLICANTS} rows seeded; auth against the database on every request`,
  );
  const sides: Side[] = [];
  try {
    for (const engine of engines) sides.push(await startSide(engine));
    const counters = new Map<Side, number>(sides.map((side) => [side, 0]));
    const coCounters = new Map<Side, number>(sides.map((side) => [side, 0]));
    const answered = new Map<Side, Req[]>(sides.map((side) => [side, []]));
    const workloads = (side: Side) => {
      const split = Math.floor(side.ids.length * (1 - CO_APPLICANT_SHARE));
      const kycIds = side.ids.slice(0, split);
      const coIds = side.ids.slice(split);
      const nextN = () => {
        const n = counters.get(side)!;
        counters.set(side, n + 1);
        return n;
      };
      const kyc = (): Req => {
        const i = nextN();
        return {
          method: 'PATCH',
          path: `/api/v1/app/mfi/${kycIds[i % kycIds.length]}/basic-info`,
          key: randomUUID(),
          body: kycBody(i, side.fileIds),
        };
      };
      const coApplicant = (): Req => {
        const i = nextN();
        const c = coCounters.get(side)!;
        coCounters.set(side, c + 1);
        if (c >= coIds.length)
          throw new Error(`${side.engine}: more co-applicant adds than the ${coIds.length} applications set apart for them`);
        return {
          method: 'POST',
          path: `/api/v1/app/mfi/${coIds[c]}/co-applicant`,
          key: randomUUID(),
          body: coApplicantBody(i, side.fileIds),
        };
      };
      let r = 0;
      const replay = (): Req | undefined => answered.get(side)![r++ % answered.get(side)!.length];
      return { kyc, coApplicant, replay };
    };
    // Warm-up, not timed: the first requests of a server run cold code (26-109 ms of CPU a request against 1.3-3.7 ms later).
    for (const side of sides) {
      const { kyc, coApplicant } = workloads(side);
      for (const clients of CLIENT_COUNTS)
        report(`warm-up ${side.engine} KYC ${clients}`, await loadWith(side.server.port, side.token, kyc, WARM_UP_SECONDS, { clients }));
      report(
        `warm-up ${side.engine} co-applicant`,
        await loadWith(side.server.port, side.token, coApplicant, WARM_UP_SECONDS, { clients: CLIENTS }),
      );
    }
    const figures = new Map<string, Figure[]>();
    const record = (key: string, side: Side, run: Run & { cpuMsPerRequest: number }) => {
      const f = report(`${side.engine.padEnd(8)} ${key}`, run);
      const list = figures.get(`${key}|${side.engine}`) ?? [];
      list.push({ ...f, cpu: run.cpuMsPerRequest, load: loadAverage() });
      figures.set(`${key}|${side.engine}`, list);
      console.log(`${''.padEnd(39)} CPU (server + database) ${run.cpuMsPerRequest.toFixed(2)} ms/request, load average ${loadAverage()}`);
    };
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`\nround ${round}`);
      const order = round % 2 ? sides : [...sides].reverse();
      for (const clients of CLIENT_COUNTS)
        for (const side of order) record(`KYC submit, ${clients} clients`, side, await timed(side, workloads(side).kyc, clients));
      for (const side of order)
        record(`co-applicant add, ${CLIENTS} clients`, side, await timed(side, workloads(side).coApplicant, CLIENTS, answered.get(side)));
      for (const side of order) record(`exact replays, ${CLIENTS} clients`, side, await timed(side, workloads(side).replay, CLIENTS));
    }
    summarise(figures, engines);
  } finally {
    for (const side of sides) {
      await side.server.stop();
      await side.setup.database?.drop();
    }
  }
}

/** Per workload: each engine's min / median / max over the rounds, and of the ratio PGlite / PostgreSQL round by round. */
function summarise(figures: Map<string, Figure[]>, engines: string[]): void {
  console.log(`\nmin / median / max over ${ROUNDS} round(s); latencies in ms, CPU in ms per request (server + database)`);
  const keys = [...new Set([...figures.keys()].map((k) => k.split('|')[0]!))];
  for (const key of keys) {
    console.log(key);
    for (const engine of engines) {
      const f = figures.get(`${key}|${engine}`)!;
      const of = (pick: (x: Figure) => number, digits = 1) => spread(f.map(pick), digits);
      console.log(
        `  ${engine.padEnd(8)} req/s ${of((x) => x.rps, 0)}  p50 ${of((x) => x.p50)}  p95 ${of((x) => x.p95)}  p99 ${of((x) => x.p99)}  CPU ${of((x) => x.cpu, 2)}  (load averages: ${f.map((x) => x.load).join('; ')})`,
      );
    }
    const pg = figures.get(`${key}|postgres`);
    const lite = figures.get(`${key}|pglite`);
    if (pg && lite) {
      const ratio = (pick: (x: Figure) => number) =>
        spread(
          lite.map((x, i) => pick(x) / pick(pg[i]!)),
          2,
        );
      console.log(
        `  PGlite / PostgreSQL: req/s ${ratio((x) => x.rps)}  p99 ${ratio((x) => x.p99)}  CPU per request ${ratio((x) => x.cpu)}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2];
  await benchApplicationSubmit(arg === 'postgres' || arg === 'pglite' ? [arg] : undefined);
}
