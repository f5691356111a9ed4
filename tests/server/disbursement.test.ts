import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationEvents, applications, disbursements, loanEvents, smsOutbox, users } from '../../src/server/db/schema';
import { BASE } from './applications-fixtures';
import {
  ACCOUNT,
  approvePayout,
  disbursalReady,
  MANDATE_UMRN,
  onceCounts,
  PAID_ONCE,
  requestPayout,
  withVerifiedAccount,
} from './disbursement-fixtures';
import { ARJUN, login, MEENA, RAVI } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { DAY, useTestApp } from './helpers/test-app';
import { BORROWER } from './helpers/validation';

// Issue 34 items 1, 3 and 4: the maker's request and the checker's approval of a payout to the
// verified account, the final schedule on the actual date with the borrower's SMS, the refusals
// by role, state and person, and the cooling-off exit. The test clock starts on Thursday
// 15-01-2026 at 10:00 in India, the statement's disbursement date.

const ctx = useTestApp();

const historyOf = async (id: string) =>
  ctx.db
    .select({
      action: applicationEvents.action,
      from: applicationEvents.from_status,
      to: applicationEvents.to_status,
      detail: applicationEvents.detail,
    })
    .from(applicationEvents)
    .where(eq(applicationEvents.application_id, id))
    .orderBy(applicationEvents.id);
const statusOf = async (id: string) =>
  (await ctx.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.s;

describe('the maker: POST /:id/disbursement', () => {
  it('records the request for the net disbursed amount, to the verified account, on the statement’s date', async () => {
    const { id, bcm, offer } = await disbursalReady(ctx);
    const res = await requestPayout(ctx.app, id, bcm);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      state: 'REQUESTED',
      application_status: 'DISBURSAL_READY',
      reference: `${id}-1`,
      amount: offer.key_facts.net_disbursed_amount,
      account: 'XXXXXX5678',
      ifsc: ACCOUNT.ifsc_code,
      disbursement_date: '2026-01-15',
      utr: null,
    });
    // 1,00,000 less 2% fee, its 18% GST and 1% insurance: 1,00,000 − 2,000 − 360 − 1,000.
    expect(res.body.data.amount).toBe(96640);
    expect((await historyOf(id)).at(-1)).toMatchObject({
      action: 'DISBURSEMENT_REQUESTED',
      detail: { reference: `${id}-1`, amount: 96640 },
    });
    // The same request again while it waits for its checker answers it, and adds nothing.
    const again = await requestPayout(ctx.app, id, bcm);
    expect(again.status).toBe(200);
    expect((await ctx.db.select().from(disbursements).where(eq(disbursements.application_id, id))).length).toBe(1);
  });

  it('refuses another date, a day after the statement’s date, and an account that is not verified', async () => {
    const { id, bcm } = await disbursalReady(ctx);
    const other = await requestPayout(ctx.app, id, bcm, '2026-01-16');
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/disbursement date is 2026-01-15: paying out on another date needs a new version/);
    ctx.clock.advance(DAY);
    const late = await requestPayout(ctx.app, id, await login(ctx.app, MEENA));
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/not today/);
    ctx.clock.advance(-DAY);
    await ctx.db
      .update(applications)
      .set({
        data: {
          ...(await ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!.data,
          app_mfi_bank_account: { ...ACCOUNT, is_verified: false },
        },
      })
      .where(eq(applications.id, id));
    const unverified = await requestPayout(ctx.app, id, bcm);
    expect(unverified.status).toBe(409);
    expect(unverified.body.message).toBe('The bank account is not verified: the payout goes only to a verified account.');
    expect((await requestPayout(ctx.app, id, bcm, '15/01')).status).toBe(400);
  });

  it('is the credit manager’s, in DISBURSAL_READY only', async () => {
    const { id, bcm, bm, officer } = await disbursalReady(ctx);
    expect((await requestPayout(ctx.app, id, bm)).status).toBe(403);
    expect((await requestPayout(ctx.app, id, officer)).status).toBe(403);
    expect((await get(ctx.app, `${BASE}/${id}/disbursement`, { token: officer })).status).toBe(403);
    await ctx.db.update(applications).set({ status: 'APPROVED' }).where(eq(applications.id, id));
    const early = await requestPayout(ctx.app, id, bcm);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/DISBURSAL_READY/);
  });
});

describe('the checker: POST /:id/disbursement/approve', () => {
  it('sends the payout: the UTR recorded, DISBURSED with its history, the final schedule kept, the borrower texted', async () => {
    const { id, bcm, bm } = await disbursalReady(ctx);
    expect((await approvePayout(ctx.app, id, bm)).status).toBe(409); // nothing requested yet
    await requestPayout(ctx.app, id, bcm);
    expect((await approvePayout(ctx.app, id, bcm)).status).toBe(403); // a credit manager does not approve
    const res = await approvePayout(ctx.app, id, bm);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('The payout is done.');
    expect(res.body.data).toMatchObject({ state: 'PAID', application_status: 'DISBURSED', cooling_off_last_day: '2026-01-18' });
    expect(res.body.data.utr).toMatch(/^[0-9]{12}$/);
    expect(await onceCounts(ctx.db, id)).toEqual(PAID_ONCE);
    const history = await historyOf(id);
    expect(history.slice(-2).map((h) => [h.action, h.from, h.to])).toEqual([
      ['MOVED', 'DISBURSAL_READY', 'DISBURSED'],
      ['DISBURSEMENT_APPROVED', 'DISBURSAL_READY', 'DISBURSED'],
    ]);
    const [payout] = await ctx.db.select().from(disbursements).where(eq(disbursements.application_id, id));
    const schedule = payout!.final_schedule as any;
    expect(schedule.disbursement_date).toBe('2026-01-15');
    expect(schedule.schedule[0]).toMatchObject({ date: '2026-02-05', days: 21 });
    const [event] = await ctx.db.select().from(loanEvents).where(eq(loanEvents.application_id, id));
    expect(event!.payload).toMatchObject({
      application_id: id,
      borrower: { name: 'LAKSHMI DEVI', mobile: BORROWER },
      amounts: { loan_amount: 100000, net_disbursed_amount: 96640 },
      payout: { utr: res.body.data.utr },
      agreement_link: `/api/v1/app/mfi/${id}/agreement/pdf`,
      mandate_umrn: MANDATE_UMRN,
    });
    expect((event!.payload as any).kfs.number).toMatch(/^KFS-/);
    expect((event!.payload as any).schedule).toHaveLength(schedule.schedule.length);
    const [sms] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.to, BORROWER)).orderBy(smsOutbox.id);
    const texts = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.to, BORROWER));
    expect(sms).toBeDefined();
    expect(texts.at(-1)!.text).toContain(`UTR ${res.body.data.utr}`);
    expect(texts.at(-1)!.text).toContain('₹96640.00');
    // Asked again: the payout as it stands, nothing sent.
    const again = await approvePayout(ctx.app, id, bm);
    expect(again.body.data).toMatchObject({ state: 'PAID', utr: res.body.data.utr });
    expect(await onceCounts(ctx.db, id)).toEqual(PAID_ONCE);
  });

  it('approved a day late: the final schedule is computed on the actual date, and the SMS is in the statement’s language', async () => {
    const { id, bcm } = await disbursalReady(ctx, { language: 'hi' });
    await requestPayout(ctx.app, id, bcm);
    ctx.clock.advance(DAY);
    const res = await approvePayout(ctx.app, id, await login(ctx.app, ARJUN));
    expect(res.body.data.state).toBe('PAID');
    const [payout] = await ctx.db.select().from(disbursements).where(eq(disbursements.application_id, id));
    expect((payout!.final_schedule as any).disbursement_date).toBe('2026-01-16');
    expect((payout!.final_schedule as any).schedule[0]).toMatchObject({ date: '2026-02-05', days: 20 });
    const texts = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.to, BORROWER));
    expect(texts.at(-1)!.text).toContain('आपके खाते XXXXXX5678 में भेज दिए गए');
  });

  it('never by the maker: 403 with the reason', async () => {
    const { id, bcm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    // The maker becomes a branch manager: still not the checker of their own request.
    await ctx.db
      .update(users)
      .set({ mfi_employee: 'BRANCH_MANAGER' })
      .where(and(eq(users.tenant_id, 'sahyog'), eq(users.mobile, MEENA)));
    const meena = await login(ctx.app, MEENA);
    const res = await approvePayout(ctx.app, id, meena);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You requested this payout: another person, a branch manager, must approve it.');
    expect(await statusOf(id)).toBe('DISBURSAL_READY');
  });

  it('refuses an officer and a state before DISBURSAL_READY; an Idempotency-Key replays the answer', async () => {
    const { id, bcm, bm } = await disbursalReady(ctx);
    await requestPayout(ctx.app, id, bcm);
    expect((await approvePayout(ctx.app, id, await login(ctx.app, RAVI))).status).toBe(403);
    await ctx.db.update(applications).set({ status: 'AGREEMENT_SIGNED' }).where(eq(applications.id, id));
    expect((await approvePayout(ctx.app, id, bm)).status).toBe(409);
    await ctx.db.update(applications).set({ status: 'DISBURSAL_READY' }).where(eq(applications.id, id));
    const key = { headers: { 'idempotency-key': 'approve-1' } };
    const first = await approvePayout(ctx.app, id, bm, key);
    const replay = await approvePayout(ctx.app, id, bm, key);
    expect(first.body.data.state).toBe('PAID');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await onceCounts(ctx.db, id)).toEqual(PAID_ONCE);
  });

  it('a failed payout is recorded and the maker may request again: a new reference, paid once', async () => {
    const { id, bcm, bm } = await disbursalReady(ctx, { account: { account_number: '30012345999', ifsc_code: 'SBIN0001234' } });
    await requestPayout(ctx.app, id, bcm);
    const failed = await approvePayout(ctx.app, id, bm);
    expect(failed.body.data).toMatchObject({ state: 'FAILED', application_status: 'DISBURSAL_READY', failed_attempts: 1 });
    expect(failed.body.data.failure_reason).toMatch(/ACCOUNT_CLOSED/);
    expect((await historyOf(id)).at(-1)).toMatchObject({ action: 'PAYOUT_FAILED' });
    await withVerifiedAccount(ctx.db, id, ACCOUNT);
    const again = await requestPayout(ctx.app, id, bcm);
    expect(again.body.data).toMatchObject({ state: 'REQUESTED', reference: `${id}-2`, account: 'XXXXXX5678' });
    const paid = await approvePayout(ctx.app, id, bm);
    expect(paid.body.data.state).toBe('PAID');
    expect(await onceCounts(ctx.db, id)).toEqual(PAID_ONCE);
  });
});

describe('the cooling-off exit', () => {
  const EXIT = (id: string) => `${BASE}/${id}/cooling-off-exit`;
  async function paid() {
    const ready = await disbursalReady(ctx);
    await requestPayout(ctx.app, ready.id, ready.bcm);
    const res = await approvePayout(ctx.app, ready.id, ready.bm);
    expect(res.body.data.state).toBe('PAID');
    return ready;
  }

  it('shows the amount payable with its working, then records its receipt: CANCELLED, with the history and loan.cancelled', async () => {
    const { id } = await paid();
    ctx.clock.advance(2 * DAY);
    const bcm = await login(ctx.app, MEENA);
    const quote = await get(ctx.app, EXIT(id), { token: bcm });
    expect(quote.status, quote.body.message).toBe(200);
    const q = quote.body.data;
    expect(q).toMatchObject({
      principal: 100000,
      days_held: 2,
      disbursement_date: '2026-01-15',
      exit_date: '2026-01-17',
      last_day: '2026-01-18',
      within_window: true,
    });
    // Principal × APR × days / 365, to the paisa.
    expect(q.interest).toBe(Math.round((100000 * q.apr_percent * 2) / 365) / 100);
    expect(q.total).toBe(100000 + q.interest);
    expect(q.working).toBe(`₹1,00,000.00 × ${q.apr_percent.toFixed(2)}% × 2 / 365 = ₹${q.interest.toFixed(2)}`);
    const wrong = await post(ctx.app, EXIT(id), { amount_received: q.total - 0.01, receipt_reference: 'RCPT-1' }, { token: bcm });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`The amount received must be exactly the amount payable, ₹${q.total.toFixed(2)}.`);
    const done = await post(ctx.app, EXIT(id), { amount_received: q.total, receipt_reference: 'RCPT-1' }, { token: bcm });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ total: q.total, receipt_reference: 'RCPT-1' });
    expect(await statusOf(id)).toBe('CANCELLED');
    expect((await historyOf(id)).slice(-2).map((h) => [h.action, h.to])).toEqual([
      ['COOLING_OFF_EXIT', 'CANCELLED'],
      ['MOVED', 'CANCELLED'],
    ]);
    const events = await ctx.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.application_id, id), eq(loanEvents.type, 'loan.cancelled')));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ reason: 'COOLING_OFF_EXIT', exit: { total: q.total, receipt_reference: 'RCPT-1' } });
    const view = await get(ctx.app, `${BASE}/${id}/disbursement`, { token: bcm });
    expect(view.body.data).toMatchObject({ state: 'PAID', cancelled: true, application_status: 'CANCELLED' });
  });

  it('after the window: 409 with the reason; only the credit manager records it', async () => {
    const { id, bm } = await paid();
    expect((await post(ctx.app, EXIT(id), { amount_received: 1, receipt_reference: 'R1' }, { token: bm })).status).toBe(403);
    ctx.clock.advance(4 * DAY);
    const bcm = await login(ctx.app, MEENA);
    const quote = await get(ctx.app, EXIT(id), { token: bcm });
    expect(quote.body.data.within_window).toBe(false);
    const late = await post(ctx.app, EXIT(id), { amount_received: quote.body.data.total, receipt_reference: 'R1' }, { token: bcm });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      "The cooling-off period ended on 18-01-2026: the borrower can no longer exit without the loan's foreclosure terms.",
    );
    expect(await statusOf(id)).toBe('DISBURSED');
  });

  it('before the payout: 409', async () => {
    const { id, bcm } = await disbursalReady(ctx);
    expect((await get(ctx.app, EXIT(id), { token: bcm })).status).toBe(409);
    expect((await post(ctx.app, EXIT(id), { amount_received: 1, receipt_reference: 'R1' }, { token: bcm })).status).toBe(409);
  });
});
