import { familyMemberSchema, firstMessage, toIsoDate, type CalendarDate } from '../../../domain';
import { fileReferencesOf } from '../../db/application-steps.actions';
import type { RecordSubmit } from '../../db/application-steps.repository';
import type { LocalRecord } from '../../db/records';
import { FAMILY_FILE_FIELDS, familyFileFields, familyForm, serverFileIds, type FamilyValues } from './family-fields';

export const FAMILY_CREATE_URL = '/v1/app/mfi/{app}/family-member';
export const familyUpdateUrl = (id: string) => `/v1/app/mfi/family-member/${id}`;

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

export type FamilySubmitPlan = { ok: true; submit: RecordSubmit } | { ok: false; message: string; field?: string };

export type PrepareInput = {
  applicationLocalId: string;
  localId: string;
  record: LocalRecord | undefined;
  values: FamilyValues;
  today: CalendarDate;
};

/**
 * Checks a member's form with the phone's files filled in (spec 02 §5 order, first message) and
 * builds its submit: the client id as `id`, `{"$file": localId}` for files chosen on this phone.
 */
export async function prepareFamilySubmit(input: PrepareInput): Promise<FamilySubmitPlan> {
  const { applicationLocalId, localId, record, values, today } = input;
  const known = serverFileIds(record?.server, record?.values);
  const refs = await fileReferencesOf(applicationLocalId, familyFileFields(localId), known);
  const files = Object.fromEntries(FAMILY_FILE_FIELDS.map((field) => [field, checkValue(refs[field])]));
  const parsed = familyMemberSchema(today).safeParse({ ...values, ...files });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return { ok: false, message: firstMessage(parsed.error), field: typeof field === 'string' ? field : undefined };
  }
  // The parsed file fields are the check values; the body carries the references instead.
  const { id: _id, pan_file: _p, aadhaar_front_file: _af, aadhaar_back_file: _ab, voter_id_file: _v, ...checked } = parsed.data;
  // Dates are sent and stored as YYYY-MM-DD.
  const fields = { ...checked, dob: toIsoDate(checked.dob) ?? checked.dob };
  const serverIds = Object.fromEntries(Object.entries(refs).filter(([, ref]) => typeof ref === 'string'));
  return {
    ok: true,
    submit: {
      applicationLocalId,
      kind: 'family_member',
      localId,
      form: familyForm(localId),
      label: `Family member ${fields.name}`,
      ...familySubmitTarget(record, localId),
      body: { id: localId, ...fields, ...refs },
      values: { id: localId, ...fields, ...serverIds },
    },
  };
}
