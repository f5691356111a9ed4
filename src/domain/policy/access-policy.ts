import { APPLICATION_STATUSES, DESIGNATIONS, isSanctioned, type ApplicationStatus, type Designation } from './enums';
import { STATUS_MSG } from './status-machine';

/**
 * Who may do what to an application, and in which status (DECISIONS.md "Roles", "Application
 * status machine", "Review workflow"): one table of designation × state × action. Every server
 * route that reads or changes an application asks it (src/server application-access.ts); no
 * route or service keeps a status list of its own. A cell is `allow`, `403` (the designation
 * never does this, or not through this call) or `409` (not in this state, with a clear message).
 * Ownership is the other half: a relationship officer reaches only the applications they created
 * (another officer's is 404, as another tenant's); reviewers reach every one of the tenant.
 * An AGENT or an MFI employee of no known designation takes no part (403 for every action).
 * A guest (the borrower's own phone in the public flow, DECISIONS "Public applicant flow") is the
 * one caller kind besides the designations: its row below, its own application only, and
 * nothing but reads once the borrower has submitted.
 */

/** What a caller does to an application (or under it). */
export const POLICY_ACTIONS = [
  /** Reads it and everything under it (records, files, history). */
  'read',
  /** PUT /:id, the borrower step (the first-type update). */
  'borrower-step',
  /** A step's data: KYC, employment. */
  'change-step',
  /** The business and bank steps' first create/update call (POST). */
  'step-first-call',
  /** The business and bank steps' separate call (PATCH). */
  'step-second-call',
  /** Adds or replaces a co-borrower, guarantor or family member, or runs a co-applicant's Bureau Check. */
  'add-record',
  /** Changes a co-applicant or family member already there. */
  'change-record',
  /** Uploads a file to it. */
  'upload',
  /** Identity checks recorded on it: Aadhaar, PAN, voter ID, name match, bank account, statements. */
  'verify',
  /** Gives up a verified bank account ("Change account"): its check cleared, the saved account's bank step taken back. */
  'change-account',
  /** PATCH /:id's fields (the second-type update); the officer's Change Loan Type is this call. */
  'update-application',
  /** The officer resubmits after a PD1 review. */
  'resubmit',
  /** A move of the review workflow (which move, by whom, needing what: review-workflow.ts). */
  'review-move',
  /** A decision on a deviation. */
  'decide-deviation',
  /** Field verification (CPV) and references. */
  'field-verify',
  /** Opens a stored loan offer. */
  'offer-read',
  /** Runs the BRE for a loan offer. */
  'offer-compute',
  /** Edits the loan offer's amount, tenure, disbursement date. */
  'offer-edit',
  /** Confirms the BRE's REJECTED proposal: the application moves to REJECTED (the engine proposes, the credit manager decides). */
  'confirm-rejection',
  /** Accepts the loan offer. */
  'accept',
  /** Takes a submitted self-application over from the public flow (becomes its officer). */
  'take-over',
  /** Makes (or makes again, before anyone signed) the sanction letter and loan agreement. */
  'agreement-make',
  /** Starts or completes a signer's e-sign of the agreement (the signer's OTP). */
  'esign',
  /** Registers the e-NACH mandate and completes the borrower's authorisation. */
  'mandate',
  /** Requests the payout (the maker). */
  'disburse',
  /** Approves the requested payout and sends it (the checker, never the maker). */
  'approve-disbursement',
  /** Records the borrower's exit in the cooling-off period and its receipt. */
  'cooling-off-exit',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/**
 * The states the policy tells apart: every status of the machine, with a rejection split by who
 * decided it. A bureau rejection keeps the rejection page's ways out for the officer (Change Loan
 * Type); a reviewer's rejection or a confirmed BRE rejection is final.
 */
export const POLICY_STATES = [...APPLICATION_STATUSES, 'REJECTED_BY_BUREAU'] as const;
export type PolicyState = (typeof POLICY_STATES)[number];

/** The policy state of an application: its status, and for a rejection whether the bureau made it. */
export function policyStateOf(status: string, data: { bureau_deviation_exists?: unknown } | null | undefined): PolicyState | null {
  if (status === 'REJECTED' && data?.bureau_deviation_exists === true) return 'REJECTED_BY_BUREAU';
  return (APPLICATION_STATUSES as readonly string[]).includes(status) ? (status as ApplicationStatus) : null;
}

/** The status a policy state is (REJECTED_BY_BUREAU is REJECTED). */
export const statusOfState = (state: PolicyState): ApplicationStatus => (state === 'REJECTED_BY_BUREAU' ? 'REJECTED' : state);

export type PolicyCell = 'allow' | 403 | 409;

const OPEN: readonly PolicyState[] = ['DRAFT', 'PD1_REVIEW', 'PD1_COMPLETE', 'PD2_COMPLETE', 'PD2_REVIEW'];
/** The PD1 side holds the application: the relationship officer may change it (DECISIONS "Review workflow"). */
const OFFICER_EDITS: readonly PolicyState[] = ['DRAFT', 'PD1_REVIEW'];
const CPV_OPEN: readonly PolicyState[] = ['PD1_COMPLETE', 'PD2_REVIEW'];
const OFFER_OPEN: readonly PolicyState[] = ['PD1_COMPLETE', 'PD2_COMPLETE', 'PD2_REVIEW'];

/** `allow` in the states listed, 409 in the others. */
const only =
  (states: readonly PolicyState[]) =>
  (state: PolicyState): PolicyCell =>
    states.includes(state) ? 'allow' : 409;
const always = (): PolicyCell => 'allow';
const never = (): PolicyCell => 403;

type Row = Record<PolicyAction, (state: PolicyState) => PolicyCell>;

const OFFICER: Row = {
  read: always,
  'borrower-step': only(['DRAFT']),
  'change-step': only(OFFICER_EDITS),
  'step-first-call': only(OFFICER_EDITS),
  'step-second-call': never,
  'add-record': only(OFFICER_EDITS),
  'change-record': only(OFFICER_EDITS),
  upload: only(OFFICER_EDITS),
  verify: only(OFFICER_EDITS),
  'change-account': only(OFFICER_EDITS),
  // In DRAFT the officer's call is the borrower step (PUT); after a bureau rejection, PATCH is
  // the rejection page's way out (Change Loan Type), recorded in the history.
  'update-application': (state) => (state === 'DRAFT' ? 403 : only(['PD1_REVIEW', 'REJECTED_BY_BUREAU'])(state)),
  resubmit: only(['PD1_REVIEW']),
  'review-move': never,
  'decide-deviation': never,
  'field-verify': never,
  'offer-read': never,
  'offer-compute': never,
  'offer-edit': never,
  'confirm-rejection': never,
  accept: never,
  'take-over': only(['DRAFT']),
  'agreement-make': never,
  // The officer in the field hands the phone to each signer.
  esign: only(['APPROVED']),
  mandate: never,
  disburse: never,
  'approve-disbursement': never,
  'cooling-off-exit': never,
};

/** What both reviewers may do; each designation's own calls below. */
const REVIEWER: Row = {
  read: always,
  'borrower-step': never,
  'change-step': only(OPEN),
  'step-first-call': never,
  'step-second-call': never,
  'add-record': never,
  'change-record': only(OPEN),
  upload: only(OPEN),
  verify: only(OPEN),
  'change-account': only(OPEN),
  'update-application': only(OPEN),
  resubmit: never,
  'review-move': only(OPEN),
  'decide-deviation': never,
  'field-verify': only(CPV_OPEN),
  'offer-read': always,
  'offer-compute': only(OFFER_OPEN),
  'offer-edit': never,
  'confirm-rejection': never,
  accept: never,
  'take-over': never,
  'agreement-make': never,
  esign: never,
  mandate: never,
  disburse: never,
  'approve-disbursement': never,
  'cooling-off-exit': never,
};

/** The borrower applying from their own phone: the public steps of a DRAFT, nothing of the review. */
const GUEST: Row = {
  read: always,
  'borrower-step': only(['DRAFT']),
  'change-step': only(['DRAFT']),
  'step-first-call': only(['DRAFT']),
  'step-second-call': never,
  'add-record': only(['DRAFT']),
  'change-record': only(['DRAFT']),
  upload: only(['DRAFT']),
  verify: only(['DRAFT']),
  'change-account': never,
  'update-application': never,
  resubmit: never,
  'review-move': never,
  'decide-deviation': never,
  // The public flow's reference-details step: the borrower names references before submitting.
  'field-verify': only(['DRAFT']),
  'offer-read': never,
  'offer-compute': never,
  'offer-edit': never,
  'confirm-rejection': never,
  accept: never,
  'take-over': never,
  'agreement-make': never,
  esign: never,
  mandate: never,
  disburse: never,
  'approve-disbursement': never,
  'cooling-off-exit': never,
};

export const ACCESS_POLICY: Record<Designation, Row> = {
  RELATIONSHIP_OFFICER: OFFICER,
  // DECISIONS "Roles": for business details the credit manager submits through the first call.
  BRANCH_CREDIT_MANAGER: {
    ...REVIEWER,
    'step-first-call': only(OPEN),
    'offer-edit': only(OFFER_OPEN),
    'confirm-rejection': only(OFFER_OPEN),
    accept: only(['PD2_COMPLETE']),
    'agreement-make': only(['APPROVED']),
    esign: only(['APPROVED']),
    mandate: only(['APPROVED', 'AGREEMENT_SIGNED']),
    disburse: only(['DISBURSAL_READY']),
    'cooling-off-exit': only(['DISBURSED']),
  },
  BRANCH_MANAGER: {
    ...REVIEWER,
    'step-second-call': only(OPEN),
    'decide-deviation': only(OPEN),
    // DISBURSED too: a second approval answers the payout as it stands, never a second payout.
    'approve-disbursement': only(['DISBURSAL_READY', 'DISBURSED']),
  },
};

/**
 * Whether a designation may do an action to an application in a status, for the screens: they
 * offer only what the server allows. Without the application's data a rejection is taken as a
 * reviewer's, the stricter kind; with it, a bureau rejection is told apart.
 */
export function policyAllows(
  designation: string | null | undefined,
  status: string,
  action: PolicyAction,
  data?: { bureau_deviation_exists?: unknown } | null,
): boolean {
  const state = policyStateOf(status, data);
  const known = (DESIGNATIONS as readonly string[]).includes(designation ?? '');
  return state !== null && known && ACCESS_POLICY[designation as Designation][action](state) === 'allow';
}

/**
 * Whether a designation may change an application in a status (DECISIONS "Review workflow"), as
 * the policy's `change-account` says: the relationship officer while the PD1 side holds it, a
 * reviewer until it is approved or rejected.
 */
export const mayChangeApplication = (designation: string | null | undefined, status: string): boolean =>
  policyAllows(designation, status, 'change-account');

/** What a guest token reaches: one application, read-only once the borrower submitted it. */
export type GuestScope = { application_id: string; submitted: boolean };

/** A caller as the policy sees them: the profile's role and designation, or a guest's scope. */
export type PolicyCaller = { role: string | null | undefined; mfi_employee: string | null | undefined; guest?: GuestScope | null };

export const isGuest = (caller: PolicyCaller): caller is PolicyCaller & { guest: GuestScope } => !!caller.guest;

/** The designation a caller acts under, or null for one that takes no part (an AGENT, an unknown designation). */
export function designationOf(caller: PolicyCaller): Designation | null {
  if (caller.guest || caller.role !== 'MFI_EMPLOYEE') return null;
  return (DESIGNATIONS as readonly string[]).includes(caller.mfi_employee ?? '') ? (caller.mfi_employee as Designation) : null;
}

/** The cell of the table for a caller (an AGENT or an unknown designation: 403 everywhere). */
export function policyCell(caller: PolicyCaller, state: PolicyState, action: PolicyAction): PolicyCell {
  if (isGuest(caller)) return caller.guest.submitted && action !== 'read' ? 409 : GUEST[action](state);
  const designation = designationOf(caller);
  return designation ? ACCESS_POLICY[designation][action](state) : 403;
}

/** Whether a designation may do an action in some state (a refusal in this one is then 409, not 403). */
export const mayEverDo = (designation: Designation, action: PolicyAction) =>
  POLICY_STATES.some((state) => ACCESS_POLICY[designation][action](state) === 'allow');

/** The states in which a designation may do an action. */
export const statesAllowing = (designation: Designation, action: PolicyAction): PolicyState[] =>
  POLICY_STATES.filter((state) => ACCESS_POLICY[designation][action](state) === 'allow');

/** The statuses in which a designation may do an action (a rejection counted when either kind is allowed). */
export const statusesAllowing = (designation: Designation, action: PolicyAction): ApplicationStatus[] => [
  ...new Set(statesAllowing(designation, action).map(statusOfState)),
];

export const POLICY_MSG = {
  notAllowed: 'You are not allowed to do this.',
  onlyBranchManagerDecides: 'Only a branch manager may approve or reject a deviation.',
  stepClosed: (status: string) => `This step can no longer be changed: the application is ${status}.`,
  recordsClosed: (status: string) =>
    isSanctioned(status)
      ? 'This application is approved and can no longer be changed.'
      : `Co-borrowers, guarantors and family members can no longer be added or changed: the application is ${status}.`,
  rejectionFinal:
    'This application was rejected by a reviewer or by the business rules engine: the rejection is final. Start a new application.',
  officerEditsOnly: (status: string) =>
    `The relationship officer changes an application only while it is DRAFT or PD1_REVIEW (or to change the loan type after a bureau rejection); this one is ${status}.`,
  notInReview: (status: string) => `Only an application in PD1_REVIEW can be resubmitted; this one is ${status}.`,
  fieldVerificationClosed: (status: string) =>
    `Field verification and references are taken while the application is ${CPV_OPEN.join(' or ')}; it is ${status}.`,
  offerNotYet: (status: string) =>
    `The loan offer comes after PD1 is complete and field verification is done: this application is ${status}.`,
  offerClosed: (status: string) => `The loan offer can no longer be changed: the application is ${status}.`,
  acceptNeedsPd2: 'The loan offer can be accepted only once PD2 is complete.',
  guestSubmitted: 'Your application has been sent to the branch. It can no longer be changed here.',
  guestDraftOnly: (status: string) => `This application can no longer be changed here: it is ${status}.`,
  agreementNeedsApproval: (status: string) =>
    `The loan agreement is made and signed once the application is APPROVED and before anyone else signs it; this one is ${status}.`,
  mandateClosed: (status: string) =>
    `The e-NACH mandate is registered after the approval and before the payout; this application is ${status}.`,
  disbursementNotReady: (status: string) =>
    `A payout needs the agreement signed by every signer and the mandate registered (DISBURSAL_READY); this application is ${status}.`,
  coolingOffOnlyDisbursed: (status: string) => `A cooling-off exit is recorded only for a disbursed loan; this application is ${status}.`,
} as const;

const isFinal = (status: ApplicationStatus) => isSanctioned(status) || status === 'REJECTED';

/** The 409's message: what the state does not allow, and why. */
function closedMessage(designation: Designation, state: PolicyState, action: PolicyAction): string {
  const status = statusOfState(state);
  if (designation === 'RELATIONSHIP_OFFICER' && state === 'REJECTED') return POLICY_MSG.rejectionFinal;
  switch (action) {
    case 'add-record':
    case 'change-record':
      return POLICY_MSG.recordsClosed(status);
    case 'update-application':
    case 'review-move':
      if (isSanctioned(status)) return STATUS_MSG.approvedIsFinal;
      if (status === 'REJECTED') return STATUS_MSG.rejectedIsFinal;
      return POLICY_MSG.officerEditsOnly(status);
    case 'resubmit':
      return POLICY_MSG.notInReview(status);
    case 'field-verify':
      return POLICY_MSG.fieldVerificationClosed(status);
    case 'offer-compute':
    case 'offer-edit':
    case 'confirm-rejection':
      return isFinal(status) ? POLICY_MSG.offerClosed(status) : POLICY_MSG.offerNotYet(status);
    case 'accept':
      return POLICY_MSG.acceptNeedsPd2;
    case 'agreement-make':
    case 'esign':
      return POLICY_MSG.agreementNeedsApproval(status);
    case 'mandate':
      return POLICY_MSG.mandateClosed(status);
    case 'disburse':
    case 'approve-disbursement':
      return POLICY_MSG.disbursementNotReady(status);
    case 'cooling-off-exit':
      return POLICY_MSG.coolingOffOnlyDisbursed(status);
    default:
      return POLICY_MSG.stepClosed(status);
  }
}

export type PolicyAnswer = { ok: true } | { ok: false; status: 403 | 409; message: string };

/** The policy's answer for a caller, an application state and an action, with the refusal's message. */
export function askPolicy(caller: PolicyCaller, state: PolicyState, action: PolicyAction): PolicyAnswer {
  const designation = designationOf(caller);
  const cell = policyCell(caller, state, action);
  if (cell === 'allow') return { ok: true };
  if (isGuest(caller)) {
    if (cell === 403) return { ok: false, status: 403, message: POLICY_MSG.notAllowed };
    const message = caller.guest.submitted ? POLICY_MSG.guestSubmitted : POLICY_MSG.guestDraftOnly(statusOfState(state));
    return { ok: false, status: 409, message };
  }
  if (cell === 403 || !designation) {
    const message = action === 'decide-deviation' && designation ? POLICY_MSG.onlyBranchManagerDecides : POLICY_MSG.notAllowed;
    return { ok: false, status: 403, message };
  }
  return { ok: false, status: 409, message: closedMessage(designation, state, action) };
}
