import { and, eq, sql } from 'drizzle-orm';
import type { ApplicationView } from '../../../domain';
import type { DeviationDecision, ResubmitBody } from '../../../domain/records/application-list.schema';
import { transact } from '../../db/transact';
import { applications, coApplicants } from '../../db/schema';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { loadApplicationFor } from '../../kernels/access';
import { voidStaleAcceptanceOf } from '../../kernels/offers';
import type { ApplicationDeps, StepCall } from './application-deps';
import { changedSince, lastMoveInto, lastReviewDigests, recordEvent } from '../../kernels/history';
import { changedSections, sectionDigests } from './application-sections.service';
import { applicationViewById } from './application-view.service';
import { said } from '../../kernels/messages';

export const REVIEW_MSG = {
  nothingChanged: said('review.nothingChanged'),
  nothingChangedSinceResubmit: said('review.nothingChangedSinceResubmit'),
  coApplicantNotFound: said('review.coApplicantNotFound'),
  noSuchDeviation: (type: string) => said('review.noSuchDeviation', { type }),
} as const;

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * POST /:id/resubmit: the owning relationship officer, while the application is in PD1_REVIEW,
 * after changing something since the move into review (or since their last resubmission; see
 * application-history.ts changedSince). Recorded in the history (RESUBMITTED, status unchanged);
 * the entry names the sections changed since the send-back (or the last resubmission). Then the
 * branch manager may move it back to PD1_COMPLETE.
 */
export async function resubmitApplication(
  deps: ApplicationDeps,
  call: StepCall<ResubmitBody | undefined>,
): Promise<Outcome<ApplicationView>> {
  const now = deps.clock.now();
  const written = await transact(deps.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'resubmit', true);
    if (!access.ok) return refusedAs(access);
    const application = access.application;
    const reviewAt = await lastMoveInto(tx, call.tenant, application.id, 'PD1_REVIEW');
    const since = later(reviewAt, application.resubmitted_at);
    if (!(await changedSince(tx, call.tenant, application, since))) {
      return refuse(409, application.resubmitted_at ? REVIEW_MSG.nothingChangedSinceResubmit : REVIEW_MSG.nothingChanged);
    }
    const sections = await sectionDigests(tx, call.tenant, application);
    const changed = changedSections(await lastReviewDigests(tx, call.tenant, application.id), sections);
    const at = new Date(now);
    await tx
      .update(applications)
      .set({ resubmitted_at: at, updated_at: at })
      .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)));
    await recordEvent(tx, {
      tenant: call.tenant,
      applicationId: call.id,
      at: now,
      actorId: call.user.id,
      action: 'RESUBMITTED',
      from: application.status,
      to: application.status,
      remarks: call.body?.remarks?.trim() || null,
      detail: { sections, changed },
    });
    return accept(null);
  });
  if (!written.ok) return written;
  return accept(await applicationViewById(deps.db, call.tenant, call.id));
}

type StoredDeviation = Record<string, unknown> & { type: string; status?: string };

const deviationsOf = (data: Record<string, unknown>): StoredDeviation[] =>
  Array.isArray(data.deviations) ? (data.deviations as StoredDeviation[]) : [];

/**
 * PATCH /:id/deviation: a branch manager approves or rejects one deviation of the application
 * or of one of its co-applicants, with a remark (DECISIONS "Review workflow"). The deviation
 * keeps its type and info and gets the decision, the remark, who and when; the decision is
 * recorded in the history. Deciding what is already decided the same way changes nothing. A
 * decision does not touch `updated_at`: it is a reviewer's, not the officer's change since a review.
 */
export async function decideDeviation(deps: ApplicationDeps, call: StepCall<DeviationDecision>): Promise<Outcome<ApplicationView>> {
  const now = deps.clock.now();
  const written = await transact(deps.db, async (tx) => {
    const access = await loadApplicationFor(tx, call.tenant, call.user, call.id, 'decide-deviation', true);
    if (!access.ok) return refusedAs(access);
    const decision = call.body;
    const application = access.application;

    let owner: Record<string, unknown> = application.data;
    if (decision.co_applicant_id) {
      const [co] = await tx
        .select()
        .from(coApplicants)
        .where(
          and(
            eq(coApplicants.tenant_id, call.tenant),
            eq(coApplicants.id, decision.co_applicant_id),
            eq(coApplicants.application_id, application.id),
          ),
        )
        .for('update');
      if (!co) return refuse(404, REVIEW_MSG.coApplicantNotFound);
      owner = co.data;
    }
    const deviations = deviationsOf(owner);
    const index = deviations.findIndex((d) => d.type === decision.type);
    if (index < 0) return refuse(409, REVIEW_MSG.noSuchDeviation(decision.type));
    const current = deviations[index]!;
    if (current.status === decision.decision && current.remarks === decision.remarks) return accept(null);
    const decided = deviations.map((d, i) =>
      i === index
        ? { ...d, status: decision.decision, remarks: decision.remarks, decided_by: call.user.id, decided_at: new Date(now).toISOString() }
        : d,
    );
    const setDeviations = (column: typeof applications.data | typeof coApplicants.data) =>
      sql`jsonb_set(${column}, '{deviations}', ${JSON.stringify(decided)}::jsonb)`;
    if (decision.co_applicant_id) {
      await tx
        .update(coApplicants)
        .set({ data: setDeviations(coApplicants.data) })
        .where(and(eq(coApplicants.tenant_id, call.tenant), eq(coApplicants.id, decision.co_applicant_id)));
    } else {
      await tx
        .update(applications)
        .set({ data: setDeviations(applications.data) })
        .where(and(eq(applications.tenant_id, call.tenant), eq(applications.id, call.id)));
    }
    await recordEvent(tx, {
      tenant: call.tenant,
      applicationId: call.id,
      at: now,
      actorId: call.user.id,
      action: decision.decision === 'APPROVED' ? 'DEVIATION_APPROVED' : 'DEVIATION_REJECTED',
      from: application.status,
      to: application.status,
      remarks: decision.remarks,
      detail: { type: decision.type, co_applicant_id: decision.co_applicant_id ?? null, was: current.status ?? null },
    });
    // A decision changes the deviations an accepted offer was computed on: it voids the acceptance with it (offer-binding.ts).
    await voidStaleAcceptanceOf(tx, call.tenant, call.id, call.user.id, now, application);
    return accept(null);
  });
  if (!written.ok) return written;
  return accept(await applicationViewById(deps.db, call.tenant, call.id));
}
