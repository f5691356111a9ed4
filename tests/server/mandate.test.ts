import { describe, expect, it } from 'vitest';
import { MANDATE_MSG } from '../../src/domain';
import { sandboxUmrn } from '../../src/server/provider-choice/sandbox-enach.provider';
import { otherOfficer, rowOf } from './applications-fixtures';
import { MINUTE, SECOND, useTestApp } from './helpers/test-app';
import {
  ACCOUNT,
  agreementSigned,
  approvedForMandate,
  authorise,
  bankCode,
  expectedLimits,
  historyOf,
  mandateRows,
  readMandate,
  register,
  statusOf,
} from './mandate-fixtures';
import { applicationAt } from './review-fixtures';

// The e-NACH mandate (issue 33 item 4, docs/mandate.md) through its routes on the real database:
// who may register it and when, the account it may debit, its limits and dates from the accepted
// offer's schedule, the borrower's code, and the status it makes with the agreement.

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

/** Registers and authorises with the code the bank texted: the view of the registered mandate. */
async function registerAndAuthorise(id: string, token: string) {
  const started = await register(w, id, token);
  expect(started.status, started.body.message).toBe(200);
  const done = await authorise(w, id, token, { session_id: started.body.data.session_id, otp: await bankCode(w) });
  expect(done.status, done.body.message).toBe(200);
  return done.body.data;
}

describe('the mandate’s terms', () => {
  it('limits and dates are the accepted offer’s schedule, on the verified account (masked), before and after registering', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const want = expectedLimits();
    const before = await readMandate(w, id, tokens.bcm);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ state: 'NONE', frequency: 'MONTHLY', umrn: null, attempts: [], ...want });
    expect(before.body.data.account).toEqual({ account_number: 'XXXXXXXXXX6789', ifsc: ACCOUNT.ifsc, bank_name: expect.any(String) });
    // A long first period makes the first instalment larger than the EMI: the maximum covers it.
    expect(want.max_amount).toBeGreaterThan(want.emi);

    const started = await register(w, id, tokens.bcm);
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.data).toMatchObject({
      state: 'PENDING',
      session_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      mobile: 'XXXXXX1234',
    });
    const [row] = await mandateRows(w, id);
    expect(row).toMatchObject({
      state: 'PENDING',
      account_number: ACCOUNT.account_number,
      ifsc: ACCOUNT.ifsc,
      max_amount_paise: Math.round(want.max_amount * 100),
      first_debit: want.first_debit,
      last_debit: want.last_debit,
    });
    const done = await authorise(w, id, tokens.bcm, { session_id: started.body.data.session_id, otp: await bankCode(w) });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ state: 'REGISTERED', umrn: sandboxUmrn(ACCOUNT.ifsc, row!.id), session_id: null, ...want });
    expect(done.body.data.umrn).toMatch(/^HDFC\d{16}$/);
    // Another reader sees the same: the officer who made the application.
    const read = await readMandate(w, id, tokens.officer);
    expect(read.body.data).toMatchObject({ state: 'REGISTERED', umrn: done.body.data.umrn });
    expect(JSON.stringify(read.body)).not.toContain(ACCOUNT.account_number);
  });

  it('a body naming another account is 400 with the reason; naming the verified one is taken', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const other = await register(w, id, tokens.bcm, { account_number: '50100999999999', ifsc: ACCOUNT.ifsc });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(MANDATE_MSG.otherAccount.en);
    const otherIfsc = await register(w, id, tokens.bcm, { account_number: ACCOUNT.account_number, ifsc: 'SBIN0001234' });
    expect(otherIfsc.status).toBe(400);
    expect(await mandateRows(w, id)).toHaveLength(0);
    const same = await register(w, id, tokens.bcm, { account_number: ACCOUNT.account_number, ifsc: ACCOUNT.ifsc.toLowerCase() });
    expect(same.status, same.body.message).toBe(200);
  });

  it('no verified account is 409: the step asks for the bank account first', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const row = await rowOf(w.db, id);
    const { app_mfi_bank_account: saved } = row.data as { app_mfi_bank_account: Record<string, unknown> };
    const { writeData } = await import('./review-fixtures');
    await writeData(w.db, id, { app_mfi_bank_account: { ...saved, is_verified: false } });
    const res = await register(w, id, tokens.bcm);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MANDATE_MSG.noVerifiedAccount.en);
  });

  it('the sandbox bank rejects an account ending 13: 422 with the reason, recorded as an attempt', async () => {
    const { id, tokens } = await approvedForMandate(w, { account_number: '50100123456713', ifsc: ACCOUNT.ifsc });
    const res = await register(w, id, tokens.bcm);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MANDATE_MSG.bankRejected.en);
    expect((await mandateRows(w, id)).map((r) => r.state)).toEqual(['REJECTED']);
    const [event] = await historyOf(w, id, ['MANDATE_ATTEMPTED']);
    expect(event!.detail).toMatchObject({ outcome: 'REJECTED', reason: MANDATE_MSG.bankRejected.en, account_last4: '6713' });
    expect((await readMandate(w, id, tokens.bcm)).body.data).toMatchObject({ state: 'REJECTED', attempts: [{ state: 'REJECTED' }] });
  });
});

describe('who may register it, and when', () => {
  it('the credit manager only: the officer and the branch manager 403, another officer 404', async () => {
    const { id, tokens } = await approvedForMandate(w);
    for (const token of [tokens.officer, tokens.bm]) {
      expect((await register(w, id, token)).status).toBe(403);
      expect((await authorise(w, id, token, { session_id: 'a'.repeat(32), otp: '123456' })).status).toBe(403);
    }
    const stranger = await otherOfficer(w.app, w.db);
    expect((await register(w, id, stranger)).status).toBe(404);
    expect((await readMandate(w, id, stranger)).status).toBe(404);
    expect(await mandateRows(w, id)).toHaveLength(0);
  });

  it('before the approval and after DISBURSAL_READY the state refuses it (409 with the reason)', async () => {
    const pending = await applicationAt(w, 'PD2_COMPLETE');
    const early = await register(w, pending.id, pending.tokens.bcm);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'The e-NACH mandate is registered after the approval and before the payout; this application is PD2_COMPLETE.',
    );

    const { id, tokens } = await approvedForMandate(w);
    await agreementSigned(w, id);
    await registerAndAuthorise(id, tokens.bcm);
    expect(await statusOf(w, id)).toBe('DISBURSAL_READY');
    const late = await register(w, id, tokens.bcm);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MANDATE_MSG.alreadyRegistered.en);
  });
});

describe('the status it makes', () => {
  it('registered while APPROVED: the status stays, the step is recorded, the history has the attempt and the registration', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const view = await registerAndAuthorise(id, tokens.bcm);
    const row = await rowOf(w.db, id);
    expect(row.status).toBe('APPROVED');
    expect(row.mandate_registered_at).not.toBeNull();
    const mine = await historyOf(w, id, ['MANDATE_ATTEMPTED', 'MANDATE_REGISTERED']);
    // No move: the last one is still the approval.
    expect((await historyOf(w, id, ['MOVED'])).at(-1)!.to_status).toBe('APPROVED');
    expect(mine.map((e) => [e.action, (e.detail as Record<string, unknown>).outcome])).toEqual([
      ['MANDATE_ATTEMPTED', 'REGISTERED'],
      ['MANDATE_REGISTERED', 'REGISTERED'],
    ]);
    expect(mine[1]!.detail).toMatchObject({
      umrn: view.umrn,
      max_amount: view.max_amount,
      first_debit: view.first_debit,
      last_debit: view.last_debit,
    });
    // A second registration is refused: one registered mandate per application.
    expect((await register(w, id, tokens.bcm)).status).toBe(409);
  });

  it('registered after the agreement was signed: the application moves to DISBURSAL_READY, in the history', async () => {
    const { id, tokens } = await approvedForMandate(w);
    await agreementSigned(w, id);
    await registerAndAuthorise(id, tokens.bcm);
    const row = await rowOf(w.db, id);
    expect(row.status).toBe('DISBURSAL_READY');
    const moved = (await historyOf(w, id, ['MOVED'])).at(-1)!;
    expect([moved.from_status, moved.to_status]).toEqual(['AGREEMENT_SIGNED', 'DISBURSAL_READY']);
  });
});

describe('the borrower’s code', () => {
  it('a wrong code is 400 and may be typed again; the right one then registers', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const started = await register(w, id, tokens.bcm);
    const code = await bankCode(w);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await authorise(w, id, tokens.bcm, { session_id: started.body.data.session_id, otp: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid OTP. Please try again.');
    expect((await mandateRows(w, id))[0]!.state).toBe('PENDING');
    const ok = await authorise(w, id, tokens.bcm, { session_id: started.body.data.session_id, otp: code });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.state).toBe('REGISTERED');
  });

  it('an expired code ends the attempt (400, recorded); a new registration retries and succeeds', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const first = await register(w, id, tokens.bcm);
    const code = await bankCode(w);
    w.clock.advance(5 * MINUTE + SECOND);
    const expired = await authorise(w, id, tokens.bcm, { session_id: first.body.data.session_id, otp: code });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(MANDATE_MSG.codeExpired.en);
    expect((await mandateRows(w, id)).map((r) => r.state)).toEqual(['EXPIRED']);
    // The ended attempt answers why, and takes no more codes.
    const again = await authorise(w, id, tokens.bcm, { session_id: first.body.data.session_id, otp: code });
    expect(again.status).toBe(409);

    const view = await registerAndAuthorise(id, tokens.bcm);
    expect(view.attempts.map((a: { state: string }) => a.state)).toEqual(['EXPIRED', 'REGISTERED']);
    const outcomes = (await historyOf(w, id, ['MANDATE_ATTEMPTED'])).map((e) => (e.detail as Record<string, unknown>).outcome);
    expect(outcomes).toEqual(['EXPIRED', 'REGISTERED']);
  });

  it('five wrong codes: the bank declines the authorisation (422); the retry registers', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const started = await register(w, id, tokens.bcm);
    const code = await bankCode(w);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await authorise(w, id, tokens.bcm, { session_id: started.body.data.session_id, otp: wrong })).status);
    expect(answers).toEqual([400, 400, 400, 400, 422]);
    expect((await mandateRows(w, id)).map((r) => r.state)).toEqual(['REJECTED']);
    const view = await registerAndAuthorise(id, tokens.bcm);
    expect(view.state).toBe('REGISTERED');
  });

  it('a new code within 30 seconds is 429; after, the open attempt is superseded (EXPIRED) and only the new code works', async () => {
    const { id, tokens } = await approvedForMandate(w);
    const first = await register(w, id, tokens.bcm);
    const firstCode = await bankCode(w);
    const soon = await register(w, id, tokens.bcm);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe(MANDATE_MSG.waitBeforeNew.en);
    w.clock.advance(31 * SECOND);
    const second = await register(w, id, tokens.bcm);
    expect(second.status, second.body.message).toBe(200);
    expect(second.body.data.session_id).not.toBe(first.body.data.session_id);
    expect((await mandateRows(w, id)).map((r) => r.state)).toEqual(['EXPIRED', 'PENDING']);
    const old = await authorise(w, id, tokens.bcm, { session_id: first.body.data.session_id, otp: firstCode });
    expect(old.status).toBe(409);
    const ok = await authorise(w, id, tokens.bcm, { session_id: second.body.data.session_id, otp: await bankCode(w) });
    expect(ok.status, ok.body.message).toBe(200);
  });

  it('a session of another application is not taken', async () => {
    const a = await approvedForMandate(w);
    const started = await register(w, a.id, a.tokens.bcm);
    const code = await bankCode(w);
    const b = await approvedForMandate(w);
    const res = await authorise(w, b.id, b.tokens.bcm, { session_id: started.body.data.session_id, otp: code });
    expect(res.status).toBe(400);
    expect((await mandateRows(w, a.id))[0]!.state).toBe('PENDING');
  });

  it('a malformed code or session is 400 from the schema', async () => {
    const { id, tokens } = await approvedForMandate(w);
    expect((await authorise(w, id, tokens.bcm, { session_id: 'a'.repeat(32), otp: '12' })).status).toBe(400);
    expect((await authorise(w, id, tokens.bcm, { otp: '123456' })).status).toBe(400);
    expect((await register(w, id, tokens.bcm, { account_number: 42 })).status).toBe(400);
  });
});
