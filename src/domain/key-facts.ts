import type { CalendarDate } from './dates';
import { emiExact, emiStartDate, repaymentSchedule, upfrontCharges, wholeRupees, type Instalment, type UpfrontCharges } from './loan-maths';

/**
 * The Key Fact Statement of the RBI digital lending rules (DECISIONS.md "Business rules engine
 * and loan offer"): APR, total interest, total payable and the schedule. Money is whole rupees as
 * in loan-maths.ts; the APR search is the one place floating point is used, and its answer is
 * settled by an exact check (see `aprHundredths`).
 */

/** NPV × (V+u)^n at the monthly rate u/V, as an exact integer: only its sign is used. */
function scaledNpv(net: bigint, payments: readonly bigint[], u: bigint, V: bigint): bigint {
  const n = payments.length;
  const grown = V + u;
  let sum = -net * grown ** BigInt(n);
  payments.forEach((pay, i) => (sum += pay * V ** BigInt(i + 1) * grown ** BigInt(n - i - 1)));
  return sum;
}

/**
 * APR in hundredths of a percent: 12 × the monthly IRR of receiving `net` now and paying
 * `payments` monthly, × 100, rounded half up (2734 = 27.34%). A float bisection proposes the
 * answer; the exact sign of the NPV at the rounding boundaries (h ± 0.5 hundredths, i.e. monthly
 * (2h ± 1) / 240000) then settles it, so float error cannot move the second decimal.
 */
export function aprHundredths(net: number, payments: readonly number[]): number {
  const total = payments.reduce((a, p) => a + p, 0);
  if (payments.length === 0 || !(net > 0) || total <= net) return 0;
  const npv = (m: number) => payments.reduce((s, p, i) => s + p / (1 + m) ** (i + 1), 0) - net;
  let lo = 0;
  let hi = 1;
  while (npv(hi) > 0) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (npv(mid) > 0) lo = mid;
    else hi = mid;
  }
  let h = Math.round(((lo + hi) / 2) * 120000);
  const exact = payments.map((p) => wholeRupees(p, 'payment'));
  const n0 = wholeRupees(net, 'net');
  const at = (twiceH: number) => scaledNpv(n0, exact, BigInt(twiceH), 240000n);
  while (at(2 * h + 1) >= 0n) h++; // the IRR is at or above h + 0.5: it rounds up
  while (h > 0 && at(2 * h - 1) < 0n) h--; // the IRR is below h − 0.5: it rounds down
  return h;
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
  /** APR as a percentage with 2 decimals (27.34), from `aprHundredths`. */
  aprPercent: number;
};

/** Everything the Key Fact Statement shows for an amount, annual rate, tenure and disbursement date. */
export function keyFacts(
  amount: number,
  annualRateBps: number,
  months: number,
  disbursed: CalendarDate,
  fees: { feeBps: number; gstBps: number; insuranceBps: number } = { feeBps: 200, gstBps: 1800, insuranceBps: 100 },
): KeyFacts {
  const charges = upfrontCharges(amount, fees.feeBps, fees.gstBps, fees.insuranceBps);
  const start = emiStartDate(disbursed);
  const schedule = repaymentSchedule(amount, annualRateBps, months, start);
  const totalInterest = schedule.reduce((a, row) => a + row.interest, 0);
  const netDisbursed = amount - charges.total;
  const apr = aprHundredths(
    netDisbursed,
    schedule.map((row) => row.emi),
  );
  return {
    emi: emiExact(amount, annualRateBps, months),
    charges,
    netDisbursed,
    emiStartDate: start,
    schedule,
    totalInterest,
    totalPayable: amount + totalInterest,
    aprPercent: apr / 100,
  };
}
