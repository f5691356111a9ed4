import { APPLICATION_STATUSES, isSanctioned, type ApplicationStatus } from './enums';

/**
 * The application status machine of DECISIONS.md: DRAFT → PD1_COMPLETE → PD2_COMPLETE →
 * APPROVED; a reviewer sends PD1_COMPLETE back to PD1_REVIEW (the officer resubmits, then the
 * branch manager completes PD1 again) and PD2_COMPLETE back to PD2_REVIEW (back to PD2_COMPLETE
 * after a change); who makes each move, and what it needs, is review-workflow.ts; REJECTED from any state before
 * APPROVED. APPROVED and REJECTED are final here: the one way out of REJECTED is the relationship
 * officer's loan-type change (`statusAfterLoanTypeChange`), not a status update.
 *
 * After APPROVED each move is made by its own step, never by a status update (`checkTransition`
 * refuses them; `checkPostSanctionMove` is the steps' check): AGREEMENT_SIGNED when every signer
 * has signed, DISBURSAL_READY when the agreement is signed and the mandate registered (in either
 * order, so APPROVED may go straight there), DISBURSED when the payout succeeds, CANCELLED by the
 * borrower's cooling-off exit.
 */
export const STATUS_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  DRAFT: ['PD1_COMPLETE', 'REJECTED'],
  PD1_COMPLETE: ['PD1_REVIEW', 'PD2_COMPLETE', 'REJECTED'],
  PD1_REVIEW: ['PD1_COMPLETE', 'REJECTED'],
  PD2_COMPLETE: ['PD2_REVIEW', 'APPROVED', 'REJECTED'],
  PD2_REVIEW: ['PD2_COMPLETE', 'REJECTED'],
  APPROVED: ['AGREEMENT_SIGNED', 'DISBURSAL_READY'],
  REJECTED: [],
  AGREEMENT_SIGNED: ['DISBURSAL_READY'],
  DISBURSAL_READY: ['DISBURSED'],
  DISBURSED: ['CANCELLED'],
  CANCELLED: [],
};

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);

export const STATUS_MSG = {
  invalidStatus: 'Invalid status',
  approvedIsFinal: 'This application is approved: its status can no longer change.',
  rejectedIsFinal: 'This application is rejected: its status can no longer change. Change the loan type or start a new application.',
  remarksRequired: 'Please enter remarks',
} as const;

const listed = (statuses: readonly string[]) =>
  statuses.length <= 1 ? (statuses[0] ?? '') : `${statuses.slice(0, -1).join(', ')} or ${statuses[statuses.length - 1]}`;

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether an application may move from `from` to `to`. Staying in the same status is allowed
 * (a repeated update changes nothing); anything else not in the table is refused with a message
 * naming the statuses that are reachable.
 */
export function checkTransition(from: string, to: string): TransitionCheck {
  if (!isApplicationStatus(to)) return { ok: false, message: STATUS_MSG.invalidStatus };
  if (!isApplicationStatus(from)) return { ok: false, message: `Unknown application status ${from}` };
  if (from === to) return { ok: true };
  if (isSanctioned(from)) return { ok: false, message: STATUS_MSG.approvedIsFinal };
  if (from === 'REJECTED') return { ok: false, message: STATUS_MSG.rejectedIsFinal };
  const allowed = STATUS_TRANSITIONS[from];
  if (allowed.includes(to)) return { ok: true };
  return { ok: false, message: `An application in ${from} cannot move to ${to}. From ${from} it can move to ${listed(allowed)}.` };
}

/** A move after the sanction, made by its step (agreement, mandate, disbursement, cooling-off exit). */
export function checkPostSanctionMove(from: string, to: string): TransitionCheck {
  if (!isApplicationStatus(from) || !isApplicationStatus(to) || !isSanctioned(from)) {
    return { ok: false, message: `An application in ${from} cannot move to ${to}.` };
  }
  if (from === to || STATUS_TRANSITIONS[from].includes(to)) return { ok: true };
  return { ok: false, message: `An application in ${from} cannot move to ${to}.` };
}

/** What the sanction's two steps have done: the agreement signed by every signer, the mandate registered. */
export type SanctionSteps = { agreementSigned: boolean; mandateRegistered: boolean };

/** The status the two steps make, in either order: both → DISBURSAL_READY, the agreement alone → AGREEMENT_SIGNED. */
export const statusAfterSanctionSteps = (done: SanctionSteps): 'APPROVED' | 'AGREEMENT_SIGNED' | 'DISBURSAL_READY' =>
  done.agreementSigned ? (done.mandateRegistered ? 'DISBURSAL_READY' : 'AGREEMENT_SIGNED') : 'APPROVED';

/** Leaving DRAFT for anything but REJECTED needs every required verification. */
export const leavesDraft = (from: string, to: string) => from === 'DRAFT' && to !== 'DRAFT' && to !== 'REJECTED';

/** Sending back for review, and a reviewer's rejection, need remarks saying why. */
export const transitionNeedsRemarks = (from: string, to: string) =>
  from !== to && (to === 'PD1_REVIEW' || to === 'PD2_REVIEW' || to === 'REJECTED');

/** The relationship officer's loan-type change reopens a rejected application as a DRAFT. */
export const statusAfterLoanTypeChange = (status: string): string => (status === 'REJECTED' ? 'DRAFT' : status);

/** What the server knows about the checks an application needs before it leaves DRAFT. */
export type VerificationFacts = {
  mobile: boolean;
  aadhaar: boolean;
  /** The borrower's PAN was verified on this application. */
  pan: boolean;
  /** The borrower's voter ID was verified on this application. */
  voterId: boolean;
  gender: string | null | undefined;
  /** The ACTIVE co-applicants (rejected and replaced ones are not counted). */
  coApplicants: readonly { type: string; name?: string | null; panVerified: boolean }[];
};

export type MissingVerification = { code: 'MOBILE' | 'AADHAAR' | 'PAN' | 'VOTER_ID' | 'CO_APPLICANT_PAN'; label: string };

const CO_APPLICANT_LABEL: Record<string, string> = { CO_BORROWER: 'co-borrower', GUARANTOR: 'guarantor' };

/**
 * DECISIONS.md: the mobile, the Aadhaar, the borrower's PAN, the borrower's voter ID unless the
 * borrower is MALE, and the PAN of every active co-applicant, in that order.
 */
export function missingVerifications(facts: VerificationFacts): MissingVerification[] {
  const missing: MissingVerification[] = [];
  if (!facts.mobile) missing.push({ code: 'MOBILE', label: 'mobile number' });
  if (!facts.aadhaar) missing.push({ code: 'AADHAAR', label: 'Aadhaar' });
  if (!facts.pan) missing.push({ code: 'PAN', label: 'PAN' });
  if (facts.gender !== 'MALE' && !facts.voterId) missing.push({ code: 'VOTER_ID', label: 'voter ID' });
  for (const co of facts.coApplicants) {
    if (co.panVerified) continue;
    const who = CO_APPLICANT_LABEL[co.type] ?? 'co-applicant';
    missing.push({ code: 'CO_APPLICANT_PAN', label: co.name ? `PAN of the ${who} ${co.name}` : `PAN of the ${who}` });
  }
  return missing;
}

/** The 409 message for a refused move out of DRAFT. */
export const missingVerificationsMessage = (missing: readonly MissingVerification[]) =>
  `Complete the required verifications first: ${missing.map((m) => m.label).join(', ')}.`;
