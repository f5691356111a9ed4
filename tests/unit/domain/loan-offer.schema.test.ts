import { describe, expect, it } from 'vitest';
import {
  addDays,
  breRequestSchema,
  emiStartDateRequestSchema,
  isOfferAccepted,
  isOfferComputed,
  latestDisbursementDate,
  loanOfferUpdateSchema,
  offerEditProblem,
  type OfferLimits,
} from '../../../src/domain/offer/loan-offer.schema';

const d = (year: number, month: number, day: number) => ({ year, month, day });
const TODAY = d(2026, 11, 23);
const MFI: OfferLimits = { loan_type: 'MFI_BUSINESS_LOAN', bre_suggested_loan_amount: 100000, bre_max_tenure: 24 };
const USL: OfferLimits = { loan_type: 'UNSECURED_BUSINESS_LOAN', bre_suggested_loan_amount: 500000, bre_max_tenure: 24 };
const ok = { amount: 90000, tenure: 18, disbursementDate: '2026-11-23' };

describe('the credit manager’s edit of an offer', () => {
  it.each([
    [MFI, { amount: 75000 }, null], // the MFI minimum
    [MFI, { amount: 100000 }, null], // exactly the suggested amount
    [MFI, { amount: 100001 }, 'Loan amount cannot be more than the suggested amount of ₹1,00,000'],
    [MFI, { amount: 74999 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [MFI, { amount: 125001 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [MFI, { amount: 0 }, 'Invalid loan amount'],
    [MFI, { amount: 90000.5 }, 'Invalid loan amount'],
    [MFI, { amount: Number.NaN }, 'Invalid loan amount'],
    [USL, { amount: 500000, tenure: 24 }, null], // the unsecured maximum
    [USL, { amount: 100000, tenure: 12 }, null], // the unsecured minimum, shortest tenure
    [USL, { amount: 100000, tenure: 30 }, "Loan tenure cannot be more than 24 months for this borrower's risk category"],
    [{ ...USL, bre_max_tenure: 36 }, { amount: 100000, tenure: 36 }, null], // score ≥ 750: the longest
    [MFI, { tenure: 24 }, null], // the BRE's max
    [MFI, { tenure: 36 }, 'Loan tenure must be between 12 and 24 months'],
    [MFI, { tenure: 15 }, 'Invalid loan tenure'],
    [{ ...MFI, bre_max_tenure: 18 }, { tenure: 24 }, "Loan tenure cannot be more than 18 months for this borrower's risk category"],
    [MFI, { disbursementDate: '2026-11-22' }, 'Disbursement date cannot be in the past'],
    [MFI, { disbursementDate: '23-11-2026' }, null], // today, in the display spelling
    [MFI, { disbursementDate: '2026-12-23' }, null], // 30 days ahead
    [MFI, { disbursementDate: '2026-12-24' }, 'Disbursement date must be within 30 days from today'],
    [MFI, { disbursementDate: '2026-02-30' }, 'Invalid disbursement date'],
  ] as const)('%j + %j: %s', (limits, edit, message) => {
    const problem = offerEditProblem(limits, { ...ok, ...edit }, TODAY);
    expect(problem?.message ?? null).toBe(message);
  });

  it('names the field the message is about, in form order', () => {
    expect(offerEditProblem(MFI, { amount: 1, tenure: 99, disbursementDate: 'x' }, TODAY)?.field).toBe('final_suggested_loan_amount');
    expect(offerEditProblem(MFI, { ...ok, tenure: 99, disbursementDate: 'x' }, TODAY)?.field).toBe(
      'risk_category_and_loan_type_wise_max_tenure',
    );
    expect(offerEditProblem(MFI, { ...ok, disbursementDate: 'x' }, TODAY)?.field).toBe('disbursement_date');
  });
});

describe('calendar days ahead', () => {
  it.each([
    [d(2026, 11, 23), 30, d(2026, 12, 23)],
    [d(2026, 12, 15), 30, d(2027, 1, 14)], // across the year
    [d(2028, 2, 28), 1, d(2028, 2, 29)], // leap day
    [d(2027, 2, 28), 1, d(2027, 3, 1)],
    [d(2026, 1, 31), 30, d(2026, 3, 2)],
  ])('%j + %i days = %j', (from, days, to) => expect(addDays(from, days)).toEqual(to));
  it('the latest disbursement date for the date input', () => expect(latestDisbursementDate(TODAY)).toBe('2026-12-23'));
});

describe('wire shapes', () => {
  const id = 'a'.repeat(32);
  it('POST bre: application_id exactly, skip_cache a boolean', () => {
    expect(breRequestSchema.safeParse({ application_id: id, skip_cache: true }).success).toBe(true);
    expect(breRequestSchema.safeParse({ application_id: id }).success).toBe(true);
    expect(breRequestSchema.safeParse({ application_id: id.toUpperCase() }).error?.issues[0]?.message).toBe(
      'application_id must be 32 lowercase hex characters',
    );
    expect(breRequestSchema.safeParse({ application_id: id, skip_cache: 'true' }).error?.issues[0]?.message).toBe(
      'skip_cache must be true or false',
    );
  });
  it('PATCH bre: numbers as numbers, dates that exist', () => {
    const body = {
      application_id: id,
      updated_info: {
        final_suggested_loan_amount: 90000,
        risk_category_and_loan_type_wise_max_tenure: 18,
        disbursement_date: '2026-11-23',
      },
      is_accepted: true,
      phone: '9876501234',
    };
    expect(loanOfferUpdateSchema.safeParse(body).success).toBe(true);
    const bad = (info: Record<string, unknown>) =>
      loanOfferUpdateSchema.safeParse({ ...body, updated_info: { ...body.updated_info, ...info } }).error?.issues[0]?.message;
    expect(bad({ final_suggested_loan_amount: '90000' })).toBe('Invalid loan amount');
    expect(bad({ risk_category_and_loan_type_wise_max_tenure: 18.5 })).toBe('Invalid loan tenure');
    expect(bad({ disbursement_date: '2026-13-01' })).toBe('Invalid disbursement date');
    expect(bad({ emi_start_date: 'soon' })).toBe('Invalid EMI start date');
    expect(loanOfferUpdateSchema.safeParse({ application_id: id }).error?.issues[0]?.message).toBe(
      'updated_info must be an object with the loan amount, tenure and disbursement date',
    );
  });
  it('EMI start date: a date in any accepted spelling', () => {
    expect(emiStartDateRequestSchema.safeParse({ disbursement_date_str: '21-01-2026' }).success).toBe(true);
    expect(emiStartDateRequestSchema.safeParse({ disbursement_date_str: '2026-02-29' }).success).toBe(false); // not a leap year
  });
  it('"computed" and "accepted" as the contract says', () => {
    expect(isOfferComputed({ decision: 'APPROVED' })).toBe(true);
    expect(isOfferComputed({ decision: 'REJECTED' })).toBe(false);
    expect(isOfferComputed(null)).toBe(false);
    expect(isOfferAccepted({ is_accepted: true })).toBe(true);
    expect(isOfferAccepted({ is_accepted: 'true' })).toBe(false);
  });
});
