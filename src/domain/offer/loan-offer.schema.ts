import { isObject } from '../shared/is-object';
import * as z from 'zod/mini';
import { APP_MSG, loanAmountRangeMessage, rupees } from '../messages/application-messages';
import type { BusinessCpvFigures, ResidenceCpvFigures } from '../policy/bre';
import { addDays, compareDates, formatIsoDate, parseDate, type CalendarDate } from '../shared/dates';
import { LOAN_LIMITS, type LoanType } from '../policy/enums';
import { loanTenureMessage } from '../policy/loan-rules';
import { PATTERNS } from '../identity/patterns';
import type { KfsAcknowledgement, OfferBasis } from './kfs-consent';
import type { LoanDisclosures } from '../identity/profile';

/**
 * The loan offer (spec 02 §7 "Loan offer fetch", "Loan offer update", "EMI start date"; DECISIONS.md
 * "Business rules engine and loan offer"): the wire shapes of `POST/PATCH /api/v1/bureau/bre` and
 * `POST /api/v1/bureau/get-emi-start-date-from-disbursement-date`, the `loan_offer` stored in the
 * application's data (docs/contract), and the checks of the credit manager's edits. Money travels
 * and is stored in rupees with at most 2 decimals (the maths is in paise); the loan amount is whole
 * rupees; dates travel and are stored as YYYY-MM-DD.
 */

/** How far ahead a disbursement may be planned: a sanction is acted on within a month. */
export const MAX_DISBURSEMENT_DAYS_AHEAD = 30;

export const LOAN_OFFER_MSG = {
  invalidApplicationId: 'application_id must be 32 lowercase hex characters',
  invalidSkipCache: 'skip_cache must be true or false',
  invalidIsAccepted: 'is_accepted must be true or false',
  invalidUpdatedInfo: 'updated_info must be an object with the loan amount, tenure and disbursement date',
  invalidAmount: APP_MSG.invalidLoanAmount,
  invalidTenure: APP_MSG.invalidLoanTenure,
  invalidDisbursementDate: 'Invalid disbursement date',
  invalidEmiStartDate: 'Invalid EMI start date',
  invalidPhone: 'Invalid mobile number',
  disbursementInPast: 'Disbursement date cannot be in the past',
  disbursementTooFar: `Disbursement date must be within ${MAX_DISBURSEMENT_DAYS_AHEAD} days from today`,
  amountAboveSuggested: (suggested: number) => `Loan amount cannot be more than the suggested amount of ${rupees(suggested)}`,
  tenureAboveMax: (max: number) => `Loan tenure cannot be more than ${max} months for this borrower's risk category`,
  emiStartMismatch: (expected: string) => `EMI start date must be ${expected} for this disbursement date`,
  alreadyAccepted: 'The loan offer is already accepted: an accepted offer cannot be accepted again or changed.',
  noOffer: 'No loan offer yet: compute the loan offer first.',
  offerRejected: 'The loan offer was rejected by the business rules engine: it cannot be edited or accepted.',
  acceptNeedsPd2: 'The loan offer can be accepted only once PD2 is complete.',
  noRejectionProposed: 'The business rules engine has not proposed a rejection: compute the offer first.',
  proposalOutdated: 'The figures changed since the business rules engine ran: compute the offer again.',
} as const;

const applicationId = z
  .string(LOAN_OFFER_MSG.invalidApplicationId)
  .check(z.maxLength(32, LOAN_OFFER_MSG.invalidApplicationId), z.regex(PATTERNS.applicationId, LOAN_OFFER_MSG.invalidApplicationId));

/** A date in any accepted spelling (YYYY-MM-DD on the wire), at most 10 characters. */
const dateText = (message: string) =>
  z.string(message).check(
    z.maxLength(10, message),
    z.refine((s) => parseDate(s) !== null, message),
  );

const wholeNumber = (message: string) => z.number(message).check(z.int(message), z.minimum(1, message), z.maximum(1e9, message));

/** `POST /api/v1/bureau/bre`: compute (skip_cache true) or read the stored offer (false). */
export const breRequestSchema = z.object({
  application_id: applicationId,
  skip_cache: z.optional(z.boolean(LOAN_OFFER_MSG.invalidSkipCache)),
});
export type BreRequest = z.infer<typeof breRequestSchema>;

/** `GET /api/v1/bureau/bre?application_id=`: the engine's inputs and the stored offer, read only. */
export const breInputsQuerySchema = z.object({ application_id: applicationId });

/** `POST /api/v1/bureau/bre/confirm-rejection`: the credit manager confirms the engine's proposed rejection. */
export const confirmRejectionSchema = z.object({ application_id: applicationId });
export type ConfirmRejectionRequest = z.infer<typeof confirmRejectionSchema>;

/** `POST /api/v1/bureau/get-emi-start-date-from-disbursement-date`. */
export const emiStartDateRequestSchema = z.object({
  disbursement_date_str: dateText(LOAN_OFFER_MSG.invalidDisbursementDate),
});

/** What the branch credit manager changes (spec 02 §7 "Loan offer update": updated_info). */
export const offerEditSchema = z.object({
  final_suggested_loan_amount: wholeNumber(LOAN_OFFER_MSG.invalidAmount),
  risk_category_and_loan_type_wise_max_tenure: wholeNumber(LOAN_OFFER_MSG.invalidTenure),
  disbursement_date: dateText(LOAN_OFFER_MSG.invalidDisbursementDate),
  emi_start_date: z.optional(z.nullable(dateText(LOAN_OFFER_MSG.invalidEmiStartDate))),
});
export type OfferEditInput = z.infer<typeof offerEditSchema>;

/** `PATCH /api/v1/bureau/bre`: an edit (is_accepted false) or the acceptance (true), which cannot be undone. */
export const loanOfferUpdateSchema = z.object({
  application_id: applicationId,
  updated_info: z.object(offerEditSchema.shape, LOAN_OFFER_MSG.invalidUpdatedInfo),
  is_accepted: z.optional(z.boolean(LOAN_OFFER_MSG.invalidIsAccepted)),
  phone: z.optional(z.nullable(z.string(LOAN_OFFER_MSG.invalidPhone).check(z.maxLength(10, LOAN_OFFER_MSG.invalidPhone)))),
});
export type LoanOfferUpdate = z.infer<typeof loanOfferUpdateSchema>;

export type BreDecisionValue = 'APPROVED' | 'REJECTED';

/**
 * `applications.data.loan_offer` (the shared contract's keys, then this module's own). Money in
 * rupees with 2 decimals; `interest_rate` in % a year; `risk_category_and_loan_type_wise_max_tenure` is the tenure
 * of the offer (the BRE's maximum until the credit manager chooses a shorter one); the money
 * fields are null when the BRE rejected for insufficient surplus (there is no amount to price).
 */
export type LoanOffer = {
  bre_score: number;
  decision: BreDecisionValue;
  reasons: string[];
  interest_rate: number;
  final_suggested_emi: number | null;
  /** The processing fee plus its GST. */
  total_processing_fee_amount: number | null;
  insurance_fee: number | null;
  final_suggested_loan_amount: number | null;
  risk_category_and_loan_type_wise_max_tenure: number;
  disbursement_date: string | null;
  emi_start_date: string | null;
  is_accepted: boolean;
  accepted_at?: string;
  computed_at: string;
  // Beyond the contract: what the edits are checked against, and the fee split.
  loan_type: LoanType;
  monthly_surplus: number;
  /** The BRE's suggested amount: the edited amount may not exceed it. */
  bre_suggested_loan_amount: number | null;
  /** The BRE's longest tenure for the score: the edited tenure may not exceed it. */
  bre_max_tenure: number;
  processing_fee: number | null;
  gst_on_processing_fee: number | null;
  /** The tenant's disclosures when the offer was priced: a charge not in the statement may not be levied. */
  disclosures?: LoanDisclosures;
  updated_at?: string;
  /** What the engine ran on (absent on offers computed before it was kept): a proposal is current while these still hold. */
  inputs?: BreInputs;
  /** A REJECTED proposal confirmed by the credit manager (the application moved to REJECTED). */
  rejection_confirmed_at?: string;
  /** The Key Fact Statement of these terms (kfs-consent.ts): a new number for each priced version. */
  kfs_number?: string;
  kfs_version?: number;
  kfs_issued_at?: string;
  /** YYYY-MM-DD in India: the last day it may be accepted. */
  kfs_valid_until?: string;
  /** The borrower's acknowledgement of this version (null: none yet, or voided). */
  acknowledgement?: KfsAcknowledgement | null;
  /** The application's state when the offer was accepted: a later change voids the acceptance. */
  accepted_basis?: OfferBasis;
  /** The last acceptance voided, and why. */
  voided?: { at: string; reasons: string[] };
};

/**
 * The engine's inputs (DECISIONS.md "Business rules engine and loan offer": opening the offer shows
 * them): the CPV figures as stored (whole rupees, the margin in %), the loan asked for, and the
 * surplus with its parts in rupees with 2 decimals.
 */
export type BreInputs = {
  loan_type: LoanType;
  amount_requested: number;
  business: BusinessCpvFigures;
  house: ResidenceCpvFigures;
  gross_profit: number;
  business_expenses: number;
  household_expenses: number;
  monthly_surplus: number;
};

/** Whether two inputs are the same run of the engine (the figures and the loan asked for; the parts follow from them). */
export const sameBreInputs = (a: BreInputs, b: BreInputs): boolean =>
  a.loan_type === b.loan_type &&
  a.amount_requested === b.amount_requested &&
  JSON.stringify(Object.entries(a.business).sort()) === JSON.stringify(Object.entries(b.business).sort()) &&
  JSON.stringify(Object.entries(a.house).sort()) === JSON.stringify(Object.entries(b.house).sort());

/** What `GET /api/v1/bureau/bre` answers: the inputs now (null with what is missing), the stored offer, and whether it was computed from these inputs. */
export type BreInputsView = {
  inputs: BreInputs | null;
  missing: string[];
  offer: LoanOfferView | null;
  offer_current: boolean;
};

export type ScheduleRowView = {
  number: number;
  date: string;
  /** Days from the disbursement to this due date. */
  days: number;
  opening_balance: number;
  emi: number;
  principal: number;
  interest: number;
  balance: number;
};

/** The Key Fact Statement of an offer (RBI digital lending rules), computed by the server from the stored offer. */
export type KeyFactsView = {
  loan_type: LoanType;
  loan_amount: number;
  tenure_months: number;
  interest_rate: number;
  emi: number;
  processing_fee: number;
  gst_on_processing_fee: number;
  insurance_fee: number;
  total_upfront_charges: number;
  net_disbursed_amount: number;
  /** APR in % with 2 decimals. */
  apr_percent: number;
  total_interest: number;
  total_payable: number;
  disbursement_date: string;
  emi_start_date: string;
  schedule: ScheduleRowView[];
  /** Contingent charges, insurer, grievance officer and cooling-off period (tenant configuration). */
  disclosures: LoanDisclosures;
};

/** What `POST` and `PATCH /api/v1/bureau/bre` answer: the stored offer, its KFS (null when rejected), and `updated_info` as spec 02 §7 reads it. */
export type LoanOfferView = LoanOffer & {
  key_facts: KeyFactsView | null;
  /** The statement is past its validity: it is re-issued (computed again) before it can be accepted. */
  kfs_expired: boolean;
  /** The borrower acknowledged this very version. */
  kfs_acknowledged: boolean;
  updated_info: {
    final_suggested_loan_amount: number | null;
    risk_category_and_loan_type_wise_max_tenure: number;
    disbursement_date: string | null;
    emi_start_date: string | null;
    final_suggested_emi: number | null;
    total_processing_fee_amount: number | null;
    insurance_fee: number | null;
  };
};

/** Calendar arithmetic is dates.ts's; `addDays` is also named here, where the offer's checks use it. */
export { addDays };

/** What an edit is checked against: the loan type and the BRE's caps. */
export type OfferLimits = { loan_type: LoanType; bre_suggested_loan_amount: number; bre_max_tenure: number };
export type OfferEdit = { amount: number; tenure: number; disbursementDate: string };

/** The first field an edit gets wrong, with its message; null when the edit is acceptable. */
export type OfferEditProblem = {
  field: 'final_suggested_loan_amount' | 'risk_category_and_loan_type_wise_max_tenure' | 'disbursement_date';
  message: string;
};

/**
 * The edit checks (DECISIONS.md "Business rules engine and loan offer", issue 12): the amount
 * whole rupees within the loan type's limits and not above the BRE's suggested amount; the tenure
 * one of the loan type's and not above the BRE's maximum for the score; the disbursement date a
 * real date, not before `today` and at most MAX_DISBURSEMENT_DAYS_AHEAD days after it.
 */
export function offerEditProblem(limits: OfferLimits, edit: OfferEdit, today: CalendarDate): OfferEditProblem | null {
  const { minAmount, maxAmount } = LOAN_LIMITS[limits.loan_type];
  const amount = edit.amount;
  if (!Number.isSafeInteger(amount) || amount < 1) return { field: 'final_suggested_loan_amount', message: LOAN_OFFER_MSG.invalidAmount };
  if (amount < minAmount || amount > maxAmount)
    return { field: 'final_suggested_loan_amount', message: loanAmountRangeMessage(minAmount, maxAmount) };
  if (amount > limits.bre_suggested_loan_amount)
    return { field: 'final_suggested_loan_amount', message: LOAN_OFFER_MSG.amountAboveSuggested(limits.bre_suggested_loan_amount) };
  const tenureMessage = loanTenureMessage(limits.loan_type, edit.tenure);
  if (tenureMessage) return { field: 'risk_category_and_loan_type_wise_max_tenure', message: tenureMessage };
  if (edit.tenure > limits.bre_max_tenure)
    return { field: 'risk_category_and_loan_type_wise_max_tenure', message: LOAN_OFFER_MSG.tenureAboveMax(limits.bre_max_tenure) };
  const date = parseDate(edit.disbursementDate);
  if (!date) return { field: 'disbursement_date', message: LOAN_OFFER_MSG.invalidDisbursementDate };
  if (compareDates(date, today) < 0) return { field: 'disbursement_date', message: LOAN_OFFER_MSG.disbursementInPast };
  if (compareDates(date, addDays(today, MAX_DISBURSEMENT_DAYS_AHEAD)) > 0)
    return { field: 'disbursement_date', message: LOAN_OFFER_MSG.disbursementTooFar };
  return null;
}

/** The latest disbursement date an edit may choose, YYYY-MM-DD (for the date input's max). */
export const latestDisbursementDate = (today: CalendarDate) => formatIsoDate(addDays(today, MAX_DISBURSEMENT_DAYS_AHEAD));

/** "A loan offer computed" (DECISIONS Review workflow, the contract): present and not REJECTED. */
export const isOfferComputed = (offer: unknown): boolean =>
  typeof offer === 'object' && offer !== null && (offer as { decision?: unknown }).decision !== 'REJECTED';

/** "Offer accepted" (the contract). */
export const isOfferAccepted = (offer: unknown): boolean => isObject(offer) && offer.is_accepted === true;
