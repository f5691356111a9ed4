// KYC submit (PATCH basic-info, as in application-submit) with 50 keep-alive clients through
// HAProxy to 1 and to 2 compiled API processes on PostgreSQL (scripts/cluster.ts), the token
// checked against the database on every request. Both clusters run at once, each on a database of
// its own, and their runs interleave (1, 2, then 2, 1, ...) for ROUNDS rounds after a warm-up of
// each; min / median / max of each and of the ratio, with the load average. Target: 2 processes
// >= 1.5x the req/s of 1.
// Each run also tells the CPU time per request of the API processes, of the PostgreSQL backends
// serving this database and of HAProxy (from /proc): on a machine of 2 cores, the 2 processes'
// ratio is bounded by where those milliseconds go (docs/scaling.md).
//
//   npm run bench -- cluster-submit
import { randomUUID } from 'node:crypto';
import { startCluster, type Cluster } from '../scripts/cluster';
import { dropBenchDatabase, uniqueBenchName } from './bench-database';
import { openPostgres } from '../src/server/db/client';
import { signInByApi } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { kycBody, RO, seed } from './application-submit';
import { cpuMsOf, load, report, SHORT, type Req } from './http-load';
import pg from 'pg';
import { loadAverage, spread } from './server-start';

const CLIENTS = 50;
const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);

type Side = { nodes: number; cluster: Cluster; name: string; token: string; kyc: () => Req };

/** A cluster of `nodes` API processes on a database of its own, the verified template cloned into the seeded rows, warmed up. */
async function startSide(nodes: number): Promise<Side> {
  const name = uniqueBenchName('cluster');
  const cluster = await startCluster({ nodes, database: name, quiet: true, env: { TOKEN_CACHE_SECONDS: '0' } });
  try {
    const token = await signInByApi(cluster.nodes[0]!.url, RO);
    const { applicationId, fileIds } = await createVerifiedApplication(cluster.nodes[0]!.url, token);
    const database = openPostgres(cluster.databaseUrl, { max: 2 });
    const ids = await seed(database, applicationId);
    await database.close();
    let n = 0;
    const kyc = (): Req => {
      const i = n++;
      return { method: 'PATCH', path: `/api/v1/app/mfi/${ids[i % ids.length]}/basic-info`, key: randomUUID(), body: kycBody(i, fileIds) };
    };
    await load(cluster.port, token, kyc, SHORT ? 1 : 3, { clients: CLIENTS }); // warm-up
    return { nodes, cluster, name, token, kyc };
  } catch (err) {
    await cluster.stop();
    await dropBenchDatabase(name);
    throw err;
  }
}

/** One timed run; the CPU of the API processes, of PostgreSQL's backends for this database and of HAProxy per request. */
async function run(side: Side): Promise<number> {
  const { cluster, nodes } = side;
  // The backends of this database (the nodes' pools, opened by the warm-up) and HAProxy, timed beside the API processes.
  const backends = await backendPids(cluster.databaseUrl);
  const others = { postgres: backends, haproxy: cluster.haproxyPid ? [cluster.haproxyPid] : [] };
  const before = Object.fromEntries(Object.entries(others).map(([k, pids]) => [k, pids.reduce((t, pid) => t + cpuMsOf(pid), 0)]));
  const ownBefore = process.cpuUsage();
  const timed = await load(cluster.port, side.token, side.kyc, SECONDS, {
    clients: CLIENTS,
    serverPids: cluster.nodes.map((n) => n.child.pid!),
  });
  const figures = report(`KYC submit, ${nodes} API process${nodes > 1 ? 'es' : ''}`, timed);
  const own = process.cpuUsage(ownBefore);
  const perRequest = (k: keyof typeof others) => (others[k].reduce((t, pid) => t + cpuMsOf(pid), 0) - before[k]!) / timed.count;
  console.log(
    `  CPU ms per request: API ${figures.cpuMsPerRequest?.toFixed(2)}, PostgreSQL ${perRequest('postgres').toFixed(2)} (${backends.length} backends), HAProxy ${perRequest('haproxy').toFixed(2)}, the load generator (this process) ${((own.user + own.system) / 1000 / timed.count).toFixed(2)}; load average ${loadAverage()}`,
  );
  return figures.rps;
}

/** The server processes (backends) connected to the cluster's database now. */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

export async function benchClusterSubmit(): Promise<void> {
  console.log(
    `\ncluster-submit: ${CLIENTS} clients through HAProxy, ${ROUNDS} interleaved rounds of ${SECONDS} s, PostgreSQL, auth against the database on every request`,
  );
  const sides: Side[] = [];
  try {
    for (const nodes of [1, 2]) sides.push(await startSide(nodes));
    const rps = new Map<number, number[]>(sides.map((side) => [side.nodes, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}`);
      for (const side of round % 2 ? sides : [...sides].reverse()) rps.get(side.nodes)!.push(await run(side));
    }
    const [one, two] = [rps.get(1)!, rps.get(2)!];
    console.log(`req/s, min / median / max over ${ROUNDS} round(s): 1 process ${spread(one)}, 2 processes ${spread(two)}`);
    console.log(
      `2 processes / 1 process: ${spread(
        two.map((r, i) => r / one[i]!),
        2,
      )} (target >= 1.5)`,
    );
  } finally {
    for (const side of sides) {
      await side.cluster.stop();
      await dropBenchDatabase(side.name);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClusterSubmit();
