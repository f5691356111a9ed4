import { emiStartDate, formatIsoDate, type CalendarDate, type KeyFactsView, type LoanDisclosures, type LoanOffer } from '../../../domain';
import { keyFactsOf } from '../loan-offer/loan-offer.view';

/**
 * The loan's final figures (issue 34 item 3): the Key Fact Statement's terms with the schedule
 * (Annex C) and APR computed on the actual date of the payout, so the first instalment's interest
 * is for the days the money is really with the borrower. Null for an offer without priced terms.
 */
export function finalScheduleOf(offer: LoanOffer, paidOn: CalendarDate, disclosures?: LoanDisclosures): KeyFactsView | null {
  return keyFactsOf(
    { ...offer, disbursement_date: formatIsoDate(paidOn), emi_start_date: formatIsoDate(emiStartDate(paidOn)) },
    disclosures,
  );
}
