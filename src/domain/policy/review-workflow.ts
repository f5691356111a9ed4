import type { ApplicationStatus, Designation } from './enums';
import { checkTransition, missingVerifications, type VerificationFacts } from './status-machine';

/**
 * DECISIONS.md "Review workflow" as data: each move an application can make, who may make it,
 * and what the server requires first. The server (status-move.service.ts) answers a move
 * not in this table 409 (status-machine.ts checkTransition), a caller whose designation is not
 * listed 403, and missing requirements 409 naming each of them (`missingForMove`).
 */

/** What a move may require; each is named in the 409 when it is missing. */
export type MoveRequirement =
  /** The PD1 stages (GUARANTOR too for an unsecured loan), every verification of DRAFT, no deviation PENDING or REJECTED. */
  | 'PD1_CAPTURED'
  /** The officer resubmitted (POST /:id/resubmit) after changing something since the move into PD1_REVIEW. */
  | 'RESUBMITTED'
  /** Both CPV stages, each with its selfie with BCM, REFERENCES, a loan offer computed (not REJECTED). */
  | 'PD2_CAPTURED'
  /** The application or one of its records changed after the move into the current review status. */
  | 'CHANGED_SINCE_REVIEW'
  /** The loan offer accepted (`loan_offer.is_accepted`) after the borrower acknowledged its statement, and the application unchanged since. */
  | 'OFFER_ACCEPTED'
  /** Remarks of at least WORKFLOW_REMARKS_MIN characters (saying why it goes back). */
  | 'REMARKS'
  /** A reason of at least WORKFLOW_REMARKS_MIN characters (the rejection's remarks). */
  | 'REASON';

export type WorkflowMove = {
  from: ApplicationStatus;
  to: ApplicationStatus;
  /** The action's name on the screens (spec 02 §6). */
  action: string;
  who: readonly Designation[];
  requires: readonly MoveRequirement[];
};

const REVIEWERS: readonly Designation[] = ['BRANCH_MANAGER', 'BRANCH_CREDIT_MANAGER'];

/** The statuses a reviewer may reject from: every one before APPROVED. */
export const REJECTABLE_STATUSES: readonly ApplicationStatus[] = ['DRAFT', 'PD1_COMPLETE', 'PD1_REVIEW', 'PD2_COMPLETE', 'PD2_REVIEW'];

export const REVIEW_WORKFLOW: readonly WorkflowMove[] = [
  { from: 'DRAFT', to: 'PD1_COMPLETE', action: 'Complete PD1', who: ['BRANCH_MANAGER'], requires: ['PD1_CAPTURED'] },
  { from: 'PD1_COMPLETE', to: 'PD1_REVIEW', action: 'PD1 Review', who: REVIEWERS, requires: ['REMARKS'] },
  // Back to PD1_COMPLETE, it must again be what PD1_COMPLETE means.
  { from: 'PD1_REVIEW', to: 'PD1_COMPLETE', action: 'Complete PD1', who: ['BRANCH_MANAGER'], requires: ['RESUBMITTED', 'PD1_CAPTURED'] },
  { from: 'PD1_COMPLETE', to: 'PD2_COMPLETE', action: 'Complete PD2', who: ['BRANCH_CREDIT_MANAGER'], requires: ['PD2_CAPTURED'] },
  { from: 'PD2_COMPLETE', to: 'PD2_REVIEW', action: 'PD2 Review', who: ['BRANCH_CREDIT_MANAGER'], requires: ['REMARKS'] },
  {
    from: 'PD2_REVIEW',
    to: 'PD2_COMPLETE',
    action: 'Complete PD2',
    who: ['BRANCH_CREDIT_MANAGER'],
    requires: ['CHANGED_SINCE_REVIEW', 'PD2_CAPTURED'],
  },
  // The final submit checks again what Complete PD2 checked, and that the accepted offer still matches the application.
  {
    from: 'PD2_COMPLETE',
    to: 'APPROVED',
    action: 'Final submit',
    who: ['BRANCH_CREDIT_MANAGER'],
    requires: ['PD2_CAPTURED', 'OFFER_ACCEPTED'],
  },
  ...REJECTABLE_STATUSES.map((from): WorkflowMove => ({ from, to: 'REJECTED', action: 'Reject', who: REVIEWERS, requires: ['REASON'] })),
];

export const workflowMoveOf = (from: string, to: string): WorkflowMove | undefined =>
  REVIEW_WORKFLOW.find((m) => m.from === from && m.to === to);

/** Whether a designation may make a move of the table (false for a move not in it). */
export const mayMakeMove = (designation: string | null | undefined, from: string, to: string): boolean =>
  workflowMoveOf(from, to)?.who.includes(designation as Designation) ?? false;

const DESIGNATION_NAME: Record<Designation, string> = {
  RELATIONSHIP_OFFICER: 'a relationship officer',
  BRANCH_CREDIT_MANAGER: 'a branch credit manager',
  BRANCH_MANAGER: 'a branch manager',
};

/** The 403 of a move the caller's designation may not make, naming who may. */
export function wrongDesignationMessage(move: WorkflowMove): string {
  const who = move.who.map((d) => DESIGNATION_NAME[d]);
  const whom = who.length === 1 ? who[0] : `${who.slice(0, -1).join(', ')} or ${who[who.length - 1]}`;
  const resubmit = move.from === 'PD1_REVIEW' ? ' The relationship officer resubmits instead.' : '';
  return `Only ${whom} may move an application from ${move.from} to ${move.to}.${resubmit}`;
}

export const WORKFLOW_REMARKS_MIN = 3;

// Whether a designation may change an application in a status is the access policy's (access-policy.ts mayChangeApplication).

/** The PD1 stages of DECISIONS "Review workflow" (GUARANTOR is added for an unsecured loan). */
export const PD1_STAGES = [
  'BORROWER_INFO',
  'BORROWER_BASIC_INFO',
  'CO_BORROWER',
  'FAMILY_MEMBER',
  'BUSINESS_INFO',
  'BANK_ACCOUNT',
] as const;
export const PD2_STAGES = ['CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES'] as const;
export const GUARANTOR_LOAN_TYPES = ['UNSECURED_BUSINESS_LOAN'];

export const requiredPd1Stages = (loanType: string | null | undefined): string[] => {
  const stages: string[] = [...PD1_STAGES];
  if (GUARANTOR_LOAN_TYPES.includes(loanType ?? '')) stages.splice(3, 0, 'GUARANTOR');
  return stages;
};

export type DeviationFact = { type: string; status: string; /** The co-applicant's name, for one of theirs. */ of?: string | null };
export type CpvPlaceFact = { selfie: boolean } | null;

/** What the server knows about an application when it checks a move (see MoveRequirement). */
export type MoveFacts = {
  stages: readonly string[];
  loanType: string | null | undefined;
  verifications: VerificationFacts;
  /** The deviations of the application and of its active co-applicants. */
  deviations: readonly DeviationFact[];
  cpv: { businessPlace: CpvPlaceFact; residence: CpvPlaceFact };
  loanOffer: {
    decision: string | null;
    isAccepted: boolean;
    /** The borrower acknowledged the accepted statement. */
    acknowledged?: boolean;
    /** What changed in the application since the acceptance (kfs-consent.ts basisDifferences). */
    differences?: readonly string[];
    /** Why the last acceptance was voided. */
    voided?: readonly string[] | null;
  } | null;
  remarks: string | null | undefined;
  /** Something changed after the move into the current status (the review). */
  changedSinceReview: boolean;
  /** The officer resubmitted after the move into PD1_REVIEW. */
  resubmitted: boolean;
};

const hasText = (value: string | null | undefined) => (value ?? '').trim().length >= WORKFLOW_REMARKS_MIN;

const deviationLabel = (d: DeviationFact) => `${d.type}${d.of ? ` (${d.of})` : ''}`;

/** The items a requirement still misses, each named as what is needed. */
function missingFor(requirement: MoveRequirement, facts: MoveFacts): string[] {
  const has = new Set(facts.stages);
  switch (requirement) {
    case 'PD1_CAPTURED':
      return [
        ...requiredPd1Stages(facts.loanType)
          .filter((s) => !has.has(s))
          .map((s) => `stage ${s}`),
        ...missingVerifications(facts.verifications).map((m) => `${m.label} verified`),
        ...facts.deviations.filter((d) => d.status === 'PENDING').map((d) => `a decision on the deviation PENDING: ${deviationLabel(d)}`),
        ...facts.deviations
          .filter((d) => d.status === 'REJECTED')
          .map((d) => `an approval of the deviation REJECTED: ${deviationLabel(d)}`),
      ];
    case 'PD2_CAPTURED': {
      const missing: string[] = [];
      if (!has.has('CPV_BUSINESS_PLACE')) missing.push('stage CPV_BUSINESS_PLACE');
      if (!facts.cpv.businessPlace?.selfie) missing.push('the selfie with BCM of the business place');
      if (!has.has('CPV_RESIDENCE')) missing.push('stage CPV_RESIDENCE');
      if (!facts.cpv.residence?.selfie) missing.push('the selfie with BCM of the residence');
      if (!has.has('REFERENCES')) missing.push('stage REFERENCES');
      if (!facts.loanOffer || facts.loanOffer.decision === 'REJECTED') missing.push('a computed loan offer');
      return missing;
    }
    case 'OFFER_ACCEPTED': {
      const offer = facts.loanOffer;
      if (!offer?.isAccepted || offer.decision === 'REJECTED')
        return [
          offer?.voided?.length ? `the accepted offer (the acceptance was voided: ${offer.voided.join('; ')})` : 'the accepted offer',
        ];
      const missing: string[] = [];
      if (offer.acknowledged === false) missing.push("the borrower's acknowledgement of the accepted Key Fact Statement");
      if (offer.differences?.length)
        missing.push(`an offer that matches the application (changed since the acceptance: ${offer.differences.join('; ')})`);
      return missing;
    }
    case 'RESUBMITTED':
      return facts.resubmitted ? [] : ["the relationship officer's resubmission after a change since the review"];
    case 'CHANGED_SINCE_REVIEW':
      return facts.changedSinceReview ? [] : ['a change since the review'];
    case 'REMARKS':
      return hasText(facts.remarks) ? [] : [`remarks (at least ${WORKFLOW_REMARKS_MIN} characters)`];
    case 'REASON':
      return hasText(facts.remarks) ? [] : [`a reason in the remarks (at least ${WORKFLOW_REMARKS_MIN} characters)`];
  }
}

/** What a move of the table still misses, in the table's order (empty: it may be made). */
export function missingForMove(move: WorkflowMove, facts: MoveFacts): string[] {
  return move.requires.flatMap((r) => missingFor(r, facts));
}

/** The 409 of a move whose requirements are not met, naming each missing item. */
export const missingForMoveMessage = (move: Pick<WorkflowMove, 'from' | 'to'>, missing: readonly string[]) =>
  `Cannot move from ${move.from} to ${move.to} yet. Still needed: ${missing.join(', ')}.`;

export type MoveCheck = { ok: true; move: WorkflowMove } | { ok: false; status: 403 | 409; message: string; missing?: string[] };

/**
 * The whole check of a move by a designation: not in the table 409 (checkTransition's message),
 * a designation not listed 403, then the requirements 409. `facts` is read only when needed.
 */
export function checkMove(designation: string | null | undefined, from: string, to: string, facts: () => MoveFacts): MoveCheck {
  const move = workflowMoveOf(from, to);
  if (!move) {
    const transition = checkTransition(from, to);
    return { ok: false, status: 409, message: transition.ok ? `An application in ${from} cannot move to ${to}.` : transition.message };
  }
  if (!move.who.includes(designation as Designation)) return { ok: false, status: 403, message: wrongDesignationMessage(move) };
  const missing = missingForMove(move, facts());
  if (missing.length > 0) return { ok: false, status: 409, message: missingForMoveMessage(move, missing), missing };
  return { ok: true, move };
}

/** The status in words, as the public track answers it (English; nothing personal). */
export const STATUS_TEXT: Record<ApplicationStatus, string> = {
  DRAFT: 'Your application is being filled in by our officer.',
  PD1_COMPLETE: 'Your application is complete and waits for field verification.',
  PD1_REVIEW: 'Your application is being corrected after a review.',
  PD2_COMPLETE: 'Field verification is done; your loan offer is being finalised.',
  PD2_REVIEW: 'Your field verification is being reviewed again.',
  APPROVED: 'Your loan is approved.',
  REJECTED: 'Your application was not approved.',
  AGREEMENT_SIGNED: 'Your loan agreement is signed; the bank mandate is being set up.',
  DISBURSAL_READY: 'Your loan is ready to be paid out.',
  DISBURSED: 'Your loan has been paid into your bank account.',
  CANCELLED: 'Your loan was cancelled at your request.',
};

export const statusText = (status: string): string => STATUS_TEXT[status as ApplicationStatus] ?? 'Your application is in progress.';

/** History actions (the application view's `history[].action`). */
export const HISTORY_ACTIONS = [
  'MOVED',
  'RESUBMITTED',
  'DEVIATION_APPROVED',
  'DEVIATION_REJECTED',
  'BANK_ACCOUNT_CHANGED',
  'OFFER_ACCEPTED',
  /** The borrower sent a self-application to the branch (public flow). */
  'SELF_SUBMITTED',
  /** A relationship officer took a self-application over. */
  'TAKEN_OVER',
  /** The borrower acknowledged a Key Fact Statement by OTP (its number, hash, language, position in `detail`). */
  'KFS_ACKNOWLEDGED',
  /** An accepted offer was voided by a later change of the application (the differences in `detail.reasons`). */
  'OFFER_VOIDED',
  /** A rejected guarantor replaced on the rejection page (the earlier one's name and bureau reasons in `detail`). */
  'GUARANTOR_REPLACED',
  /** The sanction letter and loan agreement were made (its number, the KFS's number and hash in `detail`). */
  'AGREEMENT_CREATED',
  /** One signer e-signed the agreement (who, the signature's time in `detail`). */
  'AGREEMENT_ESIGNED',
  /** An e-NACH mandate authorisation was tried (its outcome in `detail`). */
  'MANDATE_ATTEMPTED',
  /** The e-NACH mandate was registered (its UMRN and limits in `detail`). */
  'MANDATE_REGISTERED',
  /** The maker requested the payout. */
  'DISBURSEMENT_REQUESTED',
  /** The checker approved the payout and it was sent. */
  'DISBURSEMENT_APPROVED',
  /** The payout failed (the provider's reason in `detail`); it can be requested again. */
  'PAYOUT_FAILED',
  /** The borrower exited in the cooling-off period (the amount and its working in `detail`). */
  'COOLING_OFF_EXIT',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** One entry of an application's history, newest first in the application view. */
export type WorkflowHistoryEntry = {
  at: string;
  actor_name: string | null;
  actor_designation: string | null;
  action: HistoryAction | string;
  from: string | null;
  to: string | null;
  remarks: string | null;
  detail?: Record<string, unknown> | null;
};
