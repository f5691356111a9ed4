import type { Tenant } from '../../../domain';
import type { Outcome } from '../../outcome';

/**
 * e-NACH mandate registration with the borrower's bank (issue 33, docs/mandate.md), through a
 * sponsor bank or an aggregator. `reference` is our mandate attempt's id: the bank knows the
 * attempt by it, so asking about the same reference twice answers the same mandate.
 */
export type MandateRequest = {
  tenant: Tenant;
  reference: string;
  account_number: string;
  ifsc: string;
  /** The borrower's verified mobile: where the bank's authorisation step reaches them. */
  mobile: string;
  /** The most one debit may take, in paise; monthly from first_debit to last_debit (YYYY-MM-DD). */
  max_amount_paise: number;
  first_debit: string;
  last_debit: string;
};

/** The bank took the request and started the borrower's authorisation (session_id), or refused the account. */
export type MandateStarted = { outcome: 'authorising'; session_id: string } | { outcome: 'rejected'; reason: string };

/**
 * The borrower's authorisation: registered with the bank's UMRN; rejected or expired (the attempt
 * is over, a new one may be made); or a refusal of this try (a wrong code: 400, try again).
 */
export type MandateAuthorised = { outcome: 'registered'; umrn: string } | { outcome: 'rejected' | 'expired'; reason: string };

/** Where an attempt stands at the bank (after an answer was lost: a timeout). */
export type MandateStatus = { state: 'registered'; umrn: string } | { state: 'pending' } | { state: 'ended'; reason: string };

export type EnachProvider = {
  register(request: MandateRequest): Promise<Outcome<MandateStarted>>;
  authorise(input: {
    tenant: Tenant;
    reference: string;
    session_id: string;
    otp: string;
    ifsc: string;
  }): Promise<Outcome<MandateAuthorised>>;
  status(input: { tenant: Tenant; reference: string; session_id: string; ifsc: string }): Promise<MandateStatus>;
};
