import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createLocalEvents } from '../../src/server/cluster/node-events';
import { disbursements } from '../../src/server/db/schema';
import { settlePayoutsOnce } from '../../src/server/maintenance';
import {
  createSandboxPayoutProvider,
  sandboxUtr,
  type PayoutFault,
  type SandboxPayoutProvider,
} from '../../src/server/providers/payout/sandbox-payout.provider';
import { approvePayout, disbursalReady, onceCounts, PAID_ONCE, requestPayout } from './disbursement-fixtures';
import { useTestApp } from './helpers/test-app';

// Issue 34 item 2, "money moves exactly once", on PGlite and PostgreSQL: 50 approvals at once,
// approvals on two API nodes at once, a bank that times out after accepting (then retries and a
// restart), one that answers 500, one that answers late. In every case the bank made one payout,
// the application moved to DISBURSED once and the UTR was recorded once.

const ctx = useTestApp();
const TIMEOUT_MS = 250;
const figures: Record<string, number> = {};

const nodes: FastifyInstance[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
});

/** This test's app with a sandbox bank in `fault` (its own instance; the bank's ledger is the shared table). */
async function withBank(fault: PayoutFault, lateMs = 4 * TIMEOUT_MS, payoutTimeoutMs = TIMEOUT_MS): Promise<SandboxPayoutProvider> {
  const bank = createSandboxPayoutProvider({ db: ctx.db, clock: ctx.clock, fault, lateMs });
  await ctx.rebuild({ payoutProvider: bank, config: { payoutTimeoutMs } });
  return bank;
}

async function payoutOf(id: string) {
  return (await ctx.db.select().from(disbursements).where(eq(disbursements.application_id, id)))[0]!;
}

async function expectPaidOnce(bank: SandboxPayoutProvider, id: string, run: string) {
  const made = await bank.payoutsMade('sahyog', id);
  figures[run] = made;
  expect(made).toBe(1);
  expect(await onceCounts(ctx.db, id)).toEqual(PAID_ONCE);
}

describe('exactly once', () => {
  it('50 concurrent approvals of one payout: one payout, DISBURSED once, the UTR once', async () => {
    // A time budget that 50 requests at once on two cores fit in: the sender's own answer settles it.
    const bank = await withBank('none', 0, 20_000);
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    const answers = await Promise.all(Array.from({ length: 50 }, () => approvePayout(ctx.app, id, bm)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // PAID, or PENDING for an approval that asked the bank before the payout reached it: none FAILED, none sent twice.
    expect(answers.filter((a) => a.body.data.state === 'PAID').length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => ['PAID', 'PENDING'].includes(a.body.data.state))).toBe(true);
    await expectPaidOnce(bank, id, '50 concurrent approvals');
    const utrs = new Set(answers.map((a) => a.body.data.utr).filter(Boolean));
    expect(utrs.size).toBe(1);
  });

  it('approvals on two API nodes at once: one payout', async () => {
    const bank = await withBank('none');
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    const events = createLocalEvents();
    const node = async () => {
      const app = await buildApp({
        logger: false,
        db: ctx.db,
        clock: ctx.clock,
        documents: ctx.documents,
        events,
        // Each node talks to the bank through its own client; the bank is one.
        payoutProvider: createSandboxPayoutProvider({ db: ctx.db, clock: ctx.clock }),
        config: { staticDir: '/nonexistent', payoutTimeoutMs: TIMEOUT_MS },
      });
      nodes.push(app);
      return app;
    };
    const [a, b] = [await node(), await node()];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => approvePayout(i % 2 ? a : b, id, bm)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await expectPaidOnce(bank, id, 'two nodes');
  });

  it('a bank that times out after accepting: PENDING, retries ask by reference, a restart, the job settles it; one payout', async () => {
    const bank = await withBank('timeout');
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    const first = await approvePayout(ctx.app, id, bm);
    expect(first.body.data.state).toBe('PENDING');
    expect(first.body.message).toMatch(/not confirmed the payout yet/);
    expect(await bank.payoutsMade('sahyog', id)).toBe(1); // the bank did pay
    expect((await onceCounts(ctx.db, id)).status).toBe('DISBURSAL_READY');

    // The bank cannot answer questions either for a while: the retries change nothing and send nothing.
    const silent = createSandboxPayoutProvider({ db: ctx.db, clock: ctx.clock });
    silent.status = () => new Promise(() => undefined);
    await ctx.rebuild({ payoutProvider: silent, config: { payoutTimeoutMs: TIMEOUT_MS } });
    for (let i = 0; i < 3; i++) expect((await approvePayout(ctx.app, id, bm)).body.data.state).toBe('PENDING');
    expect((await payoutOf(id)).state).toBe('PENDING');

    // A restart with a bank that answers: the job, on one node, settles it by asking.
    const healthy = await withBank('none');
    ctx.clock.advance(60_000); // the job asks about payouts pending for at least 30 s
    const started = performance.now();
    const settled = await settlePayoutsOnce(ctx.app);
    figures['settle one pending payout (ms)'] = Math.round(performance.now() - started);
    expect(settled).toEqual({ checked: 1, settled: 1 });
    expect((await approvePayout(ctx.app, id, bm)).body.data.state).toBe('PAID');
    await expectPaidOnce(healthy, id, 'timeout after accepting, retries, restart');
    // The UTR recorded is the bank's for the first (and only) reference.
    expect((await payoutOf(id)).utr).toBe(sandboxUtr('sahyog', `${id}-1`));
  });

  it('a 500 after accepting: PENDING, then the next approval asks and records PAID; one payout', async () => {
    const bank = await withBank('error-500');
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    expect((await approvePayout(ctx.app, id, bm)).body.data.state).toBe('PENDING');
    const again = await Promise.all([approvePayout(ctx.app, id, bm), approvePayout(ctx.app, id, bm)]);
    expect(again.map((a) => a.body.data.state)).toEqual(['PAID', 'PAID']);
    await expectPaidOnce(bank, id, 'a 500');
  });

  it('a late answer: PENDING past the time budget, the late PAID is not recorded twice; the job settles; one payout', async () => {
    const bank = await withBank('late', 3 * TIMEOUT_MS);
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    expect((await approvePayout(ctx.app, id, bm)).body.data.state).toBe('PENDING');
    // Two nodes' jobs in the same minute: one claims it.
    ctx.clock.advance(60_000);
    const runs = await Promise.all([settlePayoutsOnce(ctx.app), settlePayoutsOnce(ctx.app)]);
    expect(runs.filter(Boolean)).toEqual([{ checked: 1, settled: 1 }]);
    await expectPaidOnce(bank, id, 'a late answer');
  });

  it('a late answer within the budget is simply PAID', async () => {
    const bank = await withBank('late', TIMEOUT_MS / 5);
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    expect((await approvePayout(ctx.app, id, bm)).body.data.state).toBe('PAID');
    await expectPaidOnce(bank, id, 'a late answer within the budget');
  });

  it('a payout the bank never received is FAILED after the configured time, and can be requested again', async () => {
    const bank = createSandboxPayoutProvider({ db: ctx.db, clock: ctx.clock });
    bank.send = () => new Promise(() => undefined); // lost on the way: the bank never sees it
    await ctx.rebuild({ payoutProvider: bank, config: { payoutTimeoutMs: TIMEOUT_MS, payoutNotFoundFailMinutes: 30 } });
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    expect((await approvePayout(ctx.app, id, bm)).body.data.state).toBe('PENDING');
    ctx.clock.advance(60_000);
    expect(await settlePayoutsOnce(ctx.app)).toEqual({ checked: 1, settled: 0 });
    ctx.clock.advance(31 * 60_000);
    expect(await settlePayoutsOnce(ctx.app)).toEqual({ checked: 1, settled: 1 });
    const [row] = await ctx.db
      .select()
      .from(disbursements)
      .where(and(eq(disbursements.application_id, id), eq(disbursements.state, 'FAILED')));
    expect(row!.failure_reason).toBe('The bank has no record of this payout.');
    expect(await bank.payoutsMade('sahyog', id)).toBe(0);
  });

  it('prints the figures', () => {
    console.info(`disbursement figures (${ctx.database.url ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify(figures)}`);
  });
});
