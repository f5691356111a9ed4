import { randomBytes } from 'node:crypto';
import { CO_APPLICANT_NAME_DEVIATION, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import type { ApplicationRow, CoApplicantRow } from '../../db/schema';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import { spendQuota } from '../rate-limit/paid-call-quotas';
import type { BureauResult } from '../../providers/bureau/bureau-provider';
import type { AuthUser } from '../../types';
import { APPLICATION_CHANGED_MEANWHILE, accessTo, loadApplicationFor, refusalBeforeLookup } from '../../kernels/access';
import { checkRecordFileRefs, fileIdCandidates, fileRefsRefusal, refsOf } from '../../kernels/files';
import { clientIdOf } from '../../kernels/records';
import { loadForAdd, writeAdd, writeAddIn } from './co-applicant-add.queries';
import { voidStaleAcceptanceOf, storedOffer } from '../../kernels/offers';
import { checkIdentity, nameDeviations, type IdentityDeps } from './co-applicant-identity.service';
import { CO_APPLICANT_MSG, coApplicantInputOf, type CoApplicantBody } from './co-applicant.input';
import { findCoApplicant, toCoApplicantView, type CoApplicantStatus, type CoApplicantView } from './co-applicant.view';

/** Who calls, and what the services reach (database, providers, clock). */
export type CoApplicantCall = { tenant: Tenant; user: AuthUser; deps: IdentityDeps };

export const FILE_FIELDS = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file'] as const;
export const fileRefsOf = (fields: Record<string, unknown>) => refsOf(fields, FILE_FIELDS);

/** A bureau rejection makes the co-applicant REJECTED (it has to be replaced or checked again). */
export const statusAfter = (bureau: BureauResult): CoApplicantStatus =>
  bureau.rejected || bureau.decision === 'REJECTED' ? 'REJECTED' : 'ACTIVE';

/** The application stage a co-applicant that passed the bureau completes (spec 02 §4). */
export const stageOf = (type: string) => (type === 'GUARANTOR' ? 'GUARANTOR' : 'CO_BORROWER');

/**
 * A client id already used: on this application it is a replay, answered with the record as it
 * is (nothing changes); on another application of the tenant it is a conflict.
 */
function replayAnswer(existing: CoApplicantRow | null | undefined, applicationId: string): Outcome<CoApplicantView> | undefined {
  if (!existing) return undefined;
  return existing.application_id === applicationId ? accept(toCoApplicantView(existing)) : refuse(409, CO_APPLICANT_MSG.idInUse);
}

/** The refusal of an add whose application left the states that take one while the bureau was asked. */
async function closedMeanwhile(call: CoApplicantCall, applicationId: string): Promise<Outcome<never>> {
  const now = await loadApplicationFor(call.deps.db, call.tenant, call.user, applicationId, 'add-record');
  return now.ok ? refuse(409, APPLICATION_CHANGED_MEANWHILE) : refusedAs(now);
}

const isReplaceable = (row: CoApplicantRow | undefined, applicationId: string) =>
  row !== undefined && row.application_id === applicationId && row.type === 'GUARANTOR' && row.status === 'REJECTED';

/** What an add reads before its body is validated: the application, the record holding the client id, which form files are its uploads. */
export type AddLoaded = { application: ApplicationRow; existing: CoApplicantRow | null; uploaded: string[] };

/**
 * An add's one read, before the route schema (loadBeforeBody): whose application it is and in
 * which state (404, 403, 409 before anything about the body), with the client id and the file
 * ids the body sends looked up in the same query (loadForAdd).
 */
export async function loadAdd(db: Db, tenant: Tenant, user: AuthUser, applicationId: string, body: unknown): Promise<Outcome<AddLoaded>> {
  const before = refusalBeforeLookup(user, applicationId);
  if (before) return refusedAs(before);
  const sentId = clientIdOf(body);
  const loaded = await loadForAdd(db, tenant, applicationId, (sentId.ok && sentId.value) || null, fileIdCandidates(body, FILE_FIELDS));
  const access = accessTo(user, loaded?.application, 'add-record');
  if (!access.ok) return refusedAs(access);
  return accept({ application: access.application, existing: loaded!.existing, uploaded: loaded!.uploaded });
}

/**
 * POST /:id/co-applicant and /:id/co-applicant/replace (docs/application-api.md): checks in the
 * order a field officer can act on them (access and form before: loadAdd and the route schema;
 * replay, files, identity, name match), then the bureau. The provider calls run before the write
 * (an outage throws: 503, error-handler.ts) (identity checks are recorded as they are answered);
 * one statement then writes the record, the replaced guarantor and the stage together (writeAdd),
 * in one transaction with the voiding of an accepted offer (writeAddIn).
 */
export async function addCoApplicant(
  call: CoApplicantCall,
  applicationId: string,
  body: CoApplicantBody,
  kind: 'add' | 'replace',
  loaded: AddLoaded,
): Promise<Outcome<CoApplicantView>> {
  const { tenant, user, deps } = call;
  const { db, providers, now } = deps;
  const input = coApplicantInputOf(body, kind);
  if (!input.ok) return input;
  const value = input.value;
  const replay = value.clientId ? replayAnswer(loaded.existing, applicationId) : undefined;
  if (replay) return replay;
  const replaceable = async () => !value.idToReplace || isReplaceable(await findCoApplicant(db, tenant, value.idToReplace), applicationId);
  if (!(await replaceable())) return refuse(409, CO_APPLICANT_MSG.notReplaceable);
  const foreignFile =
    fileRefsRefusal(fileRefsOf(value.fields), loaded.uploaded) ??
    (await checkRecordFileRefs(db, tenant, applicationId, [value.clientId, value.idToReplace], fileRefsOf(value.fields)));
  // Two replaces of one guarantor at once: the other one's record took these files meanwhile. What
  // changed is the guarantor (replaced), so that is the answer, as when the other one wrote first.
  if (foreignFile) return (await replaceable()) ? foreignFile : refuse(409, CO_APPLICANT_MSG.notReplaceable);
  const payer = { tenant, user, applicationId: loaded.application.id };
  const identity = await checkIdentity(deps, payer, loaded.application, value);
  if (!identity.ok) return identity;
  const deviations = nameDeviations(CO_APPLICANT_NAME_DEVIATION[value.type], identity.value.nameMatch, value.deviationSupplied);
  if (!deviations.ok) return deviations;
  await spendQuota(db, payer, 'bureau', now());
  const bureau = await providers.bureau.check(value.pan);

  const id = value.clientId ?? randomBytes(16).toString('hex');
  const status = statusAfter(bureau);
  const data = { ...value.fields, approval_checks: bureau, deviations: deviations.value, name_match: identity.value.nameMatch };
  const record = {
    tenant_id: tenant,
    id,
    application_id: applicationId,
    type: value.type,
    status,
    replaces_id: value.idToReplace ?? null,
    data,
    created_by: user.id,
    created_at: new Date(now()),
  };
  // An add to an application with an accepted offer voids the acceptance in the add's transaction (offer-binding.ts).
  const written = storedOffer(loaded.application)?.is_accepted
    ? await db.transaction(async (tx) => {
        const added = await writeAddIn(tx, record, stageOf(value.type));
        if (added.row) await voidStaleAcceptanceOf(tx, tenant, applicationId, user.id, now());
        return added;
      })
    : await writeAdd(db, record, stageOf(value.type));
  if (!written.open) return closedMeanwhile(call, applicationId);
  if (written.row) return accept(toCoApplicantView(written.row));
  // Nothing inserted: another request took the id meanwhile (answered as its replay), or the guarantor was replaced meanwhile.
  const raced = replayAnswer(await findCoApplicant(db, tenant, id), applicationId);
  return raced ?? refuse(409, value.idToReplace ? CO_APPLICANT_MSG.notReplaceable : CO_APPLICANT_MSG.idInUse);
}
