// `npm run cluster -- --ha`: PostgreSQL made highly available on one machine, for the failover
// drill. etcd (one member), two PostgreSQL 15 servers managed by Patroni (a primary and a
// synchronous streaming standby: `synchronous_mode: true`, so a commit is acknowledged only once
// the standby has it), and an HAProxy in TCP mode that sends connections to whichever answers
// Patroni's `GET /primary` with 200 (closing the sessions of a server marked down). The API nodes
// (scripts/cluster.ts) connect through that HAProxy. Debian's packages, installed beforehand:
// `apt-get install patroni etcd-server etcd-client haproxy postgresql-15`; nothing is installed
// here. PostgreSQL refuses to run as root: Patroni and its servers run as the `postgres` user, in
// a temporary directory of their own, on free ports (never the machine's 5432).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, waitFor200 } from '../tests/support/server-process';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const ETCD = process.env.ETCD_PATH ?? '/usr/bin/etcd';
const PATRONI = process.env.PATRONI_PATH ?? '/usr/bin/patroni';

type PgNode = { name: string; pgPort: number; restPort: number; dataDir: string; child: ChildProcess };

export type HaDatabase = {
  /** The PostgreSQL superuser's URL through HAProxy (to the primary), database `postgres`. */
  adminUrl: string;
  nodes: PgNode[];
  /** The node whose Patroni answers `GET /primary` with 200 now, if any. */
  primary(): Promise<PgNode | undefined>;
  /** The primary's machine dies: its Patroni and its PostgreSQL (postmaster and backends) get SIGKILL. */
  killPrimary(): Promise<PgNode>;
  stop(): Promise<void>;
};

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

const answers200 = async (url: string) => (await fetch(url).catch(() => undefined))?.status === 200;

function idOf(flag: '-u' | '-g', user: string): number {
  const out = spawnSync('id', [flag, user], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`no user ${user}: PostgreSQL runs as it (Debian's postgresql package makes it)`);
  return Number(out.stdout.trim());
}

/** Patroni's configuration (JSON is YAML): fast failure detection (ttl 10 s), synchronous replication. */
function patroniConfig(o: { scope: string; name: string; etcdPort: number; pgPort: number; restPort: number; dir: string }) {
  return {
    scope: o.scope,
    namespace: '/sahyog/',
    name: o.name,
    log: { level: 'WARNING' },
    restapi: { listen: `127.0.0.1:${o.restPort}`, connect_address: `127.0.0.1:${o.restPort}` },
    etcd3: { hosts: `127.0.0.1:${o.etcdPort}` },
    bootstrap: {
      dcs: {
        // The leader key lives ttl seconds: a dead primary is replaced within about ttl + loop_wait.
        ttl: 10,
        loop_wait: 1,
        retry_timeout: 3,
        maximum_lag_on_failover: 1048576,
        synchronous_mode: true,
        postgresql: { use_pg_rewind: false, parameters: { max_connections: 200, wal_level: 'replica', hot_standby: 'on' } },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C' }],
      pg_hba: ['local all all trust', 'host replication replicator 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 trust'],
    },
    postgresql: {
      listen: `127.0.0.1:${o.pgPort}`,
      connect_address: `127.0.0.1:${o.pgPort}`,
      data_dir: join(o.dir, o.name),
      bin_dir: PG_BIN,
      pgpass: join(o.dir, `${o.name}.pgpass`),
      authentication: {
        replication: { username: 'replicator', password: 'replicator' },
        superuser: { username: 'postgres', password: 'postgres' },
      },
      parameters: { unix_socket_directories: o.dir },
    },
  };
}

function haproxyConfig(port: number, nodes: PgNode[]): string {
  return [
    'global',
    '  maxconn 1000',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 1s',
    'listen postgres',
    `  bind 127.0.0.1:${port}`,
    // Patroni's REST API answers /primary with 200 on the leader only.
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    '  default-server inter 500 fall 2 rise 1 on-marked-down shutdown-sessions',
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`),
    '',
  ].join('\n');
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startHaDatabase(): Promise<HaDatabase> {
  const uid = idOf('-u', 'postgres');
  const gid = idOf('-g', 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'sahyog-ha-'));
  chownSync(dir, uid, gid);
  const logTo = (name: string) => openSync(join(dir, `${name}.log`), 'a');
  const children: ChildProcess[] = [];

  const [etcdPort, etcdPeerPort, haPort] = [await freePort(), await freePort(), await freePort()];
  const etcdLog = logTo('etcd');
  const etcd = spawn(
    ETCD,
    [
      '--name=ha1',
      `--data-dir=${join(dir, 'etcd')}`,
      `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-cluster=ha1=http://127.0.0.1:${etcdPeerPort}`,
    ],
    { stdio: ['ignore', etcdLog, etcdLog] },
  );
  closeSync(etcdLog);
  children.push(etcd);
  await waitFor200(`http://127.0.0.1:${etcdPort}/health`, etcd, 20_000, 200);

  const scope = `sahyog-${process.pid}`;
  const nodes: PgNode[] = [];
  const startNode = async (name: string): Promise<PgNode> => {
    const [pgPort, restPort] = [await freePort(), await freePort()];
    const config = join(dir, `${name}.yml`);
    writeFileSync(config, JSON.stringify(patroniConfig({ scope, name, etcdPort, pgPort, restPort, dir }), null, 2));
    chownSync(config, uid, gid);
    const log = logTo(name);
    const child = spawn(PATRONI, [config], { uid, gid, cwd: dir, env: { ...process.env, HOME: dir }, stdio: ['ignore', log, log] });
    closeSync(log);
    children.push(child);
    const node = { name, pgPort, restPort, dataDir: join(dir, name), child };
    nodes.push(node);
    return node;
  };
  const rest = (node: PgNode, path: string) => answers200(`http://127.0.0.1:${node.restPort}${path}`);

  // The first initialises and leads; the second is cloned from it (pg_basebackup) and becomes its synchronous standby.
  try {
    const first = await startNode('pg1');
    await until('pg1 primary', () => rest(first, '/primary'), 90_000);
    const second = await startNode('pg2');
    await until('pg2 synchronous standby', () => rest(second, '/sync'), 90_000);
  } catch (err) {
    // Patroni stops its PostgreSQL on SIGTERM; the logs stay for a look.
    for (const child of children.reverse()) {
      child.kill('SIGTERM');
      await exited(child);
    }
    console.error(`The HA database did not start: the logs of etcd and Patroni are in ${dir}`);
    throw err;
  }

  const haConfig = join(dir, 'haproxy-pg.cfg');
  writeFileSync(haConfig, haproxyConfig(haPort, nodes));
  const haproxyLog = logTo('haproxy');
  const haproxy = spawn(HAPROXY, ['-f', haConfig, '-db'], { stdio: ['ignore', haproxyLog, haproxyLog] });
  closeSync(haproxyLog);
  children.push(haproxy);
  const adminUrl = `postgres://postgres@127.0.0.1:${haPort}/postgres`;
  await until(
    'HAProxy to the primary',
    async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      return client.connect().then(
        () => client.end().then(() => true),
        () => false,
      );
    },
    20_000,
  );

  const primary = async () => {
    for (const node of nodes)
      if (node.child.exitCode === null && node.child.signalCode === null && (await rest(node, '/primary'))) return node;
    return undefined;
  };
  return {
    adminUrl,
    nodes,
    primary,
    async killPrimary() {
      const node = await primary();
      if (!node) throw new Error('no primary to kill');
      const postmaster = Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const backends = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
        .stdout.split('\n')
        .map(Number)
        .filter((pid) => pid > 0);
      node.child.kill('SIGKILL');
      for (const pid of [postmaster, ...backends]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await exited(node.child);
      return node;
    },
    async stop() {
      // Patroni stops its PostgreSQL on SIGTERM; a killed node's servers are gone already.
      for (const child of [haproxy, ...nodes.map((n) => n.child), etcd]) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited(child);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
