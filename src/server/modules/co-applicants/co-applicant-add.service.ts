import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CO_APPLICANT_NAME_DEVIATION, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { coApplicants, type CoApplicantRow } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, refuse, type Outcome } from '../../outcome';
import type { BureauResult } from '../../providers/bureau/bureau-provider';
import type { AuthUser } from '../../types';
import { addStage, loadApplicationFor } from '../applications/application-access';
import { callProvider, filesExist, isOpenForChanges, RECORD_MSG, todayAt } from './application-records';
import { checkIdentity, nameDeviations, type IdentityDeps } from './co-applicant-identity.service';
import { CO_APPLICANT_MSG, parseCoApplicantInput } from './co-applicant.input';
import { findCoApplicant, toCoApplicantView, type CoApplicantStatus, type CoApplicantView } from './co-applicant.view';

/** Who calls, and what the services reach (database, providers, clock). */
export type CoApplicantCall = { tenant: Tenant; user: AuthUser; deps: IdentityDeps };

export const FILE_FIELDS = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file'] as const;
export const fileIdsOf = (fields: Record<string, unknown>) => FILE_FIELDS.map((f) => fields[f] as string | null | undefined);

/** A bureau rejection makes the co-applicant REJECTED (it has to be replaced or checked again). */
export const statusAfter = (bureau: BureauResult): CoApplicantStatus => (bureau.rejected || bureau.decision === 'REJECTED' ? 'REJECTED' : 'ACTIVE');

/** The application stage a co-applicant that passed the bureau completes (spec 02 §4). */
export const stageOf = (type: string) => (type === 'GUARANTOR' ? 'GUARANTOR' : 'CO_BORROWER');

/**
 * A client id already used: on this application it is a replay, answered with the record as it
 * is (nothing changes); on another application of the tenant it is a conflict.
 */
async function replayOf(db: Pick<Db, 'select'>, tenant: Tenant, applicationId: string, id: string): Promise<Outcome<CoApplicantView> | undefined> {
  const existing = await findCoApplicant(db, tenant, id);
  if (!existing) return undefined;
  return existing.application_id === applicationId ? accept(toCoApplicantView(existing)) : refuse(409, CO_APPLICANT_MSG.idInUse);
}

const isReplaceable = (row: CoApplicantRow | undefined, applicationId: string) =>
  row !== undefined && row.application_id === applicationId && row.type === 'GUARANTOR' && row.status === 'REJECTED';

/**
 * POST /:id/co-applicant and /:id/co-applicant/replace (docs/application-api.md): checks in the
 * order a field officer can act on them (access, form, replay, files, identity, name match),
 * then the bureau. The provider calls run before the transaction (identity checks are recorded
 * as they are answered); the transaction writes the record, the replaced guarantor and the
 * stage together.
 */
export async function addCoApplicant(call: CoApplicantCall, applicationId: string, body: unknown, kind: 'add' | 'replace'): Promise<Outcome<CoApplicantView>> {
  const { tenant, user, deps } = call;
  const { db, providers, now } = deps;
  const access = await loadApplicationFor(db, tenant, user, applicationId, 'create-records');
  if (!access.ok) return refuse(access.status, access.message);
  const input = parseCoApplicantInput(body, todayAt(now()), kind);
  if (!input.ok) return input;
  const value = input.value;
  if (value.clientId) {
    const replay = await replayOf(db, tenant, applicationId, value.clientId);
    if (replay) return replay;
  }
  if (!isOpenForChanges(access.application)) return refuse(409, RECORD_MSG.applicationClosed);
  if (value.idToReplace && !isReplaceable(await findCoApplicant(db, tenant, value.idToReplace), applicationId)) {
    return refuse(409, CO_APPLICANT_MSG.notReplaceable);
  }
  if (!(await filesExist(db, tenant, fileIdsOf(value.fields)))) return refuse(400, RECORD_MSG.invalidFile);
  const identity = await checkIdentity(deps, tenant, access.application, value);
  if (!identity.ok) return identity;
  const deviations = nameDeviations(CO_APPLICANT_NAME_DEVIATION[value.type], identity.value.nameMatch, value.deviationSupplied);
  if (!deviations.ok) return deviations;
  const bureau = await callProvider(() => providers.bureau.check(value.pan));
  if (!bureau.ok) return bureau;
  const status = statusAfter(bureau.value);
  const id = value.clientId ?? randomBytes(16).toString('hex');

  return transact(db, async (tx) => {
    const locked = await loadApplicationFor(tx, tenant, user, applicationId, 'create-records', true);
    if (!locked.ok) return refuse(locked.status, locked.message);
    if (!isOpenForChanges(locked.application)) return refuse(409, RECORD_MSG.applicationClosed);
    const at = new Date(now());
    const data = { ...value.fields, approval_checks: bureau.value, deviations: deviations.value, name_match: identity.value.nameMatch };
    const [row] = await tx
      .insert(coApplicants)
      .values({ tenant_id: tenant, id, application_id: applicationId, type: value.type, status, replaces_id: value.idToReplace ?? null, data, created_by: user.id, created_at: at, updated_at: at })
      .onConflictDoNothing()
      .returning();
    // Another request with this id got there first: answer as its replay (nothing written here).
    if (!row) return (await replayOf(tx, tenant, applicationId, id)) ?? refuse(409, CO_APPLICANT_MSG.idInUse);
    if (value.idToReplace) {
      const replaced = await tx
        .update(coApplicants)
        .set({ status: 'REPLACED', updated_at: at })
        .where(
          and(
            eq(coApplicants.tenant_id, tenant),
            eq(coApplicants.id, value.idToReplace),
            eq(coApplicants.application_id, applicationId),
            eq(coApplicants.type, 'GUARANTOR'),
            eq(coApplicants.status, 'REJECTED'),
          ),
        )
        .returning({ id: coApplicants.id });
      if (replaced.length === 0) return refuse(409, CO_APPLICANT_MSG.notReplaceable);
    }
    if (status === 'ACTIVE') await addStage(tx, tenant, applicationId, stageOf(value.type), now());
    return accept(toCoApplicantView(row));
  });
}
