import { and, eq } from 'drizzle-orm';
import { CO_APPLICANT_NAME_DEVIATION, type PolicyAction } from '../../../domain';
import { coApplicants, type ApplicationRow, type CoApplicantRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { spendQuota } from '../rate-limit/paid-call-quotas';
import type { BureauResult } from '../../providers/bureau/bureau-provider';
import { addStage, loadApplicationFor } from '../../kernels/access';
import { checkFileRefs, checkRecordFileRefs } from '../../kernels/files';
import { loadRecordFor } from '../../kernels/records';
import { voidStaleAcceptanceOf } from '../../kernels/offers';
import { fileRefsOf, stageOf, statusAfter, type CoApplicantCall } from './co-applicant-add.service';
import { checkIdentity, nameDeviations } from './co-applicant-identity.service';
import { CO_APPLICANT_MSG, coApplicantInputOf, type CoApplicantBody } from './co-applicant.input';
import { findCoApplicant, listCoApplicantViews, toCoApplicantView, type CoApplicantView, type Deviation } from './co-applicant.view';

export { addCoApplicant, type CoApplicantCall } from './co-applicant-add.service';

const byId = (tenant: string, id: string) => and(eq(coApplicants.tenant_id, tenant), eq(coApplicants.id, id));

/** GET /:id/co-applicant: every co-applicant of a readable application, replaced ones included. */
export async function listCoApplicants(call: CoApplicantCall, applicationId: string): Promise<Outcome<CoApplicantView[]>> {
  const { db } = call.deps;
  const access = await loadApplicationFor(db, call.tenant, call.user, applicationId, 'read');
  if (!access.ok) return refusedAs(access);
  return accept(await listCoApplicantViews(db, call.tenant, applicationId));
}

/** GET /co-applicant/:coId. */
export async function getCoApplicant(call: CoApplicantCall, coId: string): Promise<Outcome<CoApplicantView>> {
  const loaded = await loadCoApplicantFor(call, coId, 'read');
  return loaded.ok ? accept(toCoApplicantView(loaded.value.record)) : loaded;
}

/** The co-applicant a path names and its application, for an action (404, 403, 409: loadRecordFor). */
export function loadCoApplicantFor(call: CoApplicantCall, coId: string, action: PolicyAction) {
  const { db } = call.deps;
  return loadRecordFor(db, call.tenant, call.user, action, () => findCoApplicant(db, call.tenant, coId), CO_APPLICANT_MSG.notFound);
}
export type CoApplicantLoaded = { record: CoApplicantRow; application: ApplicationRow };

/**
 * PATCH /co-applicant/:coId: the full form again (parsed by the route schema), the co-applicant
 * and its application as read before it (loadCoApplicantFor). Identity and name match are checked as on
 * add (a deviation already on the record still counts); the bureau runs again only for a new
 * PAN. A replaced co-applicant is history and is not changed.
 */
export async function updateCoApplicant(
  call: CoApplicantCall,
  coId: string,
  body: CoApplicantBody,
  loaded: CoApplicantLoaded,
): Promise<Outcome<CoApplicantView>> {
  const { tenant, user, deps } = call;
  const { db, providers, now } = deps;
  const find = (reader: Parameters<typeof findCoApplicant>[0]) => () => findCoApplicant(reader, tenant, coId);
  const input = coApplicantInputOf(body, 'update');
  if (!input.ok) return input;
  const value = input.value;
  const { record, application } = loaded;
  if (record.status === 'REPLACED') return refuse(409, CO_APPLICANT_MSG.replaced);
  const foreignFile =
    (await checkFileRefs(db, tenant, record.application_id, fileRefsOf(value.fields))) ??
    (await checkRecordFileRefs(db, tenant, record.application_id, [record.id], fileRefsOf(value.fields)));
  if (foreignFile) return foreignFile;
  const payer = { tenant, user, applicationId: application.id };
  const identity = await checkIdentity(deps, payer, application, value);
  if (!identity.ok) return identity;
  const kept = (record.data.deviations as Deviation[] | undefined) ?? [];
  const deviations = nameDeviations(CO_APPLICANT_NAME_DEVIATION[value.type], identity.value.nameMatch, value.deviationSupplied, kept);
  if (!deviations.ok) return deviations;
  const newPan = record.data.pan !== value.pan;
  if (newPan) await spendQuota(db, payer, 'bureau', now());
  const bureau = newPan ? await providers.bureau.check(value.pan) : (record.data.approval_checks as BureauResult | undefined);

  return transact(db, async (tx) => {
    const locked = await loadRecordFor(tx, tenant, user, 'change-record', find(tx), CO_APPLICANT_MSG.notFound, true);
    if (!locked.ok) return locked;
    const current = locked.value.record;
    if (current.status === 'REPLACED') return refuse(409, CO_APPLICANT_MSG.replaced);
    const status = newPan && bureau ? statusAfter(bureau) : current.status;
    const data = { ...value.fields, approval_checks: bureau ?? null, deviations: deviations.value, name_match: identity.value.nameMatch };
    const [row] = await tx
      .update(coApplicants)
      .set({ type: value.type, status, data, updated_at: new Date(now()) })
      .where(byId(tenant, coId))
      .returning();
    if (status === 'ACTIVE') await addStage(tx, tenant, current.application_id, stageOf(value.type), now());
    await voidStaleAcceptanceOf(tx, tenant, current.application_id, user.id, now(), locked.value.application);
    return accept(toCoApplicantView(row!));
  });
}

/**
 * POST /:id/co-applicant/:coId/hardcheck: the bureau again on the co-applicant's PAN (spec 02
 * §4 "Bureau Check"); one that now passes becomes ACTIVE and completes its stage.
 */
export async function hardcheckCoApplicant(call: CoApplicantCall, applicationId: string, coId: string): Promise<Outcome<CoApplicantView>> {
  const { tenant, user, deps } = call;
  const { db, providers, now } = deps;
  const access = await loadApplicationFor(db, tenant, user, applicationId, 'add-record');
  if (!access.ok) return refusedAs(access);
  const record = await findCoApplicant(db, tenant, coId);
  if (!record || record.application_id !== applicationId) return refuse(404, CO_APPLICANT_MSG.notFound);
  if (record.status === 'REPLACED') return refuse(409, CO_APPLICANT_MSG.replaced);
  await spendQuota(db, { tenant, user, applicationId }, 'bureau', now());
  const bureau = await providers.bureau.check(String(record.data.pan));
  const status = statusAfter(bureau);

  return transact(db, async (tx) => {
    const locked = await loadApplicationFor(tx, tenant, user, applicationId, 'add-record', true);
    if (!locked.ok) return refusedAs(locked);
    const current = await findCoApplicant(tx, tenant, coId);
    if (!current || current.status === 'REPLACED') return refuse(409, CO_APPLICANT_MSG.replaced);
    const [row] = await tx
      .update(coApplicants)
      .set({ status, data: { ...current.data, approval_checks: bureau }, updated_at: new Date(now()) })
      .where(byId(tenant, coId))
      .returning();
    if (status === 'ACTIVE') await addStage(tx, tenant, applicationId, stageOf(current.type), now());
    await voidStaleAcceptanceOf(tx, tenant, applicationId, user.id, now(), locked.application);
    return accept(toCoApplicantView(row!));
  });
}
