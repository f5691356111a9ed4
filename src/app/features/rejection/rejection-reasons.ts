import { policyStateOf, type BreInputs, type LoanOffer } from '../../../domain';
import type { LocalApplication, LocalRecord } from '../../db/records';
import { isObject } from '../../../domain/shared/is-object';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Spec 02 §9: amounts in Indian rupees with 2 decimals, e.g. ₹18,500.00. */
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export const formatRupees = (amount: number) => RUPEES.format(amount);

export const OVERDUE_REASON = 'OVERDUE_AMOUNT_PRESENT';

export type RejectionLine = {
  code: string;
  /** The code in sentence case, underscores as spaces (spec 02 §4): 'Some new reason'. */
  text: string;
  /** For OVERDUE_AMOUNT_PRESENT: the overdue amount, formatted. */
  overdueAmount?: string;
};

function toAmount(value: unknown): number | null {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(amount) ? amount : null;
}

/** A reason code read as words: 'SOME_NEW_REASON' is 'Some new reason'. */
const sentenceCase = (code: string) => {
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The reasons of a server view: approval_checks.reasons, else rejection_reason (comma-separated codes). */
export function rejectionLines(view: Record<string, unknown> | undefined): RejectionLine[] {
  const checks = isObject(view?.approval_checks) ? view.approval_checks : {};
  const listed = Array.isArray(checks.reasons) ? checks.reasons.map(text).filter(Boolean) : [];
  const codes =
    listed.length > 0
      ? listed
      : text(view?.rejection_reason)
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean);
  const values = isObject(checks.check_values) ? checks.check_values : {};
  const overdue = toAmount(values.overdue_amount);
  return codes.map((code) => ({
    code,
    text: sentenceCase(code),
    ...(code === OVERDUE_REASON && overdue !== null ? { overdueAmount: formatRupees(overdue) } : {}),
  }));
}

const isRejectedView = (view: Record<string, unknown> | undefined): boolean => {
  const checks = isObject(view?.approval_checks) ? view.approval_checks : {};
  return view?.status === 'REJECTED' || checks.decision === 'REJECTED' || checks.rejected === true;
};

export type RejectionSubject = {
  /** The server's view that carries the decision: the application's or a co-applicant's. */
  view?: Record<string, unknown>;
  /** The rejected type: GUARANTOR, CO_BORROWER, or '' for the borrower. */
  type: string;
  coApplicant?: { id: string; name: string; type: string };
  /** Whether the phone knows of a rejection of this subject (its status or the server's view). */
  rejected: boolean;
  /**
   * The application's rejection is a reviewer's or a confirmed BRE rejection (the server's view
   * says REJECTED, not by the bureau): final, so the page offers no way out but a new application.
   */
  final: boolean;
};

const typeOf = (record: LocalRecord) => text(record.server?.type) || text(record.values.type);

const isRejected = (record: LocalRecord): boolean => isRejectedView(record.server);

/** The application is rejected by its local status (set from the server's answer) or the server's view. */
export const isRejectedApplication = (app: LocalApplication | undefined): boolean =>
  app !== undefined && (app.status === 'REJECTED' || app.notice?.kind === 'rejected' || isRejectedView(app.server));

/**
 * Whose rejection the page shows: the co-applicant named by `co_applicant_id`, else (with a
 * co-applicant `type`) the latest rejected co-applicant of that type on the phone, else the
 * application itself.
 */
export function rejectionSubject(
  app: LocalApplication | undefined,
  coApplicants: readonly LocalRecord[],
  query: { type: string; coApplicantId: string },
): RejectionSubject {
  const coType = query.type === 'CO_BORROWER' || query.type === 'GUARANTOR' ? query.type : '';
  if (query.coApplicantId || coType) {
    const record = query.coApplicantId
      ? coApplicants.find((r) => r.localId === query.coApplicantId)
      : coApplicants.filter((r) => typeOf(r) === coType && isRejected(r)).sort((a, b) => b.updatedAt - a.updatedAt)[0];
    if (record) {
      const type = coType || typeOf(record);
      const name = text(record.server?.name) || text(record.values.name);
      return { view: record.server, type, coApplicant: { id: record.localId, name, type }, rejected: isRejected(record), final: false };
    }
  }
  const view = app?.server;
  const final = typeof view?.status === 'string' && policyStateOf(view.status, view) === 'REJECTED';
  return { view, type: coType, rejected: isRejectedApplication(app), final };
}

/** The engine's confirmed rejection of the application (DECISIONS.md "Business rules engine"): its offer, with the inputs it ran on when kept. */
export type BreRejection = Pick<LoanOffer, 'reasons' | 'bre_score' | 'monthly_surplus' | 'loan_type'> & { inputs?: BreInputs };

export function breRejectionOf(view: Record<string, unknown> | undefined): BreRejection | null {
  const offer = isObject(view?.loan_offer) ? view.loan_offer : null;
  if (!offer || offer.decision !== 'REJECTED' || typeof offer.rejection_confirmed_at !== 'string') return null;
  if (!Array.isArray(offer.reasons) || typeof offer.loan_type !== 'string') return null;
  return offer as unknown as BreRejection;
}
