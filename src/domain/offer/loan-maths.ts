import { dueDates, emiStartDate, type CalendarDate } from '../shared/dates';

/**
 * Loan offer money maths (DECISIONS.md "Loan offer"), in paise.
 *
 * Representation: every amount is a whole number of paise (a safe integer `number`) at the
 * edges; rates are whole basis points (24% p.a. = 2400). Anything in between is an exact
 * fraction of `bigint`s rounded once, half up (every value rounded here is non-negative): the
 * EMI to the rupee, fees and interest to the paisa. No floating point touches money; the only
 * float is the APR search (key-facts.ts).
 */

/** A rate given as a percentage or fraction (24, 0.02) to whole basis points; config, not money. */
export const percentToBps = (percent: number) => Math.round(percent * 100);
export const fractionToBps = (fraction: number) => Math.round(fraction * 10000);

/** Whole rupees or rupees with up to 2 decimals (the wire) to paise, and back. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;

/** num / den rounded half up, for num ≥ 0 and den > 0. */
export const roundHalfUp = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);

const MONTHS_BPS = 120000n; // 12 months × 10000 bps: r = bps / 120000
const DAYS_BPS = 3650000n; // 365 days × 10000 bps: a day's rate = bps / 3650000

/** A whole, non-negative number of paise as a bigint; anything else is a RangeError naming `what`. */
export function wholePaise(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole paise, got ${value}`);
  return BigInt(value);
}

/** `bps` basis points of `paise`, to the paisa half up: 2% of ₹75,001 = 1,50,002 paise. */
export const shareOf = (paise: number, bps: number) => Number(roundHalfUp(wholePaise(paise, 'amount') * BigInt(bps), 10000n));

/**
 * EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r = annual rate / 12, rounded to the rupee half up,
 * in paise. With r = b / 120000 this is exactly P·b·(120000+b)^n / (120000·((120000+b)^n − 120000^n)).
 */
export function emiPaise(principal: number, annualRateBps: number, months: number): number {
  const p = wholePaise(principal, 'principal');
  if (p === 0n || !Number.isInteger(months) || months < 1) return 0;
  const b = BigInt(annualRateBps);
  if (b === 0n) return Number(roundHalfUp(p, BigInt(months) * 100n) * 100n);
  const grown = (MONTHS_BPS + b) ** BigInt(months);
  const base = MONTHS_BPS ** BigInt(months);
  return Number(roundHalfUp(p * b * grown, MONTHS_BPS * (grown - base) * 100n) * 100n);
}

/** The EMI of a whole-rupee principal, in rupees (the EMI is always whole rupees). */
export function emiExact(principalRupees: number, annualRateBps: number, months: number): number {
  if (!Number.isSafeInteger(principalRupees) || principalRupees < 0)
    throw new RangeError(`principal must be whole rupees, got ${principalRupees}`);
  return emiPaise(principalRupees * 100, annualRateBps, months) / 100;
}

export type UpfrontCharges = { processingFee: number; gstOnFee: number; insurance: number; total: number };
export type FeeRates = { feeBps: number; gstBps: number; insuranceBps: number };
export const DEFAULT_FEE_RATES: FeeRates = { feeBps: 200, gstBps: 1800, insuranceBps: 100 };

/**
 * Processing fee = fee rate × amount; GST = GST rate × the (rounded) fee; insurance = insurance
 * rate × amount; each to the paisa half up, in paise. Defaults: 2%, 18%, 1% (DECISIONS.md).
 */
export function upfrontCharges(amount: number, rates: FeeRates = DEFAULT_FEE_RATES): UpfrontCharges {
  const processingFee = shareOf(amount, rates.feeBps);
  const gstOnFee = shareOf(processingFee, rates.gstBps);
  const insurance = shareOf(amount, rates.insuranceBps);
  return { processingFee, gstOnFee, insurance, total: processingFee + gstOnFee + insurance };
}

/** The EMI date rule is dates.ts's; also named here beside the schedule it starts. */
export { emiStartDate };

export type Instalment = {
  number: number;
  date: CalendarDate;
  /** Days from the disbursement to this due date (the APR's t_k × 365 / 12). */
  days: number;
  /** Paise, as every field below. */
  opening: number;
  emi: number;
  principal: number;
  interest: number;
  balance: number;
};

/**
 * n monthly instalments, the first on the EMI start date, then on the 5th of each month. The
 * first instalment's interest is P × annual rate × (days from disbursement to its due date) / 365
 * and its principal the regular one (EMI − P·r), so it is smaller than an EMI after a short first
 * period and larger after a long one. Later: interest = balance × r, principal = EMI − interest.
 * Interest to the paisa half up. The last instalment repays the whole remaining balance (its
 * payment is that balance plus its interest), so the principal sums to the amount and the last
 * balance is exactly 0.
 */
export function repaymentSchedule(amount: number, annualRateBps: number, months: number, disbursed: CalendarDate): Instalment[] {
  const emi = BigInt(emiPaise(amount, annualRateBps, months));
  const b = BigInt(annualRateBps);
  const due = dueDates(disbursed, months);
  let balance = wholePaise(amount, 'amount');
  const rows: Instalment[] = [];
  for (let k = 1; k <= months; k++) {
    const { date, days } = due[k - 1]!;
    const regularInterest = roundHalfUp(balance * b, MONTHS_BPS);
    const interest = k === 1 ? roundHalfUp(balance * b * BigInt(days), DAYS_BPS) : regularInterest;
    const principal = k === months ? balance : emi - regularInterest;
    const opening = balance;
    balance -= principal;
    rows.push({
      number: k,
      date,
      days,
      opening: Number(opening),
      emi: Number(principal + interest),
      principal: Number(principal),
      interest: Number(interest),
      balance: Number(balance),
    });
  }
  return rows;
}
