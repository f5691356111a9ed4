import { policyAllows } from './access-policy';
import * as z from 'zod/mini';
import type { ApplicationStatus } from './enums';
import { isObject } from '../shared/is-object';

/**
 * The reviewers' actions on an application screen (spec 02 §6, DECISIONS "Review workflow"),
 * by the caller's designation and the application's status. What the buttons offer; the server
 * decides (403 for a wrong designation, 409 naming what is missing).
 */
export type ReviewActionKey = 'completePd1' | 'pd1Review' | 'cpv' | 'completePd2' | 'pd2Review' | 'loanOffer' | 'resubmit';

export type ReviewAction =
  /** `PATCH /api/v1/app/mfi/:id {status, remarks}`. */
  | { kind: 'move'; key: ReviewActionKey; to: ApplicationStatus; remarks: 'required' | 'optional' }
  /** A screen of the flow (`/application/<route>?id=`). */
  | { kind: 'link'; key: ReviewActionKey; route: 'cpv-info' | 'loan-offer' }
  /** `POST /api/v1/app/mfi/:id/resubmit {remarks?}`. */
  | { kind: 'resubmit'; key: 'resubmit'; remarks: 'optional' };

const move = (key: ReviewActionKey, to: ApplicationStatus, remarks: 'required' | 'optional' = 'optional'): ReviewAction => ({
  kind: 'move',
  key,
  to,
  remarks,
});

const COMPLETE_PD1 = move('completePd1', 'PD1_COMPLETE');
const PD1_REVIEW = move('pd1Review', 'PD1_REVIEW', 'required');
const COMPLETE_PD2 = move('completePd2', 'PD2_COMPLETE');
const PD2_REVIEW = move('pd2Review', 'PD2_REVIEW', 'required');
const CPV: ReviewAction = { kind: 'link', key: 'cpv', route: 'cpv-info' };
const LOAN_OFFER: ReviewAction = { kind: 'link', key: 'loanOffer', route: 'loan-offer' };
const RESUBMIT: ReviewAction = { kind: 'resubmit', key: 'resubmit', remarks: 'optional' };

const TABLE: Record<string, Partial<Record<string, readonly ReviewAction[]>>> = {
  BRANCH_MANAGER: {
    DRAFT: [COMPLETE_PD1],
    PD1_REVIEW: [COMPLETE_PD1],
    PD1_COMPLETE: [PD1_REVIEW],
  },
  BRANCH_CREDIT_MANAGER: {
    PD1_COMPLETE: [COMPLETE_PD2, PD1_REVIEW, LOAN_OFFER],
    PD2_COMPLETE: [PD2_REVIEW, LOAN_OFFER],
    PD2_REVIEW: [COMPLETE_PD2, LOAN_OFFER],
  },
  RELATIONSHIP_OFFICER: {
    PD1_REVIEW: [RESUBMIT],
  },
};

/**
 * What a designation is offered on an application in a status: its moves, then the field
 * verification wherever the access policy lets it verify (issue 31 N8: the credit manager, whose
 * selfie the verification needs, was never offered it), then the loan offer. In PD1 review the
 * officer holds the application until they resubmit it, then the branch manager (issue 31 D4):
 * `resubmitted` says which (resubmittedSinceReview of its history).
 */
export function reviewActionsOf(
  designation: string | null | undefined,
  status: string | null | undefined,
  resubmitted = false,
): readonly ReviewAction[] {
  const turn = (action: ReviewAction) =>
    status !== 'PD1_REVIEW' || (action.key === 'resubmit' ? !resubmitted : action.key === 'completePd1' ? resubmitted : true);
  const listed = (TABLE[designation ?? '']?.[status ?? ''] ?? []).filter(turn);
  if (!status || !policyAllows(designation, status, 'field-verify')) return listed;
  const offer = listed.findIndex((action) => action === LOAN_OFFER);
  return offer < 0 ? [...listed, CPV] : [...listed.slice(0, offer), CPV, ...listed.slice(offer)];
}

/** DECISIONS "Review workflow": sending back needs remarks of at least 3 characters. */
export const REVIEW_REMARKS_MIN = 3;
export const REVIEW_REMARKS_MAX = 1000;
export const REVIEW_MSG = {
  remarksTooShort: 'Please enter remarks of at least 3 characters',
  remarksTooLong: 'Remarks must be at most 1000 characters',
} as const;

const remarksText = z.string(REVIEW_MSG.remarksTooShort).check(z.trim(), z.maxLength(REVIEW_REMARKS_MAX, REVIEW_MSG.remarksTooLong));
export const requiredRemarksSchema = z.object({ remarks: remarksText.check(z.minLength(REVIEW_REMARKS_MIN, REVIEW_MSG.remarksTooShort)) });
export const optionalRemarksSchema = z.object({ remarks: remarksText });

/** One entry of an application's history (the application view's `history`, newest first). */
export type HistoryEntry = {
  at: string;
  actor_name: string | null;
  actor_designation: string | null;
  action: string;
  from: string | null;
  to: string | null;
  remarks: string | null;
  /** What the entry is about beyond the move (e.g. the bank account given up: `account_last4`, `ifsc`). */
  detail: Record<string, unknown> | null;
  /** Who decided when the actor only confirmed: 'BRE' for the engine's rejection the credit manager confirmed. */
  decided_by: string | null;
};

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The history of an application view, tolerant of missing or odd entries, newest first. */
export function readHistory(value: unknown): HistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const entries = value.filter(isObject).map((entry) => ({
    at: textOrNull(entry.at) ?? '',
    actor_name: textOrNull(entry.actor_name),
    actor_designation: textOrNull(entry.actor_designation),
    action: textOrNull(entry.action) ?? '',
    from: textOrNull(entry.from),
    to: textOrNull(entry.to),
    remarks: textOrNull(entry.remarks),
    detail: isObject(entry.detail) ? entry.detail : null,
    decided_by: isObject(entry.detail) ? textOrNull(entry.detail.by) : null,
  }));
  return entries.sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0));
}

/** The move that sent the application back into `status` (PD1_REVIEW / PD2_REVIEW): the latest one. */
export const latestSendBack = (history: readonly HistoryEntry[], status: string) =>
  history.find((entry) => entry.to === status && entry.from !== status);

/** Whether the officer resubmitted after the latest send-back into PD1_REVIEW. */
export const resubmittedSinceReview = (history: readonly HistoryEntry[]): boolean => resubmissionSinceReview(history) !== undefined;

/**
 * The status as the screens show it: PD1_REVIEW that the officer resubmitted since the send-back
 * is RESUBMITTED (issue 21 D4), which is no status of the server's.
 */
export const shownStatusOf = (status: string, history: readonly HistoryEntry[]): string =>
  status === 'PD1_REVIEW' && resubmittedSinceReview(history) ? 'RESUBMITTED' : status;

/** The latest resubmission since the send-back into PD1_REVIEW, if any. */
export function resubmissionSinceReview(history: readonly HistoryEntry[]): HistoryEntry | undefined {
  for (const entry of history) {
    if (entry.action === 'RESUBMITTED') return entry;
    if (entry.to === 'PD1_REVIEW' && entry.from !== 'PD1_REVIEW') return undefined;
  }
  return undefined;
}
