// `npm run cluster [-- --nodes 3]`: the multi-node set-up on one machine. N compiled API processes
// (dist-server/main.mjs) on their own ports share one PostgreSQL database and one S3-compatible
// bucket (s3rver, from npm), behind HAProxy (Debian's package) with health checks; each API
// trusts the proxy's X-Forwarded-For (TRUST_PROXY=127.0.0.1). Ctrl-C stops everything.
// tests/cluster/ starts the same set-up through startCluster().
// Two drills, under a 60 s KYC submit load from simulated phones (bench/outbox-phones.ts), print
// their figures and exit: `--rolling` restarts every node one by one; `--ha` puts the database on
// a Patroni-managed primary and standby (scripts/cluster-ha.ts) and kills the primary
// (docs/operations.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropBenchDatabase, uniqueBenchName } from '../bench/bench-database';
import { startHaDatabase, type HaDatabase } from './cluster-ha';
import { prepareKycSubmits, reportPhones, runPhones } from '../bench/outbox-phones';
import { startS3Server } from '../tests/support/s3-server';
import { freePort, waitFor200 } from '../tests/support/server-process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export type ClusterNode = { port: number; url: string; child: ChildProcess; kill(signal?: NodeJS.Signals): Promise<void> };
export type Cluster = {
  url: string;
  port: number;
  databaseUrl: string;
  nodes: ClusterNode[];
  haproxyPid?: number;
  /** A rolling deploy: each node in turn gets SIGTERM (it drains), exits, and is started again on its port. */
  rollingRestart(log?: (line: string) => void): Promise<void>;
  stop(): Promise<void>;
};

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** A fresh database of its own on the PostgreSQL server of `adminUrl`. */
async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function haproxyConfig(port: number, nodes: number[]): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch',
    // A node that is stopping answers 503 before doing anything (Fastify's return503OnClosing) or
    // refuses the connection: the request goes to another node (option redispatch).
    '  retry-on conn-failure empty-response response-timeout 503',
    `frontend api`,
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    // Readiness: 503 while a node drains (SIGTERM) or cannot reach the database.
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    ...nodes.map((p, i) => `  server node${i + 1} 127.0.0.1:${p} check inter 500 fall 2 rise 1`),
    '',
  ].join('\n');
}

export async function startCluster(
  options: { nodes?: number; adminUrl?: string; database?: string; quiet?: boolean; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const count = options.nodes ?? 2;
  for (const [label, step] of [
    ['the PWA', ['scripts/build-if-stale.mjs']],
    ['the server', ['scripts/build-server.mjs']],
  ] as const) {
    const built = spawnSync(process.execPath, step, { cwd: ROOT, stdio: options.quiet ? 'ignore' : 'inherit' });
    if (built.status !== 0) throw new Error(`building ${label} failed`);
  }
  const databaseUrl = await freshDatabase(
    options.adminUrl ?? process.env.CLUSTER_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    options.database ?? 'sahyog_cluster',
  );
  const s3 = await startS3Server('sahyog-cluster');
  const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-cluster-'));
  const env = {
    ...process.env,
    ...s3.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...options.env,
  };

  const nodes: ClusterNode[] = [];
  const startNode = async (given?: number) => {
    const port = given ?? (await freePort());
    const child = spawn(process.execPath, ['dist-server/main.mjs'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    const url = `http://localhost:${port}`;
    await waitFor200(`${url}/api/health/ready`, child, 90_000);
    const node: ClusterNode = {
      port,
      url,
      child,
      kill: async (signal = 'SIGTERM') => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited(child);
      },
    };
    return node;
  };
  const addNode = async () => {
    nodes.push(await startNode());
  };
  // The first node migrates the database and makes the development key file; then the others.
  await addNode();
  await Promise.all(Array.from({ length: count - 1 }, addNode));

  const port = Number(process.env.CLUSTER_PORT ?? (await freePort()));
  const config = join(dataDir, 'haproxy.cfg');
  writeFileSync(
    config,
    haproxyConfig(
      port,
      nodes.map((n) => n.port),
    ),
  );
  const haproxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', options.quiet ? 'ignore' : 'inherit'] });
  const url = `http://localhost:${port}`;
  await waitFor200(`${url}/api/health`, haproxy, 10_000);

  return {
    url,
    port,
    databaseUrl,
    nodes,
    haproxyPid: haproxy.pid,
    async rollingRestart(log = () => undefined) {
      for (let i = 0; i < nodes.length; i++) {
        const old = nodes[i]!;
        const started = Date.now();
        await old.kill('SIGTERM');
        nodes[i] = await startNode(old.port);
        log(`node ${i + 1} (port ${old.port}) restarted in ${Date.now() - started} ms`);
      }
    },
    async stop() {
      haproxy.kill('SIGTERM');
      await exited(haproxy);
      await Promise.all(nodes.map((n) => n.kill()));
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PHONES = Number(process.env.PHONES ?? 20);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const printLoad = () =>
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

/** `--rolling`: every node restarted, one by one, while simulated phones submit; passes when no request failed and every acknowledged submission is stored once. */
async function rollingUnderLoad(cluster: Cluster): Promise<boolean> {
  const { token, next } = await prepareKycSubmits(cluster.nodes[0]!.url, cluster.databaseUrl);
  console.log(
    `${PHONES} phones submit KYC for ${LOAD_SECONDS} s; at 10 s every node is restarted, one by one (SIGTERM, drain, start again, ready):`,
  );
  // On a slow machine the restarts may outlast the 60 s: the load goes on until the last node is back.
  const restarted = sleep(10_000).then(() => cluster.rollingRestart((line) => console.log(`  ${line}`)));
  const load = runPhones({ port: cluster.port, token, phones: PHONES, seconds: LOAD_SECONDS, next, until: restarted });
  await restarted;
  const figures = await reportPhones('Rolling restart under load', await load, cluster.databaseUrl);
  printLoad();
  return figures.failed === 0 && figures.lost === 0 && figures.duplicated === 0;
}

/** `--ha`: the PostgreSQL primary's machine dies at 20 s of the phones' load; passes when every acknowledged submission is stored once. */
async function failoverUnderLoad(cluster: Cluster, ha: HaDatabase): Promise<boolean> {
  const { token, next } = await prepareKycSubmits(cluster.nodes[0]!.url, cluster.databaseUrl);
  console.log(`${PHONES} phones submit KYC for ${LOAD_SECONDS} s; at 20 s the primary's Patroni and PostgreSQL get SIGKILL:`);
  const load = runPhones({ port: cluster.port, token, phones: PHONES, seconds: LOAD_SECONDS, next, drainSeconds: 120 });
  await sleep(20_000);
  const killedAt = performance.now();
  const killed = await ha.killPrimary();
  console.log(`  killed ${killed.name}, the primary`);
  let promoted: string | undefined;
  while (!promoted && performance.now() - killedAt < 60_000) {
    promoted = (await ha.primary())?.name;
    if (!promoted) await sleep(100);
  }
  console.log(
    `  ${promoted ?? 'no node'} answers Patroni's /primary ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
  );
  const run = await load;
  const figures = await reportPhones('Failover under load', run, cluster.databaseUrl);
  const s = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
  console.log(
    `  failover time (first failed write to first successful write after it) ${s(run.firstSuccessAfterFailureMs! - run.firstFailureMs!)} s; failures from ${s(run.firstFailureMs)} s to ${s(run.lastFailureMs)} s of the run`,
  );
  printLoad();
  return figures.lost === 0 && figures.duplicated === 0 && run.unsent === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--nodes');
  const rolling = process.argv.includes('--rolling');
  const ha = process.argv.includes('--ha') ? await startHaDatabase() : undefined;
  if (ha) console.log(`PostgreSQL primary and synchronous standby under Patroni (etcd), through HAProxy: ${ha.adminUrl}`);
  // A drill's database is its own, dropped at the end; the interactive cluster's is sahyog_cluster.
  const database = rolling ? uniqueBenchName('rolling') : undefined;
  const cluster = await startCluster({
    nodes: at > 0 ? Number(process.argv[at + 1]) : rolling || ha ? 3 : 2,
    database,
    adminUrl: ha?.adminUrl,
  }).catch(async (err: unknown) => {
    await ha?.stop();
    throw err;
  });
  console.log(`\nSahyog on ${cluster.nodes.length} API nodes behind HAProxy: ${cluster.url}`);
  for (const node of cluster.nodes) console.log(`  node ${node.url} (pid ${node.child.pid})`);
  console.log(`  PostgreSQL ${cluster.databaseUrl}; files in an s3rver bucket. Ctrl-C stops it all.`);
  const stopAll = async () => {
    await cluster.stop();
    await ha?.stop();
    if (database) await dropBenchDatabase(database);
  };
  const stop = () => void stopAll().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (rolling || ha) {
    const passed = ha ? await failoverUnderLoad(cluster, ha) : await rollingUnderLoad(cluster);
    await stopAll();
    process.exit(passed ? 0 : 1);
  }
}
