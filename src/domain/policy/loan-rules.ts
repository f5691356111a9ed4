import { LOAN_LIMITS, LOAN_TYPES, type LoanType } from './enums';
import { DEFAULT_LOAN_PRICING } from '../offer/loan-pricing';
import { emiExact, percentToBps } from '../offer/loan-maths';
import { APP_MSG, loanAmountRangeMessage, loanTenureRangeMessage } from '../messages/application-messages';

export const isLoanType = (value: unknown): value is LoanType => (LOAN_TYPES as readonly unknown[]).includes(value);

/** Tenure options in months for the loan type, in table order; empty for an unknown type. */
export function tenureOptions(loanType: unknown): readonly number[] {
  return isLoanType(loanType) ? LOAN_LIMITS[loanType].tenures : [];
}

/** Spec 02 §5: the default tenure is the first option of the loan type's table. */
export const defaultTenure = (loanType: unknown): number | undefined => tenureOptions(loanType)[0];

const asNumber = (value: unknown): number =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;

/**
 * The message for amount_requested, or null when it is acceptable: below 1 or not a number is
 * 'Invalid loan amount'; outside the loan type's limits is 'Loan amount must be between X and Y'.
 * With an unknown loan type only the minimum of 1 applies (the loan type field reports itself).
 */
export function loanAmountMessage(loanType: unknown, amount: unknown): string | null {
  const value = asNumber(amount);
  if (!Number.isFinite(value) || value < 1) return APP_MSG.invalidLoanAmount;
  if (!isLoanType(loanType)) return null;
  const { minAmount, maxAmount } = LOAN_LIMITS[loanType];
  return value < minAmount || value > maxAmount ? loanAmountRangeMessage(minAmount, maxAmount) : null;
}

/**
 * The message for tenure_requested, or null: not a whole number of at least 1 is 'Invalid loan
 * tenure'; outside the first and last options is 'Loan tenure must be between X and Y months';
 * inside the range but not one of the options (15 for an MFI loan) is 'Invalid loan tenure'.
 */
export function loanTenureMessage(loanType: unknown, tenure: unknown): string | null {
  const value = asNumber(tenure);
  if (!Number.isInteger(value) || value < 1) return APP_MSG.invalidLoanTenure;
  if (!isLoanType(loanType)) return null;
  const options = LOAN_LIMITS[loanType].tenures;
  const min = options[0]!;
  const max = options[options.length - 1]!;
  if (value < min || value > max) return loanTenureRangeMessage(min, max);
  return options.includes(value) ? null : APP_MSG.invalidLoanTenure;
}

/**
 * EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r the annual rate / 12 (DECISIONS.md), rounded to the
 * rupee. A zero rate is P / n. Whole rupees at a rate in whole basis points (every loan offer)
 * go through the exact `emiExact`; anything else falls back to floating point.
 */
export function calculateEmi(principal: number, annualRatePercent: number, months: number): number {
  if (!(principal > 0) || !(months > 0)) return 0;
  const bps = percentToBps(annualRatePercent);
  const exactRate = bps >= 0 && Math.abs(bps - annualRatePercent * 100) < 1e-9;
  if (Number.isSafeInteger(principal) && Number.isInteger(months) && exactRate) return emiExact(principal, bps, months);
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return Math.round(principal / months);
  const growth = (1 + r) ** months;
  return Math.round((principal * r * growth) / (growth - 1));
}

/** EMI at the loan type's annual rate (tenant pricing, DECISIONS.md defaults when not given). */
export function emiForLoan(
  loanType: LoanType,
  principal: number,
  months: number,
  ratesPa: Record<LoanType, number> = DEFAULT_LOAN_PRICING.interest_rate_pa,
): number {
  return calculateEmi(principal, ratesPa[loanType], months);
}
