import { objectOrNull } from '../../../domain/shared/is-object';
import {
  BUSINESS_EXPENSES,
  HOUSEHOLD_EXPENSES,
  isLoanType,
  sameBreInputs,
  surplusParts,
  toRupees,
  type BreInputs,
  type BusinessCpvFigures,
  type LoanOffer,
  type ResidenceCpvFigures,
} from '../../../domain';

/**
 * The business rules engine's inputs read from an application's data (DECISIONS.md "Business
 * rules engine and loan offer"): the two field verifications (applications.data.app_mfi_cpv_info),
 * the loan type and the amount requested, and the surplus they give with its parts.
 */

type Data = Record<string, unknown>;

/** A stored figure as whole, non-negative rupees (numbers, or digits as text); missing is 0. */
export function rupees(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) && n > 0 ? Math.min(Math.round(n), Number.MAX_SAFE_INTEGER) : 0;
}
function percent(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) && n > 0 ? Math.round(Math.min(n, 100) * 100) / 100 : 0;
}

const BUSINESS_KEYS = ['monthly_sales', ...BUSINESS_EXPENSES] as const;

export type InputsRead = { ok: true; value: BreInputs } | { ok: false; missing: string[] };

/** The engine's inputs now, or what is missing (named, for the 409 and the screen). */
export function breInputsOf(data: Data): InputsRead {
  const cpv = objectOrNull(data.app_mfi_cpv_info);
  const place = objectOrNull(cpv?.business_place);
  const home = objectOrNull(cpv?.residence);
  const loanType = data.loan_type;
  const requested = rupees(data.amount_requested);
  const missing = [
    ...(place ? [] : ['business place verification (CPV)']),
    ...(home ? [] : ['residence verification (CPV)']),
    ...(isLoanType(loanType) && requested >= 1 ? [] : ['loan type and amount requested']),
  ];
  if (!place || !home || !isLoanType(loanType) || missing.length > 0) return { ok: false, missing };
  const business = {
    ...Object.fromEntries(BUSINESS_KEYS.map((k) => [k, rupees(place[k])])),
    gross_margin_percentage: percent(place.gross_margin_percentage),
  } as BusinessCpvFigures;
  const house = Object.fromEntries(HOUSEHOLD_EXPENSES.map((k) => [k, rupees(home[k])])) as ResidenceCpvFigures;
  const parts = surplusParts(business, house);
  return {
    ok: true,
    value: {
      loan_type: loanType,
      amount_requested: requested,
      business,
      house,
      gross_profit: toRupees(parts.grossProfit),
      business_expenses: toRupees(parts.businessExpenses),
      household_expenses: toRupees(parts.householdExpenses),
      monthly_surplus: toRupees(parts.surplus),
    },
  };
}

/**
 * Whether a stored offer was computed from the inputs the application has now. An accepted offer
 * stands as it is; one computed before the inputs were kept cannot be told apart, and counts.
 */
export function isOfferCurrent(offer: LoanOffer, now: InputsRead): boolean {
  if (offer.is_accepted || !offer.inputs) return true;
  return now.ok && sameBreInputs(offer.inputs, now.value);
}
