import { useCallback, useEffect, useRef, useState } from 'react';
import { calendarDateOf, offerEditProblem, type LoanOfferView, type OfferEditProblem } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { fetchEmiStartDate, updateLoanOffer } from '../../api/loan-offer.api';

/** The terms as typed: the amount, the tenure in months, the disbursement date. */
export type OfferTerms = { amount: string; tenure: string; disbursementDate: string };

/** Spec 02 §9: the loan offer lookup's debounce. */
export const OFFER_DEBOUNCE_MS = 300;

/** India's date now (the server checks edits against the same day). */
export const todayInIndia = () => calendarDateOf(new Date());

type Options = {
  serverId: string;
  phone: string | undefined;
  offer: LoanOfferView | null;
  setOffer(offer: LoanOfferView): void;
  terms: OfferTerms | null;
  setTerms(terms: OfferTerms): void;
  setServerError(message: string | null): void;
};

/**
 * The offer's terms edited (use-loan-offer.ts): each change checked on the phone with the domain's
 * rules and, once the typing settles, sent (the EMI start date from the server first when the
 * date changed); answers that arrive out of order are dropped.
 */
export function useOfferEdit({ serverId, phone, offer, setOffer, terms, setTerms, setServerError }: Options) {
  const [problem, setProblem] = useState<OfferEditProblem | null>(null);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sequence = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = useCallback(
    async (base: LoanOfferView, next: OfferTerms) => {
      const mine = ++sequence.current;
      setPending(true);
      setServerError(null);
      try {
        let emiStart = base.emi_start_date;
        if (next.disbursementDate !== base.disbursement_date) {
          const start = await fetchEmiStartDate(next.disbursementDate);
          if (mine !== sequence.current) return;
          if (!start.success) return setServerError(start.message);
          emiStart = start.data.emi_start_date;
        }
        const answer = await updateLoanOffer({
          application_id: serverId,
          updated_info: {
            final_suggested_loan_amount: Number(next.amount),
            risk_category_and_loan_type_wise_max_tenure: Number(next.tenure),
            disbursement_date: next.disbursementDate,
            emi_start_date: emiStart,
          },
          is_accepted: false,
          ...(phone ? { phone } : {}),
        });
        if (mine !== sequence.current) return;
        if (answer.success) setOffer(answer.data);
        else setServerError(answer.message);
      } catch (error) {
        if (mine === sequence.current) setServerError(extractErrorMessage(error));
      } finally {
        if (mine === sequence.current) setPending(false);
      }
    },
    [serverId, phone],
  );

  /** A change of one term: checked now, sent after the debounce. */
  const change = useCallback(
    (field: keyof OfferTerms, value: string) => {
      if (!offer || !terms) return;
      const next = { ...terms, [field]: value };
      setTerms(next);
      clearTimeout(timer.current);
      sequence.current++; // an answer for older terms no longer applies
      const found =
        offer.bre_suggested_loan_amount === null
          ? null
          : offerEditProblem(
              {
                loan_type: offer.loan_type,
                bre_suggested_loan_amount: offer.bre_suggested_loan_amount,
                bre_max_tenure: offer.bre_max_tenure,
              },
              {
                amount: next.amount.trim() === '' ? NaN : Number(next.amount),
                tenure: Number(next.tenure),
                disbursementDate: next.disbursementDate,
              },
              todayInIndia(),
            );
      setProblem(found);
      setServerError(null);
      if (found) return setPending(false);
      setPending(true);
      timer.current = setTimeout(() => void send(offer, next), OFFER_DEBOUNCE_MS);
    },
    [offer, terms, send],
  );

  return { problem, pending, change };
}
