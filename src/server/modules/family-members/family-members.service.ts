import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { FAMILY_ADD_MORE_MAX_COUNT, toIsoDate, type FamilyMemberForm, type Tenant } from '../../../domain';
import type { Db } from '../../db/client';
import { familyMembers } from '../../db/schema';
import { transact } from '../../db/transact';
import { accept, type Outcome, refuse, refusedAs } from '../../outcome';
import type { AuthUser } from '../../types';
import { addStage, loadApplicationFor } from '../../kernels/access';
import { blanksToNull, clientIdOf, loadRecordFor } from '../../kernels/records';
import { checkFileRefs, checkRecordFileRefs, refsOf } from '../../kernels/files';
import { findFamilyMember, listFamilyMemberViews, toFamilyMemberView, type FamilyMemberView } from './family-member.view';
import { said } from '../../kernels/messages';

export const FAMILY_MSG = {
  notFound: said('family.notFound'),
  tooMany: said('family.tooMany'),
  idInUse: said('family.idInUse'),
} as const;

/** Spec 02 §9: the add-more tile shows while there are 5 or fewer, so a family has at most 6. */
export const MAX_FAMILY_MEMBERS = FAMILY_ADD_MORE_MAX_COUNT + 1;

const FILE_FIELDS = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;

export type FamilyCall = { tenant: Tenant; user: AuthUser; db: Db; now: () => number };

/** What a family submit answers (spec 02 §7 reads data.approval_checks.decision): the member, passed. */
export type FamilySubmitAnswer = FamilyMemberView & { approval_checks: { decision: 'PASS' } };
const submitted = (view: FamilyMemberView): FamilySubmitAnswer => ({ ...view, approval_checks: { decision: 'PASS' } });

/** The family form (parsed by the route) as stored: dates YYYY-MM-DD, blanks null. */
function storedMember(member: FamilyMemberForm): Record<string, unknown> {
  const { id: _ignored, ...form } = member;
  return blanksToNull({ ...form, dob: toIsoDate(form.dob) });
}

/** A client id already used: a replay on this application (answered as it is), a conflict on another. */
async function replayOf(
  db: Pick<Db, 'select'>,
  tenant: Tenant,
  applicationId: string,
  id: string,
): Promise<Outcome<FamilySubmitAnswer> | undefined> {
  const existing = await findFamilyMember(db, tenant, id);
  if (!existing) return undefined;
  return existing.application_id === applicationId ? accept(submitted(toFamilyMemberView(existing))) : refuse(409, FAMILY_MSG.idInUse);
}

/** POST /:id/family-member: at most 6 per application, counted under the application's lock. */
export async function addFamilyMember(
  call: FamilyCall,
  applicationId: string,
  member: FamilyMemberForm,
): Promise<Outcome<FamilySubmitAnswer>> {
  const { tenant, user, db, now } = call;
  const access = await loadApplicationFor(db, tenant, user, applicationId, 'add-record');
  if (!access.ok) return refusedAs(access);
  const fields = storedMember(member);
  // The form takes any id up to its length; a record's id is 32 lowercase hex characters.
  const sentId = clientIdOf(member);
  if (!sentId.ok) return sentId;
  const clientId = sentId.value;
  if (clientId) {
    const replay = await replayOf(db, tenant, applicationId, clientId);
    if (replay) return replay;
  }
  const foreignFile =
    (await checkFileRefs(db, tenant, applicationId, refsOf(fields, FILE_FIELDS))) ??
    (await checkRecordFileRefs(db, tenant, applicationId, [clientId], refsOf(fields, FILE_FIELDS)));
  if (foreignFile) return foreignFile;
  const id = clientId ?? randomBytes(16).toString('hex');

  return transact(db, async (tx) => {
    const locked = await loadApplicationFor(tx, tenant, user, applicationId, 'add-record', true);
    if (!locked.ok) return refusedAs(locked);
    const replay = await replayOf(tx, tenant, applicationId, id);
    if (replay) return replay;
    const [members] = await tx
      .select({ n: count() })
      .from(familyMembers)
      .where(and(eq(familyMembers.tenant_id, tenant), eq(familyMembers.application_id, applicationId)));
    if ((members?.n ?? 0) >= MAX_FAMILY_MEMBERS) return refuse(409, FAMILY_MSG.tooMany);
    const at = new Date(now());
    const [row] = await tx
      .insert(familyMembers)
      .values({
        tenant_id: tenant,
        id,
        application_id: applicationId,
        data: fields,
        created_by: user.id,
        created_at: at,
        updated_at: at,
      })
      .returning();
    await addStage(tx, tenant, applicationId, 'FAMILY_MEMBER', now());
    return accept(submitted(toFamilyMemberView(row!)));
  });
}

/** GET /:id/family-member. */
export async function listFamilyMembers(call: FamilyCall, applicationId: string): Promise<Outcome<FamilyMemberView[]>> {
  const access = await loadApplicationFor(call.db, call.tenant, call.user, applicationId, 'read');
  if (!access.ok) return refusedAs(access);
  return accept(await listFamilyMemberViews(call.db, call.tenant, applicationId));
}

/** GET /family-member/:fid. */
export async function getFamilyMember(call: FamilyCall, fid: string): Promise<Outcome<FamilyMemberView>> {
  const { db, tenant, user } = call;
  const loaded = await loadRecordFor(db, tenant, user, 'read', () => findFamilyMember(db, tenant, fid), FAMILY_MSG.notFound);
  return loaded.ok ? accept(toFamilyMemberView(loaded.value.record)) : loaded;
}

/** PATCH /family-member/:fid: the full form again; answers like the create. */
export async function updateFamilyMember(call: FamilyCall, fid: string, member: FamilyMemberForm): Promise<Outcome<FamilySubmitAnswer>> {
  const { tenant, user, db, now } = call;
  const loaded = await loadRecordFor(db, tenant, user, 'change-record', () => findFamilyMember(db, tenant, fid), FAMILY_MSG.notFound);
  if (!loaded.ok) return loaded;
  const fields = storedMember(member);
  const applicationId = loaded.value.record.application_id;
  const foreignFile =
    (await checkFileRefs(db, tenant, applicationId, refsOf(fields, FILE_FIELDS))) ??
    (await checkRecordFileRefs(db, tenant, applicationId, [fid], refsOf(fields, FILE_FIELDS)));
  if (foreignFile) return foreignFile;

  return transact(db, async (tx) => {
    const locked = await loadRecordFor(
      tx,
      tenant,
      user,
      'change-record',
      () => findFamilyMember(tx, tenant, fid),
      FAMILY_MSG.notFound,
      true,
    );
    if (!locked.ok) return locked;
    const [row] = await tx
      .update(familyMembers)
      .set({ data: fields, updated_at: new Date(now()) })
      .where(and(eq(familyMembers.tenant_id, tenant), eq(familyMembers.id, fid)))
      .returning();
    return accept(submitted(toFamilyMemberView(row!)));
  });
}
