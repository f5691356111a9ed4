import { CREATOR_DESIGNATION, mayChangeApplication } from '../../../domain';
import { isCreatorRole, NOT_ALLOWED_HERE } from './application-access';
import { stepClosedMessage } from './applications.messages';
import type { AuthUser } from '../../types';

type User = Pick<AuthUser, 'role' | 'mfi_employee'>;
export type Refusal = { ok: false; status: 403 | 409; message: string };

const closed = (status: string): Refusal => ({ ok: false, status: 409, message: stepClosedMessage(status) });

/** PUT (borrower step, first-type update): its relationship officer, while the application is a DRAFT. */
export function borrowerStepRefusal(status: string): Refusal | null {
  return status === 'DRAFT' ? null : closed(status);
}

/**
 * A change under an application (KYC submit, an upload attached to it): the relationship officer
 * while the PD1 side holds the application (DRAFT, PD1_REVIEW); a reviewer until it is approved
 * or rejected.
 */
export function editRefusal(user: User, status: string): Refusal | null {
  // Anyone but the creating role is held to the reviewers' rule, as before the rule moved to the domain.
  return mayChangeApplication(isCreatorRole(user) ? CREATOR_DESIGNATION : null, status) ? null : closed(status);
}

export const kycStepRefusal = editRefusal;

/** Statuses in which the relationship officer may use the second-type update (PATCH). */
const CREATOR_PATCH_STATUSES = ['REJECTED', 'PD1_REVIEW'];

/** PATCH: reviewers always (the status machine refuses changes to a final status); the creator only while REJECTED or PD1_REVIEW. */
export function patchRefusal(user: User, status: string): Refusal | null {
  if (isCreatorRole(user) && !CREATOR_PATCH_STATUSES.includes(status)) return { ok: false, status: 403, message: NOT_ALLOWED_HERE };
  return null;
}

// Who makes which status move, and what it needs, is the domain's review-workflow.ts: the
// relationship officer makes none (after a PD1 review they resubmit, POST /:id/resubmit).
