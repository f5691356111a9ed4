import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/domain';
import { loanEvents, webhookDeliveries } from '../../src/server/db/schema';
import { FIRST_RETRY_MS, MAX_RETRY_MS, RETRY_WINDOW_MS } from '../../src/server/modules/webhooks/webhook-backoff';
import { recordLoanEvent } from '../../src/server/kernels/history';
import { buildApp } from '../../src/server/app';
import { claimDueEvents } from '../../src/server/modules/webhooks/webhooks.queries';
import { ARJUN, login, RAVI, sendOtp } from './helpers/auth-flow';
import { call, get, post } from './helpers/http';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { documentedVerifier, startReceiver } from './helpers/webhook-receiver';

// Issue 34 item 5: loan events are delivered at least once to a real local receiver, signed as
// docs/webhooks.md says, retried with backoff while it is down, failing or slow, for 72 hours.
// Time is the app's injected clock: each pass (deliverDue) runs at the clock's "now".

const ctx = useTestApp();
const SECRET = 'test-secret-of-the-lender-0123456789';
// Long enough for an answer on a loaded machine (the receiver shares the test's thread with PGlite).
const TIMEOUT_MS = 3000;
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await ctx.app.webhooks.idle();
  await receiver?.close();
  receiver = undefined;
});

/** An application of the officer, then the app rebuilt with the receiver as sahyog's endpoint. */
async function setUp(behaviour?: Parameters<typeof startReceiver>[0], options: { allowPrivate?: boolean; timeoutMs?: number } = {}) {
  const applicationId = await createApplication(ctx.app, await login(ctx.app, RAVI));
  receiver = await startReceiver(behaviour);
  await ctx.rebuild({
    webhookEndpoints: { sahyog: { url: receiver.url, secret: SECRET } },
    webhookRandom: () => 0.5,
    config: { webhookTimeoutMs: options.timeoutMs ?? TIMEOUT_MS, webhookAllowPrivateAddresses: options.allowPrivate ?? true },
  });
  return { applicationId, receiver };
}

async function record(applicationId: string, type: 'loan.disbursed' | 'loan.cancelled' = 'loan.disbursed', tenant: Tenant = 'sahyog') {
  return ctx.db.transaction((tx) =>
    recordLoanEvent(tx, tenant, {
      type,
      applicationId,
      at: ctx.clock.now(),
      payload: { application_id: applicationId, amounts: { loan_amount: 50000 } },
    }),
  );
}

const eventRow = async (id: string) => (await ctx.db.select().from(loanEvents).where(eq(loanEvents.id, id)))[0]!;
const attemptsOf = (id: string) =>
  ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event_id, id)).orderBy(webhookDeliveries.attempt);

/** Passes at each next due time until the event is no longer pending; answers the waits between attempts. */
async function driveUntilSettled(id: string, maxPasses = 200): Promise<number[]> {
  const waits: number[] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    await ctx.app.webhooks.deliverDue();
    const row = await eventRow(id);
    if (row.delivery_state !== 'pending') return waits;
    const wait = row.next_attempt_at!.getTime() - ctx.clock.now();
    waits.push(wait);
    ctx.clock.advance(wait);
  }
  throw new Error('the event did not settle');
}

describe('webhook delivery', () => {
  it('delivers a committed event at once, signed as the documented receiver verifies, with the event id and type', async () => {
    const { applicationId, receiver } = await setUp();
    const id = await record(applicationId);
    expect(await ctx.app.webhooks.deliverDue()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got).toMatchObject({ id, type: 'loan.disbursed' });
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      id,
      type: 'loan.disbursed',
      created_at: new Date(ctx.clock.now()).toISOString(),
      data: { application_id: applicationId, amounts: { loan_amount: 50000 } },
    });
    const verify = await documentedVerifier();
    expect(got.signature).toMatch(new RegExp(`^t=${Math.floor(ctx.clock.now() / 1000)},v1=[0-9a-f]{64}$`));
    expect(verify(SECRET, got.signature, got.body, ctx.clock.now())).toBe(true);
    // The same code refuses a changed body, another secret, and an old signature.
    expect(verify(SECRET, got.signature, got.body.replace('50000', '90000'), ctx.clock.now())).toBe(false);
    expect(verify('another-secret-of-24-characters', got.signature, got.body, ctx.clock.now())).toBe(false);
    expect(verify(SECRET, got.signature, got.body, ctx.clock.now() + 301_000)).toBe(false);

    const row = await eventRow(id);
    expect(row).toMatchObject({ delivery_state: 'delivered', attempts: 1, delivered_at: new Date(ctx.clock.now()) });
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ attempt: 1, status_code: 200, error: null });
    // Nothing is due any more: a second pass sends nothing.
    expect(await ctx.app.webhooks.deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends nothing for a change that rolled back', async () => {
    const { applicationId, receiver } = await setUp();
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordLoanEvent(tx, 'sahyog', { type: 'loan.disbursed', applicationId, at: ctx.clock.now(), payload: {} });
        throw new Error('the payout failed');
      }),
    ).rejects.toThrow('the payout failed');
    expect(await ctx.db.select().from(loanEvents)).toEqual([]);
    ctx.clock.advance(RETRY_WINDOW_MS);
    expect(await ctx.app.webhooks.deliverDue()).toBe(0);
    expect(receiver.received).toEqual([]);
  });

  it('a receiver down for its first 3 attempts (connection refused) gets the event on the 4th, after growing waits', async () => {
    const { applicationId, receiver } = await setUp();
    await receiver.down();
    const id = await record(applicationId);
    let passes = 0;
    const waits: number[] = [];
    while (passes < 3) {
      await ctx.app.webhooks.deliverDue();
      passes++;
      const row = await eventRow(id);
      waits.push(row.next_attempt_at!.getTime() - ctx.clock.now());
      ctx.clock.advance(waits.at(-1)!);
    }
    await receiver.up();
    expect(await driveUntilSettled(id)).toEqual([]);
    expect(receiver.received.map((r) => r.id)).toEqual([id]);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, null, 'connection refused'],
      [2, null, 'connection refused'],
      [3, null, 'connection refused'],
      [4, 200, null],
    ]);
    // With the jitter fixed at 0.5, each wait is 3/4 of 10 s × 2^(n-1).
    expect(waits).toEqual([0.75 * FIRST_RETRY_MS, 1.5 * FIRST_RETRY_MS, 3 * FIRST_RETRY_MS]);
    expect((await eventRow(id)).delivery_state).toBe('delivered');
  });

  it('a receiver answering 500 twice then 200 gets the event three times, each with the same id and body, each signature valid', async () => {
    const { applicationId, receiver } = await setUp((n) => ({ status: n < 2 ? 500 : 200 }));
    const verify = await documentedVerifier();
    const id = await record(applicationId);
    const signedAt: number[] = [];
    for (;;) {
      signedAt.push(ctx.clock.now());
      await ctx.app.webhooks.deliverDue();
      const row = await eventRow(id);
      if (row.delivery_state !== 'pending') break;
      ctx.clock.set(row.next_attempt_at!.getTime());
    }
    expect(receiver.received.map((r) => r.id)).toEqual([id, id, id]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    receiver.received.forEach((r, i) => expect(verify(SECRET, r.signature, r.body, signedAt[i])).toBe(true));
    expect((await attemptsOf(id)).map((a) => a.status_code)).toEqual([500, 500, 200]);
  });

  it('a receiver answering after the time limit gets the event again (a duplicate with the same id) until it answers in time', async () => {
    const { applicationId, receiver } = await setUp((n) => ({ status: 200, delayMs: n < 2 ? TIMEOUT_MS * 3 : 0 }));
    const id = await record(applicationId);
    await driveUntilSettled(id);
    expect(receiver.received.map((r) => r.id)).toEqual([id, id, id]);
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => [a.status_code, a.error])).toEqual([
      [null, `timed out after ${TIMEOUT_MS} ms`],
      [null, `timed out after ${TIMEOUT_MS} ms`],
      [200, null],
    ]);
    for (const a of attempts.slice(0, 2)) expect(a.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    for (const a of attempts.slice(0, 2)) expect(a.duration_ms).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('every one of 12 events arrives through a receiver that is down, then failing, then slow', async () => {
    const { applicationId, receiver } = await setUp((n) =>
      n % 3 === 0 ? { status: 503 } : n % 3 === 1 ? { status: 200, delayMs: TIMEOUT_MS * 2 } : { status: 204 },
    );
    await receiver.down();
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add(await record(applicationId, i % 2 ? 'loan.cancelled' : 'loan.disbursed'));
    await ctx.app.webhooks.deliverDue();
    await receiver.up();
    for (let pass = 0; pass < 50; pass++) {
      ctx.clock.advance(MAX_RETRY_MS);
      await ctx.app.webhooks.deliverDue();
      const pending = await ctx.db.select().from(loanEvents).where(eq(loanEvents.delivery_state, 'pending'));
      if (pending.length === 0) break;
    }
    const states = await ctx.db.select({ id: loanEvents.id, state: loanEvents.delivery_state }).from(loanEvents);
    expect(states.every((s) => s.state === 'delivered')).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(ids);
    // Each event was 2xx-answered once: the last attempt of each is its only 2xx.
    const ok = await ctx.db.select().from(webhookDeliveries);
    for (const id of ids) expect(ok.filter((d) => d.event_id === id && d.status_code !== null && d.status_code < 300)).toHaveLength(1);
  });

  it('retries with capped backoff for 72 hours, then marks the event failed', async () => {
    const { applicationId } = await setUp(() => ({ status: 500 }));
    const id = await record(applicationId);
    const created = ctx.clock.now();
    const waits = await driveUntilSettled(id);
    const row = await eventRow(id);
    expect(row.delivery_state).toBe('failed');
    // 0.75 × 10 s doubling up to 0.75 × 1 h, then the last attempt exactly at 72 h.
    expect(waits.slice(0, 4)).toEqual([7500, 15000, 30000, 60000]);
    expect(Math.max(...waits)).toBe(0.75 * MAX_RETRY_MS);
    expect(ctx.clock.now()).toBe(created + RETRY_WINDOW_MS);
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(row.attempts);
    expect(attempts.at(-1)!.attempted_at.getTime()).toBe(created + RETRY_WINDOW_MS);
    console.info(`webhook backoff: ${attempts.length} attempts over 72 h against a receiver answering 500`);
  });

  it('refuses a loopback address when private addresses are not allowed (production default), and records why', async () => {
    const { applicationId, receiver } = await setUp(undefined, { allowPrivate: false });
    const id = await record(applicationId);
    await ctx.app.webhooks.deliverDue();
    expect(receiver.received).toEqual([]);
    expect((await attemptsOf(id)).map((a) => a.error)).toEqual(['address not allowed (private or loopback)']);
    expect((await eventRow(id)).delivery_state).toBe('pending');
  });

  it('an event of a tenant without an endpoint waits, untouched', async () => {
    const { applicationId } = await setUp();
    const acflApp = await createApplication(ctx.app, await login(ctx.app, RAVI, 'acfl'), undefined, 'acfl');
    await ctx.app.webhooks.idle();
    const id = await record(acflApp, 'loan.disbursed', 'acfl');
    await record(applicationId);
    expect(await ctx.app.webhooks.deliverDue()).toBe(1);
    expect(await eventRow(id)).toMatchObject({ delivery_state: 'pending', attempts: 0 });
  });
});

describe('delivery across writes and nodes', () => {
  it('an event committed before a write is sent right after that write is answered, with no job run', async () => {
    const { applicationId, receiver } = await setUp();
    const id = await record(applicationId);
    const sent = await sendOtp(ctx.app, ARJUN); // any write of the tenant answered 2xx
    expect(sent.status).toBe(200);
    await ctx.app.webhooks.idle();
    expect(receiver.received.map((r) => r.id)).toEqual([id]);
    expect((await eventRow(id)).delivery_state).toBe('delivered');
  });

  it('two API nodes delivering at once send each event once (each attempt is claimed by one node)', async () => {
    // A time limit this burst cannot reach on a loaded machine (the receiver shares the test's
    // thread with PGlite): the point here is who sends, not how fast.
    const { applicationId, receiver } = await setUp(undefined, { timeoutMs: 10_000 });
    const other = await buildApp({
      logger: false,
      db: ctx.db,
      clock: ctx.clock,
      documents: ctx.documents,
      webhookEndpoints: { sahyog: { url: receiver.url, secret: SECRET } },
      config: { staticDir: '/nonexistent', webhookTimeoutMs: 10_000 },
    });
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 30; i++) ids.add(await record(applicationId));
      const made = await Promise.all([ctx.app.webhooks.deliverDue(), other.webhooks.deliverDue(), ctx.app.webhooks.deliverDue()]);
      expect(made.reduce((a, b) => a + b, 0)).toBe(30);
      expect(receiver.received.map((r) => r.id).sort()).toEqual([...ids].sort()); // each once, none twice
    } finally {
      await other.close();
    }
  });

  it('an attempt whose node died mid-way is made again once its lease runs out', async () => {
    const { applicationId, receiver } = await setUp();
    const id = await record(applicationId);
    // A node claims the event and dies before sending it.
    const [claimed] = await claimDueEvents(ctx.db, ['sahyog'], ctx.clock.now(), TIMEOUT_MS + 30_000, 10);
    expect(claimed!.id).toBe(id);
    expect(await ctx.app.webhooks.deliverDue()).toBe(0);
    ctx.clock.advance(TIMEOUT_MS + 30_000);
    expect(await ctx.app.webhooks.deliverDue()).toBe(1);
    expect(receiver.received.map((r) => r.id)).toEqual([id]);
    // Attempt 1 was the dead node's (no row); the one made is attempt 2.
    expect((await attemptsOf(id)).map((a) => [a.attempt, a.status_code])).toEqual([[2, 200]]);
  });
});

describe('the branch manager’s webhook API', () => {
  it('lists the events with their attempts, and redelivers one: again delivered, with the same id; a replayed request sends nothing more', async () => {
    const { applicationId, receiver } = await setUp((n) => ({ status: n === 0 ? 500 : 200 }));
    const id = await record(applicationId);
    await driveUntilSettled(id);
    const token = await login(ctx.app, ARJUN);
    await ctx.app.webhooks.idle();

    const endpoint = await get(ctx.app, '/api/v1/webhooks/endpoint', { token });
    expect(endpoint.body.data).toEqual({ configured: true, url: receiver.url });
    expect(JSON.stringify(endpoint.body)).not.toContain(SECRET);

    const listed = await get(ctx.app, '/api/v1/webhooks/events', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      id,
      type: 'loan.disbursed',
      application_id: applicationId,
      state: 'delivered',
      attempts: 2,
    });
    expect(listed.body.data[0].deliveries.map((d: { status_code: number }) => d.status_code)).toEqual([500, 200]);
    expect((await get(ctx.app, '/api/v1/webhooks/events?state=failed', { token })).body.data).toEqual([]);
    expect((await get(ctx.app, '/api/v1/webhooks/events?state=sent', { token })).status).toBe(400);
    expect((await get(ctx.app, '/api/v1/webhooks/events?limit=0', { token })).status).toBe(400);

    const headers = { 'idempotency-key': 'redeliver-1' };
    const again = await post(ctx.app, `/api/v1/webhooks/events/${id}/redeliver`, undefined, { token, headers });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id, state: 'pending' });
    await ctx.app.webhooks.idle(); // the attempt made right after the answer
    expect(receiver.received.map((r) => r.id)).toEqual([id, id, id]);
    expect((await eventRow(id)).delivery_state).toBe('delivered');

    const replay = await post(ctx.app, `/api/v1/webhooks/events/${id}/redeliver`, undefined, { token, headers });
    expect(replay.status).toBe(200);
    // The idempotency store keeps the answer's ids only (replay-body.ts): the same event.
    expect(replay.body).toMatchObject({ success: true, data: { id }, message: again.body.message });
    await ctx.app.webhooks.idle();
    expect(receiver.received).toHaveLength(3);
  });

  it('is the branch manager’s, of their own tenant only', async () => {
    const { applicationId } = await setUp();
    const id = await record(applicationId);
    await ctx.app.webhooks.deliverDue();
    for (const mobile of [RAVI]) {
      const token = await login(ctx.app, mobile);
      expect((await get(ctx.app, '/api/v1/webhooks/events', { token })).status).toBe(403);
      expect((await post(ctx.app, `/api/v1/webhooks/events/${id}/redeliver`, undefined, { token })).status).toBe(403);
    }
    const foreign = await login(ctx.app, ARJUN, 'acfl');
    const theirs = await call(ctx.app, 'GET', '/api/v1/webhooks/events', undefined, { token: foreign, tenant: 'acfl' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    const redeliver = await call(ctx.app, 'POST', `/api/v1/webhooks/events/${id}/redeliver`, undefined, { token: foreign, tenant: 'acfl' });
    expect(redeliver.status).toBe(404); // not an event of acfl
    const acflEvent = await record(
      await createApplication(ctx.app, await login(ctx.app, RAVI, 'acfl'), undefined, 'acfl'),
      'loan.disbursed',
      'acfl',
    );
    const unconfigured = await call(ctx.app, 'POST', `/api/v1/webhooks/events/${acflEvent}/redeliver`, undefined, {
      token: foreign,
      tenant: 'acfl',
    });
    expect(unconfigured.status).toBe(409); // acfl has no endpoint
    expect(unconfigured.body.message).toBe('No webhook endpoint is configured for this lender');
    const manager = await login(ctx.app, ARJUN);
    expect(
      (await post(ctx.app, `/api/v1/webhooks/events/00000000-0000-4000-8000-000000000000/redeliver`, undefined, { token: manager })).status,
    ).toBe(404);
    expect((await post(ctx.app, `/api/v1/webhooks/events/not-a-uuid/redeliver`, undefined, { token: manager })).status).toBe(400);
    expect((await get(ctx.app, '/api/v1/webhooks/events')).status).toBe(401);
    const ids = await ctx.db.select({ id: loanEvents.id }).from(loanEvents).where(eq(loanEvents.tenant_id, 'sahyog'));
    expect(ids.map((r) => r.id)).toEqual([id]);
  });
});
