// Several API processes on one database: a job's slot is claimed by one node only, and a token
// revoked through one node is refused by another at once (PostgreSQL: LISTEN/NOTIFY; PGlite has
// one process, so its nodes share this process's events). The scripted cluster (scripts/cluster.mjs)
// repeats these over HTTP with separate processes behind HAProxy.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createLocalEvents, createPostgresEvents, type NodeEvents } from '../../src/server/cluster/node-events';
import { claimJobSlot } from '../../src/server/kernels/jobs';
import { runMaintenanceOnce } from '../../src/server/maintenance';
import { login, RAVI } from './helpers/auth-flow';
import { call, get } from './helpers/http';
import { HOUR, MINUTE, useTestApp } from './helpers/test-app';

const ctx = useTestApp();
const nodes: { app: FastifyInstance; events?: NodeEvents }[] = [];

afterEach(async () => {
  for (const node of nodes.splice(0)) {
    await node.app.close();
    await node.events?.close();
  }
});

const shared = createLocalEvents();
async function startNode(): Promise<FastifyInstance> {
  const url = ctx.database.url;
  const events = url ? createPostgresEvents(url, () => undefined) : shared;
  const app = await buildApp({
    logger: false,
    db: ctx.db,
    clock: ctx.clock,
    documents: ctx.documents,
    events,
    config: { staticDir: '/nonexistent', tokenCacheSeconds: 600 },
  });
  await events.ready();
  nodes.push({ app, events: url ? events : undefined });
  return app;
}

describe('periodic jobs across nodes', () => {
  it('runs the hourly maintenance on one node of three, once per hour', async () => {
    const three = await Promise.all([startNode(), startNode(), startNode()]);
    const first = await Promise.all(three.map((app) => runMaintenanceOnce(app, app.storage)));
    expect(first.filter(Boolean)).toHaveLength(1);
    ctx.clock.advance(20 * MINUTE); // T0 is 04:30: still the same hour
    expect((await Promise.all(three.map((app) => runMaintenanceOnce(app, app.storage)))).filter(Boolean)).toHaveLength(0);
    ctx.clock.advance(HOUR);
    expect((await Promise.all(three.map((app) => runMaintenanceOnce(app, app.storage)))).filter(Boolean)).toHaveLength(1);
  });

  it('claims each job and slot once, whatever the order of the claims', async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimJobSlot(ctx.db, 'maintenance', ctx.clock.now())));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobSlot(ctx.db, 'another-job', ctx.clock.now())).toBe(true);
  });
});

describe('a token revoked on one node', () => {
  it('is refused by another node that had it cached, within a second', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const token = await login(a, RAVI);
    // Both nodes have the session in their caches (600 s), so only the event can evict it.
    expect((await get(a, '/api/v1/user/me', { token })).status).toBe(200);
    expect((await get(b, '/api/v1/user/me', { token })).status).toBe(200);
    expect((await call(a, 'PUT', '/api/v1/user/logout', undefined, { token })).status).toBe(200);
    const deadline = Date.now() + 1000;
    let status = 200;
    // inject() answers on microtasks alone: each poll yields to I/O, or the notification is never read.
    while (Date.now() < deadline && status === 200) {
      await new Promise((resolve) => setImmediate(resolve));
      status = (await get(b, '/api/v1/user/me', { token })).status;
    }
    expect(status).toBe(401);
  });
});
