import { and, eq, sql } from 'drizzle-orm';
import {
  borrowerSchema,
  checkTransition,
  policyStateOf,
  statusAfterLoanTypeChange,
  type ApplicationView,
  type BorrowerForm,
  type CalendarDate,
} from '../../../domain';
import {
  missingForMove,
  missingForMoveMessage,
  mayMakeMove,
  workflowMoveOf,
  wrongDesignationMessage,
} from '../../../domain/review-workflow';
import type { Tx } from '../../db/client';
import { applications, type ApplicationRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { parseInput } from '../../http/envelope';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { isCreatorRole, loadApplicationFor, policyRefusal, statusRefusal } from '../../shared/application-access';
import { todayOf, type ApplicationDeps, type StepCall } from './application-deps';
import { recordEvent } from '../../shared/application-history';
import { sectionDigests } from './application-sections.service';
import { applicationPatchOf, type ApplicationPatch, type ApplicationPatchBody } from './application-patch.input';
import { applicationViewById } from './application-view.service';
import { checkBorrowerIdentity } from './borrower-identity.service';
import { borrowerRecord, storedBorrowerForm } from './borrower-record';
import { moveFactsOf } from './move-facts.service';
import { voidIfStale, voidStaleAcceptanceOf } from '../../shared/offer-binding';

/** A status change to record in the history (review-workflow.ts; the loan-type reopening too). */
type Moved = { from: string; to: string; remarks: string | null; detail?: Record<string, unknown> };
type Plan = { data: Record<string, unknown>; status: string; stage: string[]; moved: Moved | null };

const IDENTITY_FIELDS = ['phone', 'name', 'pan', 'voter_id', 'gender'];

/**
 * The borrower fields of a patch. Once the borrower step is done, the stored form with the patch
 * applied is checked whole (so cross-field rules such as the loan limits of a new loan type
 * hold), and a change of phone, name, PAN, voter ID or gender passes the borrower step's
 * identity checks and name match again.
 */
async function borrowerChanges(
  deps: ApplicationDeps,
  application: ApplicationRow,
  patch: ApplicationPatch,
  today: CalendarDate,
): Promise<Outcome<Record<string, unknown>>> {
  const fields = patch.fields;
  if (Object.keys(fields).length === 0) return accept({});
  if (!application.stage.includes('BORROWER_INFO')) return accept(borrowerRecord(fields as Partial<BorrowerForm>, deps.aadhaarKey));
  const merged = { ...storedBorrowerForm(application.data, application.phone, deps.aadhaarKey), ...fields };
  const form = parseInput(borrowerSchema(today), merged);
  if (!form.ok) return refuse(400, form.message);
  const record = borrowerRecord(form.value, deps.aadhaarKey);
  if (!('aadhaar' in fields)) {
    delete record.aadhaar_encrypted;
    delete record.aadhaar_masked;
  }
  if (IDENTITY_FIELDS.some((f) => f in fields)) {
    const deviations = await checkBorrowerIdentity(deps.providers.nameMatch, application, form.value, patch.deviationTypes);
    if (!deviations.ok) return deviations;
    record.deviations = deviations.value;
  }
  return accept(record);
}

/** What a patch changes, or why it is refused. */
async function planUpdate(
  deps: ApplicationDeps,
  tx: Tx,
  call: StepCall,
  application: ApplicationRow,
  patch: ApplicationPatch,
  today: CalendarDate,
): Promise<Outcome<Plan>> {
  const borrower = await borrowerChanges(deps, application, patch, today);
  if (!borrower.ok) return borrower;
  const data: Record<string, unknown> = { ...borrower.value };
  if (patch.remarks !== undefined) data.remarks = patch.remarks;

  // Change Loan Type (spec 02 §4 rejection page): the officer's new loan type reopens an
  // application the bureau rejected (the access policy lets only them, and only after a bureau
  // rejection, change a rejected application); the KYC step (and so the bureau) runs again. The
  // history keeps the bureau's rejection with its reasons, and records this way out.
  let status = application.status;
  let stage = application.stage;
  let moved: Moved | null = null;
  const loanType = patch.fields.loan_type;
  const bureauRejected = policyStateOf(application.status, application.data) === 'REJECTED_BY_BUREAU';
  if (bureauRejected && isCreatorRole(call.user) && loanType !== undefined && loanType !== application.data.loan_type) {
    status = statusAfterLoanTypeChange(status);
    stage = stage.filter((s) => s !== 'BORROWER_BASIC_INFO');
    Object.assign(data, { approval_checks: null, bureau_deviation_exists: false, rejection_reason: null });
    moved = { from: application.status, to: status, remarks: null, detail: { reason: 'LOAN_TYPE_CHANGED', loan_type: loanType } };
  }

  // A status move (DECISIONS "Review workflow", review-workflow.ts): a move not in the table 409,
  // a designation the table does not name 403, then what the move needs 409, each item named.
  if (patch.status !== undefined && patch.status !== status) {
    const target = patch.status;
    const move = workflowMoveOf(status, target);
    const refusal = policyRefusal(call.user, { status, data: application.data }, 'review-move');
    if (refusal) return refusal.status === 403 && move ? refuse(403, wrongDesignationMessage(move)) : refusal;
    if (!move) {
      const transition = checkTransition(status, target);
      return refuse(409, transition.ok ? `An application in ${status} cannot move to ${target}.` : transition.message);
    }
    if (!mayMakeMove(call.user.mfi_employee, status, target)) return refuse(403, wrongDesignationMessage(move));
    const remarks = patch.remarks?.trim() || null;
    const facts = await moveFactsOf(tx, call.tenant, application, { ...application.data, ...data }, remarks, move, deps.aadhaarKey);
    const missing = missingForMove(move, facts);
    if (missing.length > 0) return refuse(409, missingForMoveMessage(move, missing));
    if (target === 'REJECTED') data.rejection_reason = remarks;
    moved = { from: status, to: target, remarks };
    status = target;
  }
  return accept({ data, status, stage, moved });
}

/**
 * PATCH /:id, the second-type update (docs/application-api.md) and THE status move call: who may
 * call it in which state is the access policy's `update-application` (reviewers until the
 * application is final; its officer in PD1_REVIEW, or to change the loan type after a bureau
 * rejection), a move its `review-move` and the review workflow (the officer makes none: after a
 * PD1 review they resubmit, review.service.ts). Applied on the locked row
 * in one transaction with its history entry; a patch that changes nothing writes nothing.
 */
export async function updateApplication(deps: ApplicationDeps, call: StepCall<ApplicationPatchBody>): Promise<Outcome<ApplicationView>> {
  const now = deps.clock.now();
  const written = await transact(deps.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'update-application', true, true);
    if (!access.ok) return refusedAs(access);
    const application = access.application;
    const patch = applicationPatchOf(call.body);
    // A move is the policy's `review-move` (planUpdate: the officer makes none, 403); anything else its `update-application`.
    const moving = patch.status !== undefined && patch.status !== application.status;
    const closed = moving ? null : statusRefusal(call.user, application, 'update-application');
    if (closed) return closed;
    const plan = await planUpdate(deps, tx, call, application, patch, todayOf(deps));
    if (!plan.ok) return plan;
    const { data, status, stage, moved } = plan.value;
    const stageChanged = stage.length !== application.stage.length;
    if (Object.keys(data).length === 0 && status === application.status && !stageChanged) return accept(null);
    await tx
      .update(applications)
      .set({
        data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb`,
        status,
        ...(stageChanged ? { stage } : {}),
        // A move ends the resubmission it answered (a new review needs a new one).
        ...(moved ? { resubmitted_at: null } : {}),
        updated_at: new Date(now),
      })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)));
    if (moved) {
      // A send-back keeps what each section held, so the resubmission can name what changed.
      const sections =
        moved.to === 'PD1_REVIEW'
          ? await sectionDigests(tx, call.tenant, { ...application, data: { ...application.data, ...data } })
          : null;
      const detail = sections ? { ...(moved.detail ?? {}), sections } : moved.detail;
      await recordEvent(tx, {
        tenant: call.tenant,
        applicationId: call.id,
        at: now,
        actorId: call.user.id,
        action: 'MOVED',
        ...moved,
        detail,
      });
    }
    // A change of what an accepted offer was computed on voids the acceptance with it (history says why).
    await voidStaleAcceptanceOf(tx, call.tenant, call.id, call.user.id, now, application);
    return accept(null);
  });
  // A final submit refused for a stale acceptance (changed outside the routes) leaves it voided too.
  if (!written.ok && written.status === 409) await voidIfStale(deps.db, call.tenant, call.id, call.user.id, now);
  if (!written.ok) return written;
  return accept(await applicationViewById(deps.db, call.tenant, call.id));
}
