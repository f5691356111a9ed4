import { and, eq, sql } from 'drizzle-orm';
import type { ApplicationView } from '../../../domain';
import { applications } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refusedAs } from '../../outcome';
import { loadApplicationFor, statusRefusal } from '../../kernels/access';
import { todayOf, type ApplicationDeps, type StepCall } from './application-deps';
import { recordEvent } from '../../kernels/history';
import { sectionDigests } from './application-sections.service';
import { applicationPatchOf, type ApplicationPatchBody } from './application-patch.input';
import { applicationViewById } from './application-view.service';
import { planBorrowerEdit } from './borrower-edit.service';
import { asksForMove, planStatusMove } from './status-move.service';
import { storedOffer, voidIfStale, voidStaleAcceptance } from '../../kernels/offers';
import { moveRecordsOf } from './move-records';

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
    // A move is the policy's `review-move` (planStatusMove: the officer makes none, 403); anything else its `update-application`.
    const closed = asksForMove(patch, application.status) ? null : statusRefusal(call.user, application, 'update-application');
    if (closed) return closed;
    // The borrower's edit, then the status move the patch asks for on top of it (a reviewer may do both in one call).
    const edit = await planBorrowerEdit(deps, call, application, patch, todayOf(deps));
    if (!edit.ok) return edit;
    // What the move reads besides the locked row is read once, on first need, and shared (move-records.ts).
    const records = moveRecordsOf(tx, call.tenant, call.id);
    const plan = asksForMove(patch, edit.value.status)
      ? await planStatusMove(deps, tx, call, application, patch, edit.value, records)
      : edit;
    if (!plan.ok) return plan;
    const { data, status, stage, moved } = plan.value;
    const stageChanged = stage.length !== application.stage.length;
    if (Object.keys(data).length === 0 && status === application.status && !stageChanged) return accept(null);
    const [after] = await tx
      .update(applications)
      .set({
        data: sql`${applications.data} || ${JSON.stringify(data)}::jsonb`,
        status,
        ...(stageChanged ? { stage } : {}),
        // A move ends the resubmission it answered (a new review needs a new one).
        ...(moved ? { resubmitted_at: null } : {}),
        updated_at: new Date(now),
      })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)))
      .returning();
    if (moved) {
      // A send-back keeps what each section held, so the resubmission can name what changed.
      const sections =
        moved.to === 'PD1_REVIEW'
          ? await sectionDigests(tx, call.tenant, { ...application, data: { ...application.data, ...data } }, records)
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
    // A change of what an accepted offer was computed on voids the acceptance with it (history says why):
    // the row as the update left it, still locked, and the co-applicants the move read.
    if (after && storedOffer(application)?.is_accepted)
      await voidStaleAcceptance(tx, call.tenant, after, call.user.id, now, records.coApplicants);
    return accept(null);
  });
  // A final submit refused for a stale acceptance (changed outside the routes) leaves it voided too.
  if (!written.ok && written.status === 409) await voidIfStale(deps.db, call.tenant, call.id, call.user.id, now);
  if (!written.ok) return written;
  return accept(await applicationViewById(deps.db, call.tenant, call.id));
}
