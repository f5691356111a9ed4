import type { CalendarDate } from './dates';

/**
 * Loan offer money maths (DECISIONS.md "Loan offer", issue 12), exact to the rupee.
 *
 * Representation: every amount is a whole number of rupees (a safe integer `number`) at the
 * edges; rates are whole basis points (24% p.a. = 2400). Anything in between that is not a whole
 * rupee (EMI, interest, fees) is computed as an exact fraction of `bigint`s and rounded once to
 * the rupee, half up (x.5 goes to x+1; every value rounded here is non-negative). No floating
 * point touches money; the only float is the APR search, whose answer is then checked exactly.
 */

/** A rate given as a percentage or fraction (24, 0.02) to whole basis points; config, not money. */
export const percentToBps = (percent: number) => Math.round(percent * 100);
export const fractionToBps = (fraction: number) => Math.round(fraction * 10000);

/** num / den rounded half up, for num ≥ 0 and den > 0. */
export const roundHalfUp = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);

const MONTHS_BPS = 120000n; // 12 months × 10000 bps: r = bps / 120000

/** A whole, non-negative number of rupees as a bigint; anything else is a RangeError naming `what`. */
export function wholeRupees(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole rupees, got ${value}`);
  return BigInt(value);
}

/** `bps` basis points of `amount` rupees, to the rupee half up: 2% of 75,001 = 1,500.02 → 1,500. */
export const shareOf = (amount: number, bps: number) => Number(roundHalfUp(wholeRupees(amount, 'amount') * BigInt(bps), 10000n));

/**
 * EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r = annual rate / 12, rounded to the rupee half up.
 * With r = b / 120000 this is exactly P·b·(120000+b)^n / (120000·((120000+b)^n − 120000^n)).
 */
export function emiExact(principal: number, annualRateBps: number, months: number): number {
  const p = wholeRupees(principal, 'principal');
  if (p === 0n || !Number.isInteger(months) || months < 1) return 0;
  const b = BigInt(annualRateBps);
  if (b === 0n) return Number(roundHalfUp(p, BigInt(months)));
  const grown = (MONTHS_BPS + b) ** BigInt(months);
  const base = MONTHS_BPS ** BigInt(months);
  return Number(roundHalfUp(p * b * grown, MONTHS_BPS * (grown - base)));
}

export type UpfrontCharges = { processingFee: number; gstOnFee: number; insurance: number; total: number };

/**
 * Processing fee = fee rate × amount; GST = GST rate × the (rounded) fee; insurance = insurance
 * rate × amount; each to the rupee half up. Defaults: 2%, 18%, 1% (DECISIONS.md).
 */
export function upfrontCharges(amount: number, feeBps = 200, gstBps = 1800, insuranceBps = 100): UpfrontCharges {
  const processingFee = shareOf(amount, feeBps);
  const gstOnFee = shareOf(processingFee, gstBps);
  const insurance = shareOf(amount, insuranceBps);
  return { processingFee, gstOnFee, insurance, total: processingFee + gstOnFee + insurance };
}

/** The 5th of the month `offset` months after `d`'s month. */
const fifthOf = (d: CalendarDate, offset: number): CalendarDate => {
  const index = d.year * 12 + (d.month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 5 };
};

/** The 5th of the next month when disbursed on or before the 20th, else the 5th of the month after. */
export const emiStartDate = (disbursed: CalendarDate): CalendarDate => fifthOf(disbursed, disbursed.day <= 20 ? 1 : 2);

export type Instalment = { number: number; date: CalendarDate; emi: number; principal: number; interest: number; balance: number };

/**
 * n monthly instalments from the EMI start date (always a 5th). Interest each month = balance ×
 * r, rounded to the rupee half up; principal = EMI − interest. The last instalment repays the
 * whole remaining balance (its payment is that balance plus its interest), so the principal sums
 * to the amount and the last balance is 0.
 */
export function repaymentSchedule(amount: number, annualRateBps: number, months: number, start: CalendarDate): Instalment[] {
  const emi = BigInt(emiExact(amount, annualRateBps, months));
  const b = BigInt(annualRateBps);
  let balance = wholeRupees(amount, 'amount');
  const rows: Instalment[] = [];
  for (let k = 1; k <= months; k++) {
    const interest = roundHalfUp(balance * b, MONTHS_BPS);
    const principal = k === months ? balance : emi - interest;
    balance -= principal;
    rows.push({
      number: k,
      date: fifthOf(start, k - 1),
      emi: Number(principal + interest),
      principal: Number(principal),
      interest: Number(interest),
      balance: Number(balance),
    });
  }
  return rows;
}
