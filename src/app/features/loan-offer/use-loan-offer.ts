import { useCallback, useEffect, useState } from 'react';
import type { BreInputsView, LoanOfferView } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { isHttpError } from '../../api/http-client';
import { fetchBreInputs, fetchLoanOffer } from '../../api/loan-offer.api';
import { useOnline } from '../../components/use-online';
import { useOfferEdit, type OfferTerms } from './use-offer-edit';

export const termsOf = (offer: LoanOfferView): OfferTerms => ({
  amount: offer.final_suggested_loan_amount === null ? '' : String(offer.final_suggested_loan_amount),
  tenure: String(offer.risk_category_and_loan_type_wise_max_tenure),
  disbursementDate: offer.disbursement_date ?? '',
});

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
 * engine (POST bre, skip_cache). Then edited (use-offer-edit.ts): each change checked on the
 * phone and, once the typing settles for 300 ms, sent.
 */
export function useLoanOffer(serverId: string, phone: string | undefined, queued: boolean) {
  const online = useOnline();
  const [load, setLoad] = useState<Load>(online ? { state: 'loading' } : { state: 'offline' });
  const [read, setRead] = useState<BreInputsView | null>(null);
  const [offer, setOffer] = useState<LoanOfferView | null>(null);
  const [terms, setTerms] = useState<OfferTerms | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [computing, setComputing] = useState(false);
  const [attempt, setAttempt] = useState(0);

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

  const { problem, pending, change } = useOfferEdit({ serverId, phone, offer, setOffer, terms, setTerms, setServerError });

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
