import { FAMILY_MEMBER_ROUTES, pathOf, queuedPathOf, toIsoDate, type FamilyMemberForm } from '../../../domain';
import { fileReferencesOf } from '../../db/application-steps.actions';
import type { RecordSubmit } from '../../db/application-steps.repository';
import type { LocalRecord } from '../../db/records';
import { FAMILY_FILE_FIELDS, familyFileFields, familyForm, serverFileIds, type FamilyValues } from './family-member-fields';

export const FAMILY_CREATE_URL = queuedPathOf(FAMILY_MEMBER_ROUTES.add);
export const familyUpdateUrl = (id: string) => pathOf(FAMILY_MEMBER_ROUTES.update, { fid: id });

/**
 * POST for a member the server has not got; PATCH once it has one (an answer arrived) or while
 * its create is still queued ahead in the outbox (a second POST with the same id would only be
 * answered with the first values). A member whose create the server refused is created again.
 */
export function familySubmitTarget(record: LocalRecord | undefined, localId: string): Pick<RecordSubmit, 'method' | 'url'> {
  const serverHasIt = !!record && (record.server !== undefined || record.syncState === 'synced' || record.syncState === 'pending');
  return serverHasIt ? { method: 'PATCH', url: familyUpdateUrl(localId) } : { method: 'POST', url: FAMILY_CREATE_URL };
}

/** A file reference counts as a value for the form's checks: a local file id or a server one. */
function checkValue(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && '$file' in ref) return String((ref as { $file: unknown }).$file);
  return '';
}

/** A member's files as the engine sends them (`{"$file": localId}` for a file chosen on this phone, else the server's id). */
export function familyFileRefs(applicationLocalId: string, localId: string, record: LocalRecord | undefined) {
  return fileReferencesOf(applicationLocalId, familyFileFields(localId), serverFileIds(record?.server, record?.values));
}

/** What familyMemberSchema checks: the typed values with the phone's files filled in (spec 02 §5 order). */
export async function familySchemaInput(
  applicationLocalId: string,
  localId: string,
  record: LocalRecord | undefined,
  values: FamilyValues,
): Promise<Record<string, unknown>> {
  const refs = await familyFileRefs(applicationLocalId, localId, record);
  return { ...values, ...Object.fromEntries(FAMILY_FILE_FIELDS.map((field) => [field, checkValue(refs[field])])) };
}

export type PlanInput = {
  applicationLocalId: string;
  localId: string;
  record: LocalRecord | undefined;
  /** The schema's output: the form passed. */
  data: FamilyMemberForm;
};

/** A checked member's submit: the client id as `id`, `{"$file": localId}` for files chosen on this phone. */
export async function planFamilySubmit({ applicationLocalId, localId, record, data }: PlanInput): Promise<RecordSubmit> {
  const refs = await familyFileRefs(applicationLocalId, localId, record);
  // The parsed file fields are the check values; the body carries the references instead.
  const { id: _id, pan_file: _p, aadhaar_front_file: _af, aadhaar_back_file: _ab, voter_id_file: _v, ...checked } = data;
  // Dates are sent and stored as YYYY-MM-DD.
  const fields = { ...checked, dob: toIsoDate(checked.dob) ?? checked.dob };
  const serverIds = Object.fromEntries(Object.entries(refs).filter(([, ref]) => typeof ref === 'string'));
  return {
    applicationLocalId,
    kind: 'family_member',
    localId,
    form: familyForm(localId),
    // A kind, never the name: the outbox keeps its label in clear (sealed for the server).
    label: 'Family member',
    ...familySubmitTarget(record, localId),
    body: { id: localId, ...fields, ...refs },
    values: { id: localId, ...fields, ...serverIds },
  };
}
