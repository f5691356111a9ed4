import { and, eq } from 'drizzle-orm';
import {
  calendarDateOf,
  checkPostSanctionMove,
  coolingOffQuote,
  coolingOffWorking,
  formatDisplayDate,
  formatIsoDate,
  parseDate,
  toPaise,
  toRupees,
  type CoolingOffExitRequest,
  type CoolingOffView,
  type CoolingOffQuote,
} from '../../../domain';
import { applications, disbursements, type ApplicationRow, type DisbursementRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { loadApplicationFor } from '../../kernels/access';
import { recordEvent } from '../../kernels/history';
import { recordLoanEvent } from '../../kernels/history';
import { storedOffer } from '../../kernels/offers';
import type { DisbursementCall } from './disbursement.service';
import { livePayoutOf } from './disbursement.view';
import { loanCancelledPayload } from './loan-event.payload';
import { said } from '../../kernels/messages';

/**
 * The borrower's cooling-off exit (issue 34 item 4): the credit manager first reads the amount
 * payable with its working (GET), then records its receipt (POST): the loan is CANCELLED with
 * the history and a loan.cancelled event, in one transaction. The amount is the domain's
 * (cooling-off.ts), on the final schedule's principal and APR, for the days from the actual
 * payout date to today (India).
 */

type Quoted = { quote: CoolingOffQuote; paidOn: string; exitDate: string };

function quoteFor(row: ApplicationRow, payout: DisbursementRow, now: number): Quoted | null {
  const facts = payout.final_schedule as { loan_amount?: number; apr_percent?: number; disbursement_date?: string } | null;
  const paidOn = parseDate(facts?.disbursement_date);
  if (!facts || !paidOn || typeof facts.loan_amount !== 'number' || typeof facts.apr_percent !== 'number') return null;
  const exitDate = calendarDateOf(new Date(now));
  const quote = coolingOffQuote({
    principal: toPaise(facts.loan_amount),
    aprHundredths: Math.round(facts.apr_percent * 100),
    disbursed: paidOn,
    exitDate,
    coolingOffDays: storedOffer(row)?.disclosures?.cooling_off_days ?? 3,
  });
  return { quote, paidOn: formatIsoDate(paidOn), exitDate: formatIsoDate(exitDate) };
}

function viewOf(
  { quote, paidOn, exitDate }: Quoted,
  recorded: { receipt_reference?: string; recorded_at?: string } | null,
): CoolingOffView {
  return {
    principal: toRupees(quote.principal),
    interest: toRupees(quote.interest),
    total: toRupees(quote.total),
    days_held: quote.days,
    apr_percent: quote.aprHundredths / 100,
    disbursement_date: paidOn,
    exit_date: exitDate,
    last_day: formatIsoDate(quote.lastDay),
    within_window: quote.within,
    working: coolingOffWorking(quote),
    receipt_reference: recorded?.receipt_reference ?? null,
    recorded_at: recorded?.recorded_at ?? null,
  };
}

/** The paid payout of an application, or why there is none to exit from. */
async function paidPayout(call: DisbursementCall, tx: Parameters<typeof livePayoutOf>[0], row: ApplicationRow, lock = false) {
  const payout = await livePayoutOf(tx, call.tenant, row.id, lock);
  return payout?.state === 'PAID' ? payout : null;
}

/** GET /:id/cooling-off-exit: the amount payable today with its working (or the exit as recorded). */
export async function quoteCoolingOffExit(call: DisbursementCall, id: string): Promise<Outcome<CoolingOffView>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, id, 'offer-read');
  if (!access.ok) return refusedAs(access);
  const row = access.application;
  const payout = await paidPayout(call, call.db, row);
  const recorded = payout?.cooling_off_exit as (CoolingOffView & { recorded_at: string }) | null | undefined;
  if (recorded) return accept(recorded);
  const quoted = payout ? quoteFor(row, payout, call.clock.now()) : null;
  return quoted ? accept(viewOf(quoted, null)) : refuse(409, said('disbursement.notDisbursed'));
}

/** POST /:id/cooling-off-exit: the receipt of exactly the amount payable, within the period; the loan is CANCELLED. */
export async function recordCoolingOffExit(
  call: DisbursementCall,
  id: string,
  body: CoolingOffExitRequest,
): Promise<Outcome<CoolingOffView>> {
  const now = call.clock.now();
  return transact(call.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, id, 'cooling-off-exit', true);
    if (!access.ok) return refusedAs(access);
    const row = access.application;
    const payout = await paidPayout(call, tx, row, true);
    const quoted = payout ? quoteFor(row, payout, now) : null;
    if (!payout || !quoted) return refuse(409, said('disbursement.notDisbursed'));
    if (!quoted.quote.within) return refuse(409, said('disbursement.windowClosed', { date: formatDisplayDate(quoted.quote.lastDay) }));
    if (toPaise(body.amount_received) !== quoted.quote.total)
      return refuse(400, said('disbursement.amountDiffers', { amount: `₹${toRupees(quoted.quote.total).toFixed(2)}` }));
    const exit = viewOf(quoted, { receipt_reference: body.receipt_reference, recorded_at: new Date(now).toISOString() });
    if (!checkPostSanctionMove(row.status, 'CANCELLED').ok) return refuse(409, said('disbursement.notDisbursed'));
    await tx
      .update(disbursements)
      .set({ cooling_off_exit: exit as unknown as Record<string, unknown> })
      .where(and(eq(disbursements.tenant_id, call.tenant), eq(disbursements.reference, payout.reference)));
    await tx
      .update(applications)
      .set({ status: 'CANCELLED', updated_at: new Date(now), resubmitted_at: null })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, row.id)));
    const event = { tenant: call.tenant, applicationId: row.id, at: now, actorId: call.user.id };
    await recordEvent(tx, { ...event, action: 'COOLING_OFF_EXIT', from: row.status, to: 'CANCELLED', detail: exit });
    await recordEvent(tx, { ...event, action: 'MOVED', from: row.status, to: 'CANCELLED' });
    await recordLoanEvent(tx, call.tenant, {
      type: 'loan.cancelled',
      applicationId: row.id,
      at: now,
      payload: loanCancelledPayload(row, payout, exit),
    });
    return accept(exit);
  });
}
