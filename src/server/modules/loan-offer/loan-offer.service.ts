import {
  breDecision,
  calendarDateOf,
  defaultOfferTenure,
  emiStartDate,
  formatIsoDate,
  toRupees,
  KFS_MSG,
  kfsExpired,
  offerEditProblem,
  parseDate,
  type BreRequest,
  type CalendarDate,
  type LoanOffer,
  type LoanOfferUpdate,
  type LoanOfferView,
  type Tenant,
} from '../../../domain';
import type { Db } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { spendQuota } from '../rate-limit/paid-call-quotas';
import type { BreScoreProvider } from '../../providers/bre/bre-score-provider';
import type { AuthUser } from '../../types';
import { loadApplicationFor, statusRefusal } from '../../kernels/access';
import { recordEvent } from '../../kernels/history';
import { breInputsOf, isOfferCurrent, offerBasisOf, voidIfStale, storedOffer, writeOfferIfUnchanged } from '../../kernels/offers';
import { sameTerms, statementHash, withStatement } from './loan-offer.kfs';
import { pricingOf, priced, type Terms } from './loan-offer.pricing';
import { loanOfferView } from './loan-offer.view';
import { byEnglish, said } from '../../kernels/messages';

/**
 * The loan offer (DECISIONS.md "Business rules engine and loan offer", issue 12): computed by the
 * sandbox BRE from the two field verifications (applications.data.app_mfi_cpv_info), stored as
 * applications.data.loan_offer, edited and accepted by the branch credit manager. Every figure
 * comes from src/domain (bre.ts, loan-maths.ts, key-facts.ts) in paise, no float; the offer keeps
 * and serves rupees with 2 decimals.
 */

export type OfferCall = { db: Db; tenant: Tenant; user: AuthUser; now: number; breScore: BreScoreProvider };

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export { storedOffer };

/**
 * The application of a loan offer call, for an action of the access policy (offer-read: the
 * tenant's reviewers; offer-edit and confirm-rejection: the branch credit manager; an officer 403,
 * another officer's or tenant's application 404). The state is checked by the caller
 * (statusRefusal), after the answers that do not depend on it (a stored offer, an accepted one).
 */
export async function loadForOffer(
  call: OfferCall,
  id: string,
  action: 'offer-read' | 'offer-edit' | 'confirm-rejection',
): Promise<Outcome<ApplicationRow>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, id, action, false, true);
  if (!access.ok) return refusedAs(access);
  // An acceptance the application no longer matches is voided before anything is answered about it.
  const voided = await voidIfStale(call.db, call.tenant, id, call.user.id, call.now, access.application);
  if (voided.length === 0) return accept(access.application);
  const again = await loadApplicationFor(call.db, call.tenant, call.user, id, action, false, true);
  return again.ok ? accept(again.application) : refusedAs(again);
}

/** Writes the offer if the application is still as it was read (offer-store.ts). */
export const writeOffer = (call: OfferCall, row: ApplicationRow, values: Data, status?: string, db: Pick<Db, 'update'> = call.db) =>
  writeOfferIfUnchanged(db, call.tenant, row, values, call.now, status);

/** The edited terms of the previous offer, kept on a recompute while they still fit the new caps. */
function keptTerms(previous: LoanOffer | null, suggested: number, maxTenure: number, today: CalendarDate): Terms | null {
  if (!previous || previous.decision === 'REJECTED') return null;
  const amount = previous.final_suggested_loan_amount;
  const disbursed = parseDate(previous.disbursement_date);
  if (amount === null || !disbursed) return null;
  const problem = offerEditProblem(
    { loan_type: previous.loan_type, bre_suggested_loan_amount: suggested, bre_max_tenure: maxTenure },
    { amount, tenure: previous.risk_category_and_loan_type_wise_max_tenure, disbursementDate: formatIsoDate(disbursed) },
    today,
  );
  return problem ? null : { amount, tenure: previous.risk_category_and_loan_type_wise_max_tenure, disbursed };
}

/**
 * POST /api/v1/bureau/bre. With skip_cache false an offer already stored is answered as it is; an
 * accepted offer (or one of an approved or rejected application) is never computed again. Otherwise
 * the BRE runs on the CPV figures: an APPROVED decision is priced (the suggested amount at the
 * requested tenure capped at the longest for the score, disbursed today, or the credit manager's
 * earlier edit while it still fits), a REJECTED one is stored with its reasons as a proposal: the
 * status does not change until the credit manager confirms it (confirmBreRejection).
 */
export async function computeLoanOffer(call: OfferCall, body: BreRequest): Promise<Outcome<LoanOfferView>> {
  const loaded = await loadForOffer(call, body.application_id, 'offer-read');
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  const previous = storedOffer(row);
  const pricing = await pricingOf(call.db, call.tenant);
  const closed = statusRefusal(call.user, row, 'offer-compute');
  const view = (offer: LoanOffer) => loanOfferView(offer, pricing.disclosures, call.now);
  // A stored offer is answered as it is when asked so, once accepted, or once the state allows no new one.
  if (previous && (previous.is_accepted === true || closed !== null || body.skip_cache !== true)) return accept(view(previous));
  if (closed) return closed;
  const data = row.data;
  const inputs = breInputsOf(data);
  if (!inputs.ok) {
    const cpvMissing = inputs.missing.filter((m) => m.includes('(CPV)'));
    if (cpvMissing.length > 0)
      return refuse(409, said('text.completeTheFieldVerificationFirstMissing', { missing: cpvMissing.join(', ') }));
    return refuse(409, said('text.theApplicationHasNoLoanType'));
  }
  const { loan_type: loanType, amount_requested: requested, business, house } = inputs.value;

  const rate = pricing.pricing.interest_rate_pa[loanType] ?? 0;
  await spendQuota(call.db, { tenant: call.tenant, user: call.user, applicationId: row.id }, 'bre', call.now);
  const score = await call.breScore.score({ pan: text(data.pan), name: text(data.name) });
  const bre = breDecision(loanType, requested, score, business, house);
  const today = calendarDateOf(new Date(call.now));
  const at = new Date(call.now).toISOString();
  const base = {
    bre_score: bre.score,
    decision: bre.decision,
    reasons: [...bre.reasons],
    interest_rate: rate,
    is_accepted: false,
    computed_at: at,
    loan_type: loanType,
    monthly_surplus: toRupees(bre.surplus),
    bre_suggested_loan_amount: bre.suggestedAmount,
    bre_max_tenure: bre.maxTenure,
    inputs: inputs.value,
  };
  let offer: LoanOffer;
  if (bre.decision === 'REJECTED' || bre.suggestedAmount === null) {
    offer = {
      ...base,
      final_suggested_loan_amount: bre.suggestedAmount,
      risk_category_and_loan_type_wise_max_tenure: bre.maxTenure,
      final_suggested_emi: null,
      processing_fee: null,
      gst_on_processing_fee: null,
      total_processing_fee_amount: null,
      insurance_fee: null,
      disbursement_date: null,
      emi_start_date: null,
    };
    // DECISIONS.md: the engine proposes; the application moves to REJECTED only when the credit
    // manager confirms (bre-rejection.service.ts). The proposal is stored, the status stays.
    if (previous && sameTerms(previous, offer)) return accept(view(previous));
    const written = await writeOffer(call, row, { loan_offer: offer });
    return written.ok ? accept(view(offer)) : written;
  }
  const terms = keptTerms(previous, bre.suggestedAmount, bre.maxTenure, today) ?? {
    amount: bre.suggestedAmount,
    tenure: defaultOfferTenure(loanType, data.tenure_requested, bre.maxTenure),
    disbursed: today,
  };
  // A new version of the terms, or a statement past its validity, is a new statement (re-issued).
  offer = withStatement(previous, { ...base, ...priced(rate, pricing, terms) }, row, call.now, pricing.holidays);
  // Computed again from the same figures: the stored offer stands (opening the screen writes nothing).
  if (previous && sameTerms(previous, offer) && previous.kfs_number === offer.kfs_number) return accept(view(previous));
  const written = await writeOffer(call, row, { loan_offer: offer });
  return written.ok ? accept(view(offer)) : written;
}

/**
 * PATCH /api/v1/bureau/bre: the branch credit manager's edit of amount, tenure and disbursement
 * date (recomputing EMI, fee with GST, insurance and the EMI start date), and the acceptance
 * (is_accepted true, only while PD2_COMPLETE). An accepted offer is final: accepting again or
 * editing it is 409.
 */
export async function updateLoanOffer(call: OfferCall, body: LoanOfferUpdate): Promise<Outcome<LoanOfferView>> {
  const loaded = await loadForOffer(call, body.application_id, 'offer-edit');
  if (!loaded.ok) return loaded;
  const row = loaded.value;
  const previous = storedOffer(row);
  if (previous?.is_accepted === true) return refuse(409, said('loanOffer.alreadyAccepted'));
  const closed = statusRefusal(call.user, row, 'offer-edit');
  if (closed) return closed;
  if (!previous) return refuse(409, said('loanOffer.noOffer'));
  if (previous.decision === 'REJECTED' || previous.bre_suggested_loan_amount === null) return refuse(409, said('loanOffer.offerRejected'));

  const edit = body.updated_info;
  const today = calendarDateOf(new Date(call.now));
  // An expired statement is re-issued before anything about its terms (a disbursement date now past) is said.
  if (body.is_accepted === true && previous.kfs_number && kfsExpired(previous.kfs_valid_until, today))
    return refuse(409, byEnglish(KFS_MSG.expired(previous.kfs_valid_until ?? '').en));
  const problem = offerEditProblem(
    {
      loan_type: previous.loan_type,
      bre_suggested_loan_amount: previous.bre_suggested_loan_amount,
      bre_max_tenure: previous.bre_max_tenure,
    },
    {
      amount: edit.final_suggested_loan_amount,
      tenure: edit.risk_category_and_loan_type_wise_max_tenure,
      disbursementDate: edit.disbursement_date,
    },
    today,
  );
  if (problem) return refuse(400, byEnglish(problem.message));
  const disbursed = parseDate(edit.disbursement_date)!;
  const start = formatIsoDate(emiStartDate(disbursed));
  const sentStart = edit.emi_start_date ? parseDate(edit.emi_start_date) : null;
  if (sentStart && formatIsoDate(sentStart) !== start) return refuse(400, said('loanOffer.emiStartMismatch', { date: start }));
  const accepting = body.is_accepted === true;
  const notAcceptable = accepting ? statusRefusal(call.user, row, 'accept') : null;
  if (notAcceptable) return notAcceptable;

  const pricing = await pricingOf(call.db, call.tenant);
  const view = (offer: LoanOffer) => loanOfferView(offer, pricing.disclosures, call.now);
  const at = new Date(call.now).toISOString();
  const edited: LoanOffer = {
    ...previous,
    ...priced(previous.interest_rate, pricing, {
      amount: edit.final_suggested_loan_amount,
      tenure: edit.risk_category_and_loan_type_wise_max_tenure,
      disbursed,
    }),
    updated_at: at,
  };
  if (!accepting) {
    // The same terms again (a replay under another key, a debounce that settled where it was): nothing to write.
    if (sameTerms(previous, edited)) return accept(view(previous));
    // New terms are a new version of the statement, which the borrower acknowledges again.
    const offer = withStatement(previous, edited, row, call.now, pricing.holidays);
    const written = await writeOffer(call, row, { loan_offer: offer });
    return written.ok ? accept(view(offer)) : written;
  }
  const unacknowledged = acceptanceRefusal(row, previous, sameTerms(previous, edited), today);
  if (unacknowledged) return unacknowledged;
  const offer: LoanOffer = {
    ...previous,
    is_accepted: true,
    accepted_at: at,
    updated_at: at,
    accepted_basis: await offerBasisOf(call.db, call.tenant, row),
  };
  // The acceptance cannot be undone: it is in the history with the accepted terms (issue 21 D13).
  const written = await transact(call.db, async (tx) => {
    const done = await writeOffer(call, row, { loan_offer: offer }, undefined, tx);
    if (!done.ok) return done;
    await recordEvent(tx, {
      tenant: call.tenant,
      applicationId: row.id,
      at: call.now,
      actorId: call.user.id,
      action: 'OFFER_ACCEPTED',
      from: row.status,
      to: row.status,
      detail: {
        amount: offer.final_suggested_loan_amount,
        tenure: offer.risk_category_and_loan_type_wise_max_tenure,
        emi: offer.final_suggested_emi,
        disbursement_date: offer.disbursement_date,
        kfs_number: offer.kfs_number,
        acknowledged_at: offer.acknowledgement?.acknowledged_at ?? null,
      },
    });
    return done;
  });
  return written.ok ? accept(view(offer)) : written;
}

/**
 * Why an offer may not be accepted yet (DECISIONS.md "Key Fact Statement and the borrower's
 * consent"): accepting other terms than those shown, a statement past its validity, one the
 * borrower has not acknowledged (or whose content changed since), or an offer computed on figures
 * that have changed since. Null: it may be accepted.
 */
function acceptanceRefusal(row: ApplicationRow, offer: LoanOffer, shownTerms: boolean, today: CalendarDate) {
  if (!offer.kfs_number) return refuse(409, said('kfs.noStatement'));
  if (!shownTerms) return refuse(409, said('kfs.notAcknowledged'));
  if (kfsExpired(offer.kfs_valid_until, today)) return refuse(409, byEnglish(KFS_MSG.expired(offer.kfs_valid_until ?? '').en));
  const ack = offer.acknowledgement;
  if (!ack || ack.kfs_number !== offer.kfs_number) return refuse(409, said('kfs.notAcknowledged'));
  if (ack.content_hash !== statementHash(offer, row, ack.language)) return refuse(409, said('kfs.contentChanged'));
  if (!isOfferCurrent(offer, breInputsOf(row.data))) return refuse(409, said('kfs.offerNotCurrent'));
  return null;
}
