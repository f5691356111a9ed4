import { and, eq, sql } from 'drizzle-orm';
import {
  breDecision,
  calendarDateOf,
  defaultOfferTenure,
  emiStartDate,
  formatIsoDate,
  toRupees,
  LOAN_OFFER_MSG,
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
import { applications, type ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, refuse, type Outcome } from '../../outcome';
import { spendQuota } from '../rate-limit/paid-call-quotas';
import type { BreScoreProvider } from '../../providers/bre/bre-score-provider';
import type { AuthUser } from '../../types';
import { loadApplicationFor, statusRefusal } from '../../shared/application-access';
import { recordEvent } from '../applications/application-history';
import { breInputsOf } from './loan-offer.inputs';
import { pricingOf, priced, type Terms } from './loan-offer.pricing';
import { loanOfferView } from './loan-offer.view';

/**
 * The loan offer (DECISIONS.md "Business rules engine and loan offer", issue 12): computed by the
 * sandbox BRE from the two field verifications (applications.data.app_mfi_cpv_info), stored as
 * applications.data.loan_offer, edited and accepted by the branch credit manager. Every figure
 * comes from src/domain (bre.ts, loan-maths.ts, key-facts.ts) in paise, no float; the offer keeps
 * and serves rupees with 2 decimals.
 */

export type OfferCall = { db: Db; tenant: Tenant; user: AuthUser; now: number; breScore: BreScoreProvider };

type Data = Record<string, unknown>;

const obj = (v: unknown): Data | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Data) : null);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const storedOffer = (row: ApplicationRow): LoanOffer | null => obj(row.data.loan_offer) as LoanOffer | null;

/** JSON with every object's keys sorted: jsonb keeps its own key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    obj(v) ? Object.fromEntries(Object.entries(obj(v)!).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** Whether two offers say the same (their times apart): then nothing is written, and the application's updated_at stays. */
function sameTerms(a: LoanOffer | null, b: LoanOffer): boolean {
  if (!a) return false;
  const strip = ({ computed_at: _c, updated_at: _u, accepted_at: _a, ...rest }: LoanOffer) => rest;
  const x = strip(a) as Record<string, unknown>;
  const y = strip(b) as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => canonical(x[k]) === canonical(y[k]));
}

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
  return access.ok ? accept(access.application) : refuse(access.status, access.message);
}

export const OFFER_CHANGED = 'The application changed while the loan offer was being saved. Please try again.';

/**
 * Writes the offer if the application is still as it was read (same status, same stored offer):
 * a compare-and-set in one statement instead of a transaction holding the row, so two writers
 * (a double tap on Accept, two reviewers) cannot both win; the loser is told to try again.
 */
export async function writeOffer(
  call: OfferCall,
  row: ApplicationRow,
  values: Data,
  status?: string,
  db: Pick<Db, 'update'> = call.db,
): Promise<Outcome<null>> {
  const previous = row.data.loan_offer;
  const sameOffer =
    previous === undefined || previous === null
      ? sql`${applications.data} -> 'loan_offer' is null`
      : sql`${applications.data} -> 'loan_offer' = ${JSON.stringify(previous)}::jsonb`;
  const written = await db
    .update(applications)
    .set({
      data: sql`${applications.data} || ${JSON.stringify(values)}::jsonb`,
      ...(status ? { status } : {}),
      updated_at: new Date(call.now),
    })
    .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, row.id), eq(applications.status, row.status), sameOffer))
    .returning({ id: applications.id });
  return written.length === 1 ? accept(null) : refuse(409, OFFER_CHANGED);
}

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
  // A stored offer is answered as it is when asked so, once accepted, or once the state allows no new one.
  if (previous && (previous.is_accepted === true || closed !== null || body.skip_cache !== true))
    return accept(loanOfferView(previous, pricing.disclosures));
  if (closed) return closed;
  const data = row.data;
  const inputs = breInputsOf(data);
  if (!inputs.ok) {
    const cpvMissing = inputs.missing.filter((m) => m.includes('(CPV)'));
    if (cpvMissing.length > 0) return refuse(409, `Complete the field verification first: ${cpvMissing.join(', ')} missing.`);
    return refuse(409, 'The application has no loan type or amount requested.');
  }
  const { loan_type: loanType, amount_requested: requested, business, house } = inputs.value;

  const rate = pricing.pricing.interest_rate_pa[loanType] ?? 0;
  await spendQuota(call.db, { tenant: call.tenant, userId: call.user.id, applicationId: row.id }, 'bre', call.now);
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
    if (previous && sameTerms(previous, offer)) return accept(loanOfferView(previous, pricing.disclosures));
    const written = await writeOffer(call, row, { loan_offer: offer });
    return written.ok ? accept(loanOfferView(offer, pricing.disclosures)) : written;
  }
  const terms = keptTerms(previous, bre.suggestedAmount, bre.maxTenure, today) ?? {
    amount: bre.suggestedAmount,
    tenure: defaultOfferTenure(loanType, data.tenure_requested, bre.maxTenure),
    disbursed: today,
  };
  offer = { ...base, ...priced(rate, pricing, terms) };
  // Computed again from the same figures: the stored offer stands (opening the screen writes nothing).
  if (previous && sameTerms(previous, offer)) return accept(loanOfferView(previous, pricing.disclosures));
  const written = await writeOffer(call, row, { loan_offer: offer });
  return written.ok ? accept(loanOfferView(offer, pricing.disclosures)) : written;
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
  if (previous?.is_accepted === true) return refuse(409, LOAN_OFFER_MSG.alreadyAccepted);
  const closed = statusRefusal(call.user, row, 'offer-edit');
  if (closed) return closed;
  if (!previous) return refuse(409, LOAN_OFFER_MSG.noOffer);
  if (previous.decision === 'REJECTED' || previous.bre_suggested_loan_amount === null) return refuse(409, LOAN_OFFER_MSG.offerRejected);

  const edit = body.updated_info;
  const today = calendarDateOf(new Date(call.now));
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
  if (problem) return refuse(400, problem.message);
  const disbursed = parseDate(edit.disbursement_date)!;
  const start = formatIsoDate(emiStartDate(disbursed));
  const sentStart = edit.emi_start_date ? parseDate(edit.emi_start_date) : null;
  if (sentStart && formatIsoDate(sentStart) !== start) return refuse(400, LOAN_OFFER_MSG.emiStartMismatch(start));
  const accepting = body.is_accepted === true;
  const notAcceptable = accepting ? statusRefusal(call.user, row, 'accept') : null;
  if (notAcceptable) return notAcceptable;

  const pricing = await pricingOf(call.db, call.tenant);
  const at = new Date(call.now).toISOString();
  const offer: LoanOffer = {
    ...previous,
    ...priced(previous.interest_rate, pricing, {
      amount: edit.final_suggested_loan_amount,
      tenure: edit.risk_category_and_loan_type_wise_max_tenure,
      disbursed,
    }),
    is_accepted: accepting,
    ...(accepting ? { accepted_at: at } : {}),
    updated_at: at,
  };
  // The same terms again (a replay under another key, a debounce that settled where it was): nothing to write.
  if (!accepting && sameTerms(previous, offer)) return accept(loanOfferView(previous, pricing.disclosures));
  if (!accepting) {
    const written = await writeOffer(call, row, { loan_offer: offer });
    return written.ok ? accept(loanOfferView(offer, pricing.disclosures)) : written;
  }
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
      },
    });
    return done;
  });
  return written.ok ? accept(loanOfferView(offer, pricing.disclosures)) : written;
}
