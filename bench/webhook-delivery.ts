// Webhook delivery latency (issue 34 item 5): a loan event committed in its transaction
// (recordLoanEvent) to the 2xx of a healthy local receiver, through the path a write takes after
// its answer (app.webhooks.deliverSoon, the onResponse hook's call): claim, sign, POST, record.
// The API is built in this process on the configured database (PGlite in a temporary folder, or
// DATABASE_URL); the receiver is a real HTTP server on 127.0.0.1 answering 204 at once.
// Figures: median and p95 of RUNS events one after another, and of BURST events committed at once.
// Without the hook (no write answered on this node) the delivery job finds an event within
// WEBHOOK_POLL_MS (10 s): that bound is configuration, not measured here.
//
//   npx tsx bench/webhook-delivery.ts      (npm run bench -- webhook-delivery)
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { DEFAULT_CONFIG, type Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { seedDatabase } from '../src/server/db/seed';
import { createDraftApplication } from '../src/server/modules/applications/applications.service';
import { recordLoanEvent } from '../src/server/kernels/history';
import { SHORT } from './http-load';

const RUNS = SHORT ? 10 : Number(process.env.BENCH_RUNS ?? 200);
const BURST = SHORT ? 5 : Number(process.env.BENCH_BURST ?? 50);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const fmt = (xs: number[]) => `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

export async function benchWebhookDelivery(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-bench-webhooks-'));
  const config: Config = {
    ...DEFAULT_CONFIG,
    dataDir,
    nodeEnv: 'test',
    staticDir: '/nonexistent',
    logLevel: 'warn',
    databaseUrl: process.env.DATABASE_URL,
  };
  // When each event's request has been answered 2xx, by event id.
  const answered = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const receiver = http.createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(204).end(() => {
        const id = String(req.headers['sahyog-event-id']);
        answered.set(id, performance.now());
        waiting.get(id)?.();
      });
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const database = await openDatabase(config);
  await seedDatabase(database.db);
  const app = await buildApp({
    db: database.db,
    config,
    logger: false,
    webhookEndpoints: { sahyog: { url, secret: 'bench-secret-of-the-lender-0123456789' } },
  });
  try {
    const [officer] = await database.db.select({ id: users.id }).from(users).where(eq(users.tenant_id, 'sahyog')).limit(1);
    const applicationId = await createDraftApplication(database.db, 'sahyog', officer!.id, Date.now());
    const commit = () =>
      database.db.transaction((tx) =>
        recordLoanEvent(tx, 'sahyog', {
          type: 'loan.disbursed',
          applicationId,
          at: Date.now(),
          payload: { application_id: applicationId },
        }),
      );
    const arrived = (id: string) => (answered.has(id) ? Promise.resolve() : new Promise<void>((resolve) => void waiting.set(id, resolve)));

    // One after another: commit, then what a write's onResponse hook does.
    const one: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const id = await commit();
      const committed = performance.now();
      void app.webhooks.deliverSoon();
      await arrived(id);
      if (i >= 5) one.push(answered.get(id)! - committed); // after a warm-up
      await app.webhooks.idle();
    }

    // A burst: BURST events committed at once (each its own transaction), each followed by the hook's call.
    const burst: number[] = [];
    const ids = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const id = await commit();
        const committed = performance.now();
        void app.webhooks.deliverSoon();
        await arrived(id);
        burst.push(answered.get(id)! - committed);
        return id;
      }),
    );
    await app.webhooks.idle();

    const kind = config.databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(`webhook delivery, commit to 2xx on a healthy local receiver (${kind}):`);
    console.log(`  one at a time (${one.length}): ${fmt(one)}`);
    console.log(`  ${ids.length} committed at once: ${fmt(burst)}`);
  } finally {
    await app.close();
    await database.close();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWebhookDelivery();
