import {
  ageFromDob,
  CO_APPLICANT_TYPES,
  coApplicantSchema,
  digitsOnly,
  schemaField,
  toDisplayDate,
  typedFieldsOf,
  type CalendarDate,
  type CoApplicantForm,
  type CoApplicantType,
} from '../../../domain';
import type { Control } from 'react-hook-form';
import type { FormText } from '../../components/form';
import { IMAGE_OR_PDF, type AcceptToken } from '../../components/upload/check-file';
import type { CoApplicantsKey } from './co-applicants.text';

/** The schema's fields, which do not depend on the day the age is decided on. */
const SCHEMA = coApplicantSchema({ year: 2000, month: 1, day: 1 });
/** What the form works out itself: the record id and the age (from the date of birth). */
const NOT_TYPED = ['id', 'age'] as const;
/** The typed fields of the co-borrower / guarantor form (spec 02 §3 Co-applicant), as the inputs hold them: the schema's, in its order. */
export type CoApplicantField = Exclude<keyof CoApplicantForm, (typeof NOT_TYPED)[number] | CoApplicantDocument['field']>;
export const CO_APPLICANT_TEXT_FIELDS = typedFieldsOf<CoApplicantField>(SCHEMA, NOT_TYPED);
/** The form: the schema's typed fields as text. */
export type CoApplicantValues = FormText<CoApplicantForm, CoApplicantField>;

export const EMPTY_CO_APPLICANT: CoApplicantValues = Object.fromEntries(CO_APPLICANT_TEXT_FIELDS.map((f) => [f, ''])) as CoApplicantValues;

export type CoApplicantDocument = {
  field: 'pan_file' | 'aadhaar_front_file' | 'aadhaar_back_file' | 'voter_id_file' | 'voter_id_back_file';
  label: CoApplicantsKey;
  file_type: string;
  accept: readonly AcceptToken[];
};

/** The document uploads of the form, in screen order. */
export const CO_APPLICANT_DOCUMENTS: CoApplicantDocument[] = [
  { field: 'pan_file', label: 'coApp.panFile', file_type: 'PAN', accept: IMAGE_OR_PDF },
  { field: 'aadhaar_front_file', label: 'coApp.aadhaarFront', file_type: 'AADHAAR_FRONT', accept: IMAGE_OR_PDF },
  { field: 'aadhaar_back_file', label: 'coApp.aadhaarBack', file_type: 'AADHAAR_BACK', accept: IMAGE_OR_PDF },
  { field: 'voter_id_file', label: 'coApp.voterIdFront', file_type: 'VOTER_ID', accept: IMAGE_OR_PDF },
  { field: 'voter_id_back_file', label: 'coApp.voterIdBack', file_type: 'VOTER_ID_BACK', accept: IMAGE_OR_PDF },
];

export const coApplicantInputId = (name: CoApplicantField) => `co-applicant-${name}`;

/** Per application, the ids of new co-applicant forms opened but not yet submitted, per kind of form. */
export const NEW_FORMS = 'co_applicant.new';

/** 'CO_BORROWER', 'GUARANTOR', or 'GUARANTOR:<rejected id>' for a replacement. */
export const newFormSlot = (type: string, rejectedGuarantorId: string) => (rejectedGuarantorId ? `${type}:${rejectedGuarantorId}` : type);

/** Files of a co-applicant are kept per record on the phone: `co_applicant.<localId>.<field>`. */
export const recordFileField = (localId: string, field: string) => `co_applicant.${localId}.${field}`;

/** Body field → the phone's file field of this record. */
export const recordFileFields = (localId: string): Record<string, string> =>
  Object.fromEntries(CO_APPLICANT_DOCUMENTS.map((doc) => [doc.field, recordFileField(localId, doc.field)]));

/** Spec 01 §7 "Uploads": co-applicant documents carry the record's index. */
export const coApplicantUpload = (file_type: string, record_index: number) => ({
  file_type,
  upload_type: 'LOAN_APPLICANT_CO_APPLICANT',
  name_prefix: 'co_applicant',
  record_index,
});

export type Option = { value: string; label: CoApplicantsKey };
/** A choice's options: the schema's values, each with its label. */
const options = (field: CoApplicantField, prefix: string): Option[] =>
  (schemaField(SCHEMA, field).options ?? []).map((value) => ({ value, label: `${prefix}.${value}` as CoApplicantsKey }));

export const TYPE_OPTIONS = options('type', 'coApp.type');
export const RELATION_OPTIONS = options('relationship', 'coApp.relation');
export const GUARDIAN_OPTIONS = options('guardian_relationship', 'coApp.guardian');
export const GENDER_OPTIONS = options('gender', 'coApp.gender');
export const MARITAL_OPTIONS = options('marital_status', 'coApp.marital');
export const SALUTATION_OPTIONS = options('title', 'coApp.salutation');

/** The longest value the schema takes in a field. */
const maxOf = (field: CoApplicantField) => schemaField(SCHEMA, field).maxLength;

const upperCode = (field: CoApplicantField) => (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, maxOf(field));

/** What each field keeps of what was typed (spec 02 §5 "Input behaviour"). */
export const NORMALISE: Partial<Record<CoApplicantField, (value: string) => string>> = {
  phone: (value) => digitsOnly(value, maxOf('phone')),
  income: (value) => digitsOnly(value, 9),
  pincode: (value) => digitsOnly(value, maxOf('pincode')),
  aadhaar: (value) => digitsOnly(value, maxOf('aadhaar')),
  pan: upperCode('pan'),
  voter_id: upperCode('voter_id'),
};

/** The props that bind a typed field to the form: its id, its message, the notes that describe it and what it keeps of what was typed. */
export function coApplicantBinding(
  // any: the fields read and write raw values only; the parsed output type does not matter to them.
  control: Control<CoApplicantValues, unknown, any>,
  errorOf: (name: CoApplicantField) => string | undefined,
  errorId: string,
) {
  return (name: CoApplicantField, ...notes: (string | false)[]) => ({
    name,
    control,
    id: coApplicantInputId(name),
    error: errorOf(name),
    errorId,
    describedBy: notes,
    normalise: NORMALISE[name],
  });
}
export type CoApplicantBinding = ReturnType<typeof coApplicantBinding>;

export const isCoApplicantType = (value: unknown): value is CoApplicantType => (CO_APPLICANT_TYPES as readonly unknown[]).includes(value);

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Only the form's own fields, each as text (a draft, a record's values or the server's view). */
export function coApplicantValuesOf(source: Record<string, unknown> | null | undefined): CoApplicantValues {
  const values = { ...EMPTY_CO_APPLICANT };
  for (const field of CO_APPLICANT_TEXT_FIELDS) values[field] = asText(source?.[field]);
  // The server answers dates as YYYY-MM-DD; the form shows DD-MM-YYYY.
  values.dob = toDisplayDate(values.dob) ?? values.dob;
  return values;
}

/** The age the form sends, from the date of birth; '' while the date does not parse. */
export function ageOf(dob: string, today: CalendarDate): string {
  const age = ageFromDob(dob, today);
  return age === null ? '' : String(age);
}

/**
 * The sync centre's name of the submit: its kind, 'Co-borrower' or 'Guarantor', never the person's
 * name (the outbox keeps it in clear, sealed for the server).
 */
export function entryLabel(type: string): string {
  return type === 'GUARANTOR' ? 'Guarantor' : 'Co-borrower';
}
