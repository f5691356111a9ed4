import type { CalendarDate } from '../shared/dates';
import { emiPaise, emiStartDate, repaymentSchedule, type Instalment, type UpfrontCharges } from './loan-maths';

/**
 * The figures of the Key Fact Statement (DECISIONS.md "Key Fact Statement and the borrower's
 * consent"): APR on the actual dates, total interest, total payable and the schedule, in paise.
 */

/** A cash flow of the APR: `amount` paise paid by the borrower `days` after the disbursement. */
export type CashFlow = { days: number; amount: number };

/** The APR search stops when the monthly rate is bracketed this tightly (APR to ~1e-11 points). */
const MONTHLY_RATE_TOLERANCE = 1e-14;

/**
 * The internal rate of return as an APR in hundredths of a percent (2734 = 27.34%): APR = 12 × i,
 * where i solves net = Σ CF_k · (1 + i)^(−t_k) with t_k = days_k × 12 / 365 (RBI KFS Annex B on
 * actual dates). Bisection: the present value falls as i rises, so the root is bracketed and
 * halved until the bracket is under MONTHLY_RATE_TOLERANCE, far below the 0.005 points that
 * could move the second decimal. 0 when nothing is paid back above what was received.
 */
export function irrAprHundredths(net: number, flows: readonly CashFlow[]): number {
  const total = flows.reduce((a, f) => a + f.amount, 0);
  if (flows.length === 0 || !(net > 0) || total <= net) return 0;
  const t = flows.map((f) => (f.days * 12) / 365);
  const npv = (i: number) => flows.reduce((s, f, k) => s + f.amount * (1 + i) ** -t[k]!, 0) - net;
  let lo = 0;
  let hi = 1;
  while (npv(hi) > 0) hi *= 2;
  for (let n = 0; n < 400 && hi - lo > MONTHLY_RATE_TOLERANCE; n++) {
    const mid = (lo + hi) / 2;
    if (npv(mid) > 0) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 120000);
}

/**
 * The APR the statement discloses: the IRR above, never below the nominal rate while any fee is
 * charged (DECISIONS.md). Simple interest for a first period longer than a month costs a little
 * less than monthly compounding, so a tiny fee could otherwise show an APR under the rate.
 */
export function disclosedAprHundredths(irrHundredths: number, nominalBps: number, upfrontTotal: number): number {
  return upfrontTotal > 0 && irrHundredths < nominalBps ? nominalBps : irrHundredths;
}

export type KeyFacts = {
  emi: number;
  charges: UpfrontCharges;
  netDisbursed: number;
  emiStartDate: CalendarDate;
  schedule: Instalment[];
  totalInterest: number;
  /** Amount + total interest (RBI KFS "total amount to be paid by the borrower"). */
  totalPayable: number;
  /** APR in hundredths of a percent (2734 = 27.34%). */
  aprHundredths: number;
};

export type LoanTerms = { amount: number; annualRateBps: number; months: number; disbursed: CalendarDate };

/** Everything the Key Fact Statement shows for the terms (amount in paise) and the upfront charges taken. */
export function keyFacts(terms: LoanTerms, charges: UpfrontCharges): KeyFacts {
  const schedule = repaymentSchedule(terms.amount, terms.annualRateBps, terms.months, terms.disbursed);
  const totalInterest = schedule.reduce((a, row) => a + row.interest, 0);
  const netDisbursed = terms.amount - charges.total;
  const irr = irrAprHundredths(
    netDisbursed,
    schedule.map((row) => ({ days: row.days, amount: row.emi })),
  );
  return {
    emi: emiPaise(terms.amount, terms.annualRateBps, terms.months),
    charges,
    netDisbursed,
    emiStartDate: emiStartDate(terms.disbursed),
    schedule,
    totalInterest,
    totalPayable: terms.amount + totalInterest,
    aprHundredths: disclosedAprHundredths(irr, terms.annualRateBps, charges.total),
  };
}
