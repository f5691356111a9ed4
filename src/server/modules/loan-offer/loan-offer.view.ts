import {
  calendarDateOf,
  DEFAULT_LOAN_DISCLOSURES,
  kfsExpired,
  formatIsoDate,
  keyFacts,
  parseDate,
  percentToBps,
  toPaise,
  toRupees,
  type KeyFactsView,
  type LoanDisclosures,
  type LoanOffer,
  type LoanOfferView,
} from '../../../domain';

/**
 * The Key Fact Statement of a stored offer (DECISIONS.md "Loan offer", "Key Fact Statement"): the
 * schedule from the stored amount, rate, tenure and disbursement date (interest for the actual
 * days of the first period); APR on the actual dates from the amount net of the stored upfront
 * charges (so a later change of the tenant's fee rates does not change an offer already made).
 * The maths is in paise; the answer in rupees with 2 decimals. One place computes it: the app
 * shows these figures, it does not compute them again.
 */
export function keyFactsOf(offer: LoanOffer, tenantDisclosures: LoanDisclosures = DEFAULT_LOAN_DISCLOSURES): KeyFactsView | null {
  const amount = offer.final_suggested_loan_amount;
  const disbursed = parseDate(offer.disbursement_date);
  if (offer.decision === 'REJECTED' || amount === null || !disbursed || !offer.emi_start_date) return null;
  const months = offer.risk_category_and_loan_type_wise_max_tenure;
  const processingFee = toPaise(offer.processing_fee ?? 0);
  const gstOnFee = toPaise(offer.gst_on_processing_fee ?? 0);
  const insurance = toPaise(offer.insurance_fee ?? 0);
  const facts = keyFacts(
    { amount: toPaise(amount), annualRateBps: percentToBps(offer.interest_rate), months, disbursed },
    { processingFee, gstOnFee, insurance, total: processingFee + gstOnFee + insurance },
  );
  return {
    loan_type: offer.loan_type,
    loan_amount: amount,
    tenure_months: months,
    interest_rate: offer.interest_rate,
    emi: toRupees(facts.emi),
    processing_fee: toRupees(processingFee),
    gst_on_processing_fee: toRupees(gstOnFee),
    insurance_fee: toRupees(insurance),
    total_upfront_charges: toRupees(facts.charges.total),
    net_disbursed_amount: toRupees(facts.netDisbursed),
    apr_percent: facts.aprHundredths / 100,
    total_interest: toRupees(facts.totalInterest),
    total_payable: toRupees(facts.totalPayable),
    disbursement_date: formatIsoDate(disbursed),
    emi_start_date: formatIsoDate(facts.emiStartDate),
    schedule: facts.schedule.map((row) => ({
      number: row.number,
      date: formatIsoDate(row.date),
      days: row.days,
      opening_balance: toRupees(row.opening),
      emi: toRupees(row.emi),
      principal: toRupees(row.principal),
      interest: toRupees(row.interest),
      balance: toRupees(row.balance),
    })),
    disclosures: offer.disclosures ?? tenantDisclosures,
  };
}

/**
 * What POST and PATCH /api/v1/bureau/bre answer at `now`; an offer priced before the disclosures
 * were stored shows the tenant's. An accepted offer's statement no longer expires.
 */
export function loanOfferView(offer: LoanOffer, tenantDisclosures: LoanDisclosures, now: number): LoanOfferView {
  return {
    ...offer,
    key_facts: keyFactsOf(offer, tenantDisclosures),
    kfs_expired: !offer.is_accepted && offer.decision === 'APPROVED' && kfsExpired(offer.kfs_valid_until, calendarDateOf(new Date(now))),
    kfs_acknowledged: !!offer.kfs_number && offer.acknowledgement?.kfs_number === offer.kfs_number,
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
