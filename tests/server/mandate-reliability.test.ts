import { describe, expect, it } from 'vitest';
import { MANDATE_MSG } from '../../src/domain';
import { mandates, type MandateRow } from '../../src/server/db/schema';
import type { EnachProvider } from '../../src/server/providers/enach/enach-provider';
import { createSandboxEnachProvider } from '../../src/server/provider-choice/sandbox-enach.provider';
import { get } from './helpers/http';
import { BORROWER } from './helpers/validation';
import { useTestApp } from './helpers/test-app';
import { approvedForMandate, authorise, bankCode, historyOf, mandateRows, readMandate, register, statusOf } from './mandate-fixtures';

// The mandate's reliability (issue 33 item 6): a double tap or a replay registers once, a bank that
// does not answer in time leaves the step retryable and nothing half-done, and concurrent
// authorisations register once.

const ctx = useTestApp();
const w = {
  get app() {
    return ctx.app;
  },
  get db() {
    return ctx.db;
  },
  get clock() {
    return ctx.clock;
  },
};

const smsCount = async () => ((await get(ctx.app, `/api/dev/sms?mobile=${BORROWER}`)).body.data as unknown[]).length;

/**
 * The sandbox bank behind a switch: `hang` makes a call never answer (the route's deadline
 * answers), `lose` lets the bank act and then loses its answer (a timeout after the fact).
 */
async function flakyBank() {
  const mode: { register?: 'hang' | 'lose'; authorise?: 'hang' | 'lose' } = {};
  let inner: EnachProvider | undefined;
  const never = new Promise<never>(() => {});
  const provider: EnachProvider = {
    async register(request) {
      if (mode.register === 'hang') return never;
      const answer = await inner!.register(request);
      if (mode.register === 'lose') throw new Error('e-NACH request timed out');
      return answer;
    },
    async authorise(input) {
      if (mode.authorise === 'hang') return never;
      const answer = await inner!.authorise(input);
      if (mode.authorise === 'lose') throw new Error('e-NACH request timed out');
      return answer;
    },
    status: (input) => inner!.status(input),
  };
  const app = await ctx.rebuild({ providers: { enach: provider }, enachTimeoutMs: 200 });
  inner = createSandboxEnachProvider({ db: app.db, config: app.config, clock: app.clock, sms: app.sms });
  return mode;
}

describe('idempotency of each POST', () => {
  it('a double tap on Register (same Idempotency-Key) opens one attempt, texts one code, and answers the same session', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const sent = await smsCount();
    const key = { headers: { 'idempotency-key': 'mandate-register-1' } };
    const first = await register(w, id, tokens.bcm, {}, key);
    const second = await register(w, id, tokens.bcm, {}, key);
    expect(first.status, first.body.message).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.data.session_id).toBe(first.body.data.session_id);
    expect(await mandateRows(w, id)).toHaveLength(1);
    expect(await smsCount()).toBe(sent + 1);
  });

  it('a replayed or repeated authorise registers once: one MANDATE_REGISTERED, the same UMRN', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const started = await register(w, id, tokens.bcm);
    const body = { session_id: started.body.data.session_id, otp: await bankCode(w) };
    const key = { headers: { 'idempotency-key': 'mandate-authorise-1' } };
    const first = await authorise(w, id, tokens.bcm, body, key);
    const replay = await authorise(w, id, tokens.bcm, body, key);
    const again = await authorise(w, id, tokens.bcm, body);
    expect(first.status, first.body.message).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.umrn).toBe(first.body.data.umrn);
    expect(again.status).toBe(200);
    expect(again.body.data.umrn).toBe(first.body.data.umrn);
    expect(await historyOf(w, id, ['MANDATE_REGISTERED'])).toHaveLength(1);
  });

  it('concurrent authorise calls register once, and both answer the registered mandate', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const started = await register(w, id, tokens.bcm);
    const body = { session_id: started.body.data.session_id, otp: await bankCode(w) };
    const answers = await Promise.all([1, 2, 3].map(() => authorise(w, id, tokens.bcm, body)));
    expect(answers.map((a) => [a.status, a.body.data?.state])).toEqual([
      [200, 'REGISTERED'],
      [200, 'REGISTERED'],
      [200, 'REGISTERED'],
    ]);
    expect(new Set(answers.map((a) => a.body.data.umrn)).size).toBe(1);
    expect(await historyOf(w, id, ['MANDATE_REGISTERED'])).toHaveLength(1);
    expect((await mandateRows(w, id)).filter((r) => r.state === 'REGISTERED')).toHaveLength(1);
  });

  it('the database holds one registered mandate per application, whatever the code does', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const started = await register(w, id, tokens.bcm);
    await authorise(w, id, tokens.bcm, { session_id: started.body.data.session_id, otp: await bankCode(w) });
    const [{ seq: _seq, ...row }] = (await mandateRows(w, id)) as [MandateRow];
    // An ended attempt beside it is fine; a second registered one is refused by the partial unique index.
    await w.db.insert(mandates).values({ ...row, id: 'c'.repeat(32), session_id: null, state: 'EXPIRED', umrn: null });
    await expect(
      w.db.insert(mandates).values({ ...row, id: 'b'.repeat(32), session_id: null, umrn: 'HDFC0000000000000001' }),
    ).rejects.toThrow();
    expect(await mandateRows(w, id)).toHaveLength(2);
  });
});

describe('a bank that does not answer in time', () => {
  it('on Register: 503 "try again", nothing written; the retry works', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const mode = await flakyBank();
    mode.register = 'hang';
    const res = await register(w, id, tokens.bcm);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MANDATE_MSG.bankTimeout.en);
    expect(await mandateRows(w, id)).toHaveLength(0);
    expect(await historyOf(w, id, ['MANDATE_ATTEMPTED'])).toHaveLength(0);
    mode.register = undefined;
    const retry = await register(w, id, tokens.bcm);
    expect(retry.status, retry.body.message).toBe(200);
  });

  it('on authorise, unanswered: 503, the attempt stays open, the same code then registers', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const mode = await flakyBank();
    const started = await register(w, id, tokens.bcm);
    const body = { session_id: started.body.data.session_id, otp: await bankCode(w) };
    mode.authorise = 'hang';
    const res = await authorise(w, id, tokens.bcm, body);
    expect(res.status).toBe(503);
    expect((await mandateRows(w, id)).map((r) => r.state)).toEqual(['PENDING']);
    expect(await statusOf(w, id)).toBe('APPROVED');
    mode.authorise = undefined;
    const retry = await authorise(w, id, tokens.bcm, body);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.data.state).toBe('REGISTERED');
  });

  it('on authorise, the bank registered but its answer was lost: the retry finds the registration and completes it once', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const mode = await flakyBank();
    const started = await register(w, id, tokens.bcm);
    const body = { session_id: started.body.data.session_id, otp: await bankCode(w) };
    mode.authorise = 'lose';
    expect((await authorise(w, id, tokens.bcm, body)).status).toBe(503);
    // Half of it is at the bank, none of it here yet: no registration recorded, the step still open.
    expect((await readMandate(w, id, tokens.bcm)).body.data.state).toBe('PENDING');
    expect(await historyOf(w, id, ['MANDATE_REGISTERED'])).toHaveLength(0);
    mode.authorise = undefined;
    const retry = await authorise(w, id, tokens.bcm, body);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.data.state).toBe('REGISTERED');
    expect(await historyOf(w, id, ['MANDATE_REGISTERED'])).toHaveLength(1);
  });

  it('a new Register after a lost answer completes the registration the bank made instead of opening another', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const mode = await flakyBank();
    const started = await register(w, id, tokens.bcm);
    mode.authorise = 'lose';
    await authorise(w, id, tokens.bcm, { session_id: started.body.data.session_id, otp: await bankCode(w) });
    mode.authorise = undefined;
    const res = await register(w, id, tokens.bcm);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MANDATE_MSG.alreadyRegistered.en);
    expect((await mandateRows(w, id)).map((r) => r.state)).toEqual(['REGISTERED']);
  });
});
