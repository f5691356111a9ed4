import { useCallback, useEffect, useRef, useState } from 'react';
import { calendarDateOf, offerEditProblem, type BreInputsView, type LoanOfferView, type OfferEditProblem } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { isHttpError } from '../../api/http-client';
import { fetchBreInputs, fetchEmiStartDate, fetchLoanOffer, updateLoanOffer } from '../../api/loan-offer.api';
import { useOnline } from '../../components/use-online';

/** Spec 02 §9: the loan offer lookup's debounce. */
export const OFFER_DEBOUNCE_MS = 300;

export type OfferTerms = { amount: string; tenure: string; disbursementDate: string };

export const termsOf = (offer: LoanOfferView): OfferTerms => ({
  amount: offer.final_suggested_loan_amount === null ? '' : String(offer.final_suggested_loan_amount),
  tenure: String(offer.risk_category_and_loan_type_wise_max_tenure),
  disbursementDate: offer.disbursement_date ?? '',
});

/** India's date now (the server checks edits against the same day). */
export const todayInIndia = () => calendarDateOf(new Date());

/** A refusal that asking again cannot change (not this caller's, or no such application): no Try again. */
const retryable = (status: number | undefined) => status !== 403 && status !== 404;

type Load =
  | { state: 'offline' }
  | { state: 'waiting' }
  | { state: 'loading' }
  | { state: 'error'; message: string; retryable: boolean }
  | { state: 'ready' };

/**
 * The offer of an application, online only. Opening reads (GET bre: the engine's inputs and the
 * stored offer) and decides nothing (DECISIONS.md "Business rules engine and loan offer"), once
 * nothing of the application waits on this phone (the CPV captured offline is on the server
 * before the engine reads it); a stored offer is shown while it is current. `compute` runs the
 * engine (POST bre, skip_cache). Then edited: each change is checked on the phone with the
 * domain's rules and, once the typing settles for 300 ms, sent (the EMI start date from the
 * server first when the date changed); answers that arrive out of order are dropped.
 */
export function useLoanOffer(serverId: string, phone: string | undefined, queued: boolean) {
  const online = useOnline();
  const [load, setLoad] = useState<Load>(online ? { state: 'loading' } : { state: 'offline' });
  const [read, setRead] = useState<BreInputsView | null>(null);
  const [offer, setOffer] = useState<LoanOfferView | null>(null);
  const [terms, setTerms] = useState<OfferTerms | null>(null);
  const [problem, setProblem] = useState<OfferEditProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [computing, setComputing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sequence = useRef(0);

  const show = useCallback((next: LoanOfferView | null) => {
    setOffer(next);
    setTerms(next ? termsOf(next) : null);
  }, []);

  useEffect(() => {
    if (!online) {
      setLoad({ state: 'offline' });
      return;
    }
    // What this phone queued for the application (the CPV, the references) reaches the server first.
    if (queued) {
      setLoad({ state: 'waiting' });
      return;
    }
    let active = true;
    setLoad({ state: 'loading' });
    fetchBreInputs(serverId).then(
      (answer) => {
        if (!active) return;
        if (!answer.success) return setLoad({ state: 'error', message: answer.message, retryable: retryable(answer.status_code) });
        setRead(answer.data);
        show(answer.data.offer && answer.data.offer_current ? answer.data.offer : null);
        setLoad({ state: 'ready' });
      },
      (error: unknown) =>
        active &&
        setLoad({
          state: 'error',
          message: extractErrorMessage(error),
          retryable: retryable(isHttpError(error) ? error.response?.status : undefined),
        }),
    );
    return () => {
      active = false;
    };
  }, [online, queued, serverId, attempt, show]);

  /** Runs the engine on the figures the server holds now (the credit manager's "Compute offer"). */
  const compute = useCallback(async () => {
    setComputing(true);
    setServerError(null);
    try {
      const answer = await fetchLoanOffer(serverId, true);
      if (answer.success) show(answer.data);
      else setServerError(answer.message);
    } catch (error) {
      setServerError(extractErrorMessage(error));
    } finally {
      setComputing(false);
    }
  }, [serverId, show]);

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

  return {
    online,
    load,
    read,
    offer,
    setOffer,
    terms,
    problem,
    serverError,
    pending,
    change,
    compute,
    computing,
    retry: () => setAttempt((n) => n + 1),
  };
}
