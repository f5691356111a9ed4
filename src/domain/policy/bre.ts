import { LOAN_LIMITS, type LoanType } from './enums';

/**
 * The sandbox business rules engine (DECISIONS.md "Business rules engine and loan offer"), pure.
 * The CPV figures are whole rupees and the gross margin a percentage with at most 2 decimals, so
 * the surplus is exact in ten-thousandths of a rupee (`SurplusExact`); nothing is rounded until
 * the end: the suggested amount is taken from the exact surplus, and only the surplus shown is
 * rounded to the paisa.
 */

/** A monthly surplus, exactly, in ten-thousandths of a rupee (hundredths of a paisa). */
export type SurplusExact = bigint;
const PER_RUPEE = 10000n;

/** The fixture BRE score of each sandbox persona; anyone else scores `DEFAULT_BRE_SCORE`. */
export const BRE_PERSONA_SCORES: Readonly<Record<string, number>> = {
  LAKSHMI: 742,
  RAMESH: 710,
  MOHAN: 768,
  SUNITA: 725,
  VIKRAM: 590,
};
export const DEFAULT_BRE_SCORE = 700;
/** Below this score the BRE rejects with LOW_BRE_SCORE. */
export const BRE_MIN_SCORE = 650;

export const breScore = (persona: string | null | undefined): number => {
  const key = (persona ?? '').trim().toUpperCase();
  return Object.hasOwn(BRE_PERSONA_SCORES, key) ? BRE_PERSONA_SCORES[key]! : DEFAULT_BRE_SCORE;
};

/** Business place CPV figures used by the surplus (spec 02 §3 wire names), monthly, in rupees. */
export type BusinessCpvFigures = {
  monthly_sales: number;
  gross_margin_percentage: number;
  rent: number;
  salary: number;
  electricity_and_fuel: number;
  machinery_repairs: number;
  transportation_and_petrol: number;
  admin_operating_expenses: number;
  others: number;
};

/** Residence CPV household expenses (spec 02 §3 wire names), monthly, in rupees. */
export type ResidenceCpvFigures = {
  house_rent: number;
  house_electricity_and_water: number;
  food_expenses: number;
  education_expenses: number;
  medical_expenses: number;
  insurance_premiums: number;
  house_others: number;
};

/** The business place's expense figures the surplus subtracts (CPV). */
export const BUSINESS_EXPENSES = [
  'rent',
  'salary',
  'electricity_and_fuel',
  'machinery_repairs',
  'transportation_and_petrol',
  'admin_operating_expenses',
  'others',
] as const satisfies readonly (keyof BusinessCpvFigures)[];

/** The household's expense figures the surplus subtracts (CPV). */
export const HOUSEHOLD_EXPENSES = [
  'house_rent',
  'house_electricity_and_water',
  'food_expenses',
  'education_expenses',
  'medical_expenses',
  'insurance_premiums',
  'house_others',
] as const satisfies readonly (keyof ResidenceCpvFigures)[];

function rupees(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole rupees, got ${value}`);
  return BigInt(value);
}

/** Household expenses: the sum of the residence CPV's expense fields. */
export const householdExpenses = (house: ResidenceCpvFigures): number =>
  Number(HOUSEHOLD_EXPENSES.reduce((sum, key) => sum + rupees(house[key], key), 0n));

/**
 * Monthly surplus = monthly sales × gross margin % − the business expenses − household expenses,
 * exact (may be negative): sales × (h / 100) % = sales × h / 10000 rupees with h the margin in hundredths.
 */
export function monthlySurplusExact(business: BusinessCpvFigures, house: ResidenceCpvFigures): SurplusExact {
  const marginHundredths = Math.round(business.gross_margin_percentage * 100);
  if (!(marginHundredths >= 0)) throw new RangeError('gross_margin_percentage must be 0 or more');
  const grossProfit = rupees(business.monthly_sales, 'monthly_sales') * BigInt(marginHundredths);
  const expenses = BUSINESS_EXPENSES.reduce((sum, key) => sum + rupees(business[key], key), 0n);
  return grossProfit - (expenses + BigInt(householdExpenses(house))) * PER_RUPEE;
}

/** The exact surplus to the paisa (half away from zero), for showing: 6,249.50 rupees = 624950. */
export function surplusPaise(exact: SurplusExact): number {
  const magnitude = exact < 0n ? -exact : exact;
  const paise = (2n * magnitude + 100n) / 200n;
  return Number(exact < 0n ? -paise : paise);
}

/** Monthly surplus in paise, rounded once at the end. */
export const monthlySurplus = (business: BusinessCpvFigures, house: ResidenceCpvFigures): number =>
  surplusPaise(monthlySurplusExact(business, house));

/** The parts of the monthly surplus, in paise, for showing the engine's inputs: sales × margin, the two expense totals, the surplus. */
export type SurplusParts = { grossProfit: number; businessExpenses: number; householdExpenses: number; surplus: number };

export function surplusParts(business: BusinessCpvFigures, house: ResidenceCpvFigures): SurplusParts {
  const marginHundredths = Math.round(business.gross_margin_percentage * 100);
  const gross = rupees(business.monthly_sales, 'monthly_sales') * BigInt(Math.max(0, marginHundredths));
  const businessExpenses = BUSINESS_EXPENSES.reduce((sum, key) => sum + rupees(business[key], key), 0n);
  return {
    grossProfit: surplusPaise(gross),
    businessExpenses: Number(businessExpenses) * 100,
    householdExpenses: householdExpenses(house) * 100,
    surplus: monthlySurplus(business, house),
  };
}

/** Max tenure by risk: ≥ 750 the loan type's longest; 700-749 24 months; below 700 18 months. */
export function maxTenureForScore(loanType: LoanType, score: number): number {
  const tenures = LOAN_LIMITS[loanType].tenures;
  if (score >= 750) return tenures[tenures.length - 1]!;
  return score >= 700 ? 24 : 18;
}

/**
 * Suggested amount in rupees: the lower of the requested amount and 12 × the exact surplus,
 * rounded down to ₹1,000, and at most the loan type's maximum; null when that is below the loan
 * type's minimum. 12 × ₹6,249.50 = ₹74,994 → ₹74,000, under the MFI minimum of ₹75,000.
 */
export function suggestedAmount(loanType: LoanType, requested: number, surplus: SurplusExact): number | null {
  const { minAmount, maxAmount } = LOAN_LIMITS[loanType];
  const caps = [BigInt(requested) * PER_RUPEE, 12n * surplus, BigInt(maxAmount) * PER_RUPEE];
  const capacity = caps.reduce((a, b) => (b < a ? b : a));
  const rounded = capacity > 0n ? Number(capacity / (1000n * PER_RUPEE)) * 1000 : 0;
  return rounded >= minAmount ? rounded : null;
}

/**
 * The default tenure of an offer: the tenure the borrower asked for, capped at the risk maximum
 * (DECISIONS.md "Loan offer"); the maximum when the request is not one of the loan type's tenures.
 */
export function defaultOfferTenure(loanType: LoanType, requested: unknown, maxTenure: number): number {
  const asked = typeof requested === 'string' && requested.trim() !== '' ? Number(requested) : requested;
  const valid = typeof asked === 'number' && (LOAN_LIMITS[loanType].tenures as readonly number[]).includes(asked);
  return valid ? Math.min(asked, maxTenure) : maxTenure;
}

export type BreReason = 'LOW_BRE_SCORE' | 'INSUFFICIENT_SURPLUS';
export type BreDecision = {
  decision: 'APPROVED' | 'REJECTED';
  reasons: BreReason[];
  score: number;
  /** Monthly surplus in paise (rounded once, for showing; the amount comes from the exact one). */
  surplus: number;
  /** Null when rejected for insufficient surplus. */
  suggestedAmount: number | null;
  maxTenure: number;
};

/** The BRE answer for a persona's score, the requested amount and the CPV figures. */
export function breDecision(
  loanType: LoanType,
  requested: number,
  score: number,
  business: BusinessCpvFigures,
  house: ResidenceCpvFigures,
): BreDecision {
  const surplus = monthlySurplusExact(business, house);
  const amount = suggestedAmount(loanType, rupeesOrThrow(requested), surplus);
  const reasons: BreReason[] = [];
  if (score < BRE_MIN_SCORE) reasons.push('LOW_BRE_SCORE');
  if (amount === null) reasons.push('INSUFFICIENT_SURPLUS');
  return {
    decision: reasons.length ? 'REJECTED' : 'APPROVED',
    reasons,
    score,
    surplus: surplusPaise(surplus),
    suggestedAmount: amount,
    maxTenure: maxTenureForScore(loanType, score),
  };
}

const rupeesOrThrow = (value: number) => Number(rupees(value, 'requested amount'));
