import { checkTransition } from '../../../domain';
import {
  missingForMove,
  missingForMoveMessage,
  mayMakeMove,
  workflowMoveOf,
  wrongDesignationMessage,
} from '../../../domain/policy/review-workflow';
import type { Tx } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { accept, refuse, type Outcome } from '../../outcome';
import { policyRefusal } from '../../kernels/access';
import type { ApplicationDeps, StepCall } from './application-deps';
import type { ApplicationPatch } from './application-patch.input';
import { moveFactsOf } from './move-facts.service';
import type { MoveRecords } from './move-records';
import type { UpdatePlan } from './update-plan';
import { byEnglish } from '../../kernels/messages';

/** Whether a patch asks for a status move: a status other than the one the edit leaves. */
export const asksForMove = (patch: ApplicationPatch, status: string): patch is ApplicationPatch & { status: string } =>
  patch.status !== undefined && patch.status !== status;

/**
 * The status move of a PATCH /:id (DECISIONS "Review workflow", review-workflow.ts), on top of the
 * borrower's edit `edit`: a move not in the table 409, a designation the table does not name 403,
 * then what the move needs 409, each item named.
 */
export async function planStatusMove(
  deps: ApplicationDeps,
  tx: Tx,
  call: StepCall,
  application: ApplicationRow,
  patch: ApplicationPatch & { status: string },
  edit: UpdatePlan,
  records: MoveRecords,
): Promise<Outcome<UpdatePlan>> {
  const { status, data } = edit;
  const target = patch.status;
  const move = workflowMoveOf(status, target);
  const refusal = policyRefusal(call.user, { status, data: application.data }, 'review-move');
  if (refusal) return refusal.status === 403 && move ? refuse(403, byEnglish(wrongDesignationMessage(move))) : refusal;
  if (!move) {
    const transition = checkTransition(status, target);
    return refuse(409, byEnglish(transition.ok ? `An application in ${status} cannot move to ${target}.` : transition.message));
  }
  if (!mayMakeMove(call.user.mfi_employee, status, target)) return refuse(403, byEnglish(wrongDesignationMessage(move)));
  const remarks = patch.remarks?.trim() || null;
  const facts = await moveFactsOf(tx, call.tenant, application, { ...application.data, ...data }, remarks, move, deps.aadhaarKey, records);
  const missing = missingForMove(move, facts);
  if (missing.length > 0) return refuse(409, byEnglish(missingForMoveMessage(move, missing)));
  const moved = { from: status, to: target, remarks };
  return accept({ ...edit, data: target === 'REJECTED' ? { ...data, rejection_reason: remarks } : data, status: target, moved });
}
