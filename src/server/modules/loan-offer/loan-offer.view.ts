import {
  aprHundredths,
  formatIsoDate,
  parseDate,
  percentToBps,
  repaymentSchedule,
  type KeyFactsView,
  type LoanOffer,
  type LoanOfferView,
} from '../../../domain';

/**
 * The Key Fact Statement of a stored offer (DECISIONS.md "Loan offer"): the schedule from the
 * stored amount, rate, tenure and EMI start date; APR from the amount net of the stored upfront
 * charges (so a later change of the tenant's fee rates does not change an offer already made).
 * One place computes it: the app shows these figures, it does not compute them again.
 */
export function keyFactsOf(offer: LoanOffer): KeyFactsView | null {
  const amount = offer.final_suggested_loan_amount;
  const start = parseDate(offer.emi_start_date);
  if (offer.decision === 'REJECTED' || amount === null || !start || offer.disbursement_date === null) return null;
  const months = offer.risk_category_and_loan_type_wise_max_tenure;
  const schedule = repaymentSchedule(amount, percentToBps(offer.interest_rate), months, start);
  const processingFee = offer.processing_fee ?? 0;
  const gst = offer.gst_on_processing_fee ?? 0;
  const insurance = offer.insurance_fee ?? 0;
  const upfront = processingFee + gst + insurance;
  const net = amount - upfront;
  const totalInterest = schedule.reduce((sum, row) => sum + row.interest, 0);
  return {
    loan_amount: amount,
    tenure_months: months,
    interest_rate: offer.interest_rate,
    emi: offer.final_suggested_emi ?? 0,
    processing_fee: processingFee,
    gst_on_processing_fee: gst,
    insurance_fee: insurance,
    total_upfront_charges: upfront,
    net_disbursed_amount: net,
    apr_percent:
      aprHundredths(
        net,
        schedule.map((row) => row.emi),
      ) / 100,
    total_interest: totalInterest,
    total_payable: amount + totalInterest,
    disbursement_date: offer.disbursement_date,
    emi_start_date: formatIsoDate(start),
    schedule: schedule.map((row) => ({ ...row, date: formatIsoDate(row.date) })),
  };
}

/** What POST and PATCH /api/v1/bureau/bre answer. */
export function loanOfferView(offer: LoanOffer): LoanOfferView {
  return {
    ...offer,
    key_facts: keyFactsOf(offer),
    updated_info: {
      final_suggested_loan_amount: offer.final_suggested_loan_amount,
      risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
      disbursement_date: offer.disbursement_date,
      emi_start_date: offer.emi_start_date,
      final_suggested_emi: offer.final_suggested_emi,
      total_processing_fee_amount: offer.total_processing_fee_amount,
      insurance_fee: offer.insurance_fee,
    },
  };
}
