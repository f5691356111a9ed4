import { digitsOnly, familyMemberSchema, LIMITS, toDisplayDate, typedFieldsOf, type FamilyMemberForm } from '../../../domain';
import type { FormText } from '../../components/form';
import { IMAGE_OR_PDF, type AcceptToken } from '../../components/upload/check-file';
import type { UploadFields } from '../../db/files.repository';
import type { FamilyKey } from './family-members.text';
import { isObject } from '../../../domain/shared/is-object';

/** The schema's fields, which do not depend on the day the date of birth is checked against. */
const SCHEMA = familyMemberSchema({ year: 2000, month: 1, day: 1 });
/** The typed fields of a family member (spec 02 §3): the schema's, in its order, without the record id. */
export type FamilyTextField = Exclude<keyof FamilyMemberForm, 'id' | FamilyFileField>;
export const FAMILY_TEXT_FIELDS = typedFieldsOf<FamilyTextField>(SCHEMA, ['id']);
/** A member's form: the schema's typed fields as text. */
export type FamilyValues = FormText<FamilyMemberForm, FamilyTextField>;

export const EMPTY_FAMILY_VALUES: FamilyValues = Object.fromEntries(FAMILY_TEXT_FIELDS.map((name) => [name, ''])) as FamilyValues;

/** The uploads of a family member: required, with the spec's 'Missing ...' messages. */
export const FAMILY_FILE_FIELDS = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;
export type FamilyFileField = (typeof FAMILY_FILE_FIELDS)[number];

export type FamilyDocument = { field: FamilyFileField; label: FamilyKey; entryLabel: string; file_type: string; accept: AcceptToken[] };

export const FAMILY_DOCUMENTS: FamilyDocument[] = [
  { field: 'pan_file', label: 'family.panFile', entryLabel: 'PAN', file_type: 'PAN', accept: IMAGE_OR_PDF },
  {
    field: 'aadhaar_front_file',
    label: 'family.aadhaarFront',
    entryLabel: 'Aadhaar front',
    file_type: 'AADHAAR_FRONT',
    accept: IMAGE_OR_PDF,
  },
  { field: 'aadhaar_back_file', label: 'family.aadhaarBack', entryLabel: 'Aadhaar back', file_type: 'AADHAAR_BACK', accept: IMAGE_OR_PDF },
  { field: 'voter_id_file', label: 'family.voterIdFile', entryLabel: 'Voter ID', file_type: 'VOTER_ID', accept: IMAGE_OR_PDF },
];

/** Family documents go as personal info of the application, prefix family_member. */
export const FAMILY_UPLOAD: Omit<UploadFields, 'file_type'> = { upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'family_member' };

/** Per application, the id of the new member whose form was opened but not submitted (under `localId`). */
export const NEW_MEMBER_FORM = 'family_member.new';
export const NEW_MEMBER_SLOT = 'localId';

export const familyInputId = (name: FamilyTextField) => `family-${name}`;

/** Draft and step name of one member's form; submitRecord clears the draft of this name. */
export const familyForm = (localId: string) => `family_member.${localId}`;
/** The upload-box field of one member's document: files are grouped per application. */
export const familyFileField = (localId: string, field: FamilyFileField) => `family_member.${localId}.${field}`;
export const familyFileFields = (localId: string): Record<FamilyFileField, string> =>
  Object.fromEntries(FAMILY_FILE_FIELDS.map((field) => [field, familyFileField(localId, field)])) as Record<FamilyFileField, string>;

const upperAlphanumeric = (max: number) => (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max);

/** What each field keeps of what was typed. */
export const NORMALISE: Partial<Record<FamilyTextField, (value: string) => string>> = {
  phone: (value) => digitsOnly(value, LIMITS.mobileLength),
  pincode: (value) => digitsOnly(value, LIMITS.pincodeLength),
  pan: upperAlphanumeric(10),
  income: (value) => digitsOnly(value, 9),
};

/** The form's values from a stored member (local values or the server's view) or a draft. */
export function toFamilyValues(source: unknown): FamilyValues {
  const values = { ...EMPTY_FAMILY_VALUES };
  if (!isObject(source)) return values;
  for (const name of FAMILY_TEXT_FIELDS) {
    const value = source[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value);
  }
  // Shown DD-MM-YYYY; the server answers YYYY-MM-DD.
  if (values.dob) values.dob = toDisplayDate(values.dob) ?? values.dob;
  return values;
}

/** Server file ids a stored member already has (a file chosen on this phone takes precedence). */
export function serverFileIds(...sources: unknown[]): Partial<Record<FamilyFileField, string>> {
  const out: Partial<Record<FamilyFileField, string>> = {};
  for (const source of sources) {
    if (!isObject(source)) continue;
    for (const field of FAMILY_FILE_FIELDS) {
      const value = source[field];
      if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') out[field] = String(value);
    }
  }
  return out;
}
