// Three compiled API processes behind HAProxy on one PostgreSQL and one S3-compatible bucket
// (scripts/cluster.ts), over real HTTP: what one node did, every other node knows.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster';
import { JPEG } from '../server/helpers/multipart';
import { signInByApi } from '../support/server-process';

let cluster: Cluster;
let db: pg.Client;
let token: string;

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, database: 'sahyog_cluster_test', quiet: true });
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  // The dev SMS outbox answers loopback callers only, not the proxy's: sign in on a node directly.
  token = await signInByApi(cluster.nodes[0]!.url, '9000000001');
});
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
});

const json = async (url: string, init: RequestInit & { token?: string } = {}) => {
  const answer = await fetch(url, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { token: init.token } : {}),
      ...init.headers,
    },
  });
  return {
    status: answer.status,
    headers: answer.headers,
    body: (await answer.json().catch(() => null)) as { data?: Record<string, unknown> } | null,
  };
};

const newApplication = (base: string, key = randomUUID()) =>
  json(`${base}/api/dev/applications`, { method: 'POST', token, headers: { 'idempotency-key': key }, body: '{}' });

describe('three API nodes', () => {
  it('ran the hourly maintenance on one node only', async () => {
    const { rows } = await db.query(`select count(*)::int as n from job_runs where job = 'maintenance'`);
    expect(rows[0].n).toBe(1);
  });

  it('serves through node B a file uploaded through node A', async () => {
    const [a, b] = cluster.nodes;
    const jpeg = JPEG;
    const form = new FormData();
    form.append('file_type', 'SHOP_PHOTO');
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'shop.jpg');
    const uploaded = await fetch(`${a!.url}/api/v1/apply-loan/upload-file`, { method: 'POST', headers: { token }, body: form });
    expect(uploaded.status).toBe(200);
    const { data } = (await uploaded.json()) as { data: { file_url: string } };
    const link = new URL(data.file_url, a!.url);
    const read = await fetch(`${b!.url}${link.pathname}${link.search}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('refuses on node B, within a second, a token logged out on node A', async () => {
    const [a, b] = cluster.nodes;
    const other = await signInByApi(a!.url, '9000000002');
    expect((await json(`${b!.url}/api/v1/user/me`, { token: other })).status).toBe(200); // now in B's cache
    expect((await json(`${a!.url}/api/v1/user/logout`, { method: 'PUT', token: other })).status).toBe(200);
    const deadline = Date.now() + 1000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await json(`${b!.url}/api/v1/user/me`, { token: other })).status;
    expect(status).toBe(401);
  });

  it('recognises on node B an outbox replay first answered by node A', async () => {
    const [a, b] = cluster.nodes;
    const key = randomUUID();
    const first = await newApplication(a!.url, key);
    const replay = await newApplication(b!.url, key);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body?.data).toEqual(first.body?.data);
    const { rows } = await db.query(`select count(*)::int as n from applications where id = $1`, [first.body?.data?.application_id]);
    expect(rows[0].n).toBe(1);
  });

  it('loses no accepted request when a node is killed under load', async () => {
    const accepted: string[] = [];
    let refused = 0;
    let running = true;
    const client = async () => {
      while (running) {
        const answer = await newApplication(cluster.url).catch(() => undefined);
        if (answer?.status === 200) accepted.push(String(answer.body?.data?.application_id));
        else refused += 1;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((r) => setTimeout(r, 1500)); // load under way on all three nodes
    await cluster.nodes[2]!.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 2500)); // HAProxy marks it down; load continues on two
    running = false;
    await Promise.all(clients);
    expect(accepted.length).toBeGreaterThan(20);
    const { rows } = await db.query(`select id from applications where id = any($1::text[])`, [accepted]);
    expect(rows.length).toBe(accepted.length);
    console.log(`killed node: ${accepted.length} accepted, all stored; ${refused} refused or cut`);
  });
});
