import { kycSchema, schemaField, typedFieldsOf, type KycForm } from '../../../domain';
import type { FormText } from '../../components/form';
import type { KycKey } from './kyc-documents.text';

/** Draft and step name of the KYC form (spec 02 §3 "Local drafts"). */
export const KYC_FORM = 'kyc';

/** What the form does not type: the borrower's gender (carried for the voter-ID rule), the status, the photo's place and the uploads. */
const NOT_TYPED = ['gender', 'status'] as const;
type KycUntyped =
  | (typeof NOT_TYPED)[number]
  | 'photo_geo_tag_info'
  | 'photo_file'
  | 'pan_file'
  | 'aadhaar_front_file'
  | 'aadhaar_back_file'
  | 'voter_id_file'
  | 'voter_id_back_file';
/** The typed fields of the KYC form (spec 02 §3 KYC): the schema's, in its order. */
export const KYC_TEXT_FIELDS = typedFieldsOf<Exclude<keyof KycForm, KycUntyped>>(kycSchema, NOT_TYPED);
/** The form's values: the typed fields, as the inputs hold them. */
export type KycValues = FormText<KycForm, (typeof KYC_TEXT_FIELDS)[number]>;
export type KycField = keyof KycValues;

export const EMPTY_KYC: KycValues = Object.fromEntries(KYC_TEXT_FIELDS.map((f) => [f, ''])) as KycValues;

export type KycOption = { value: string; label: KycKey };
export type KycFieldSpec =
  | { name: KycField; kind: 'text' | 'number' | 'textarea'; label: KycKey; autoCapitalize?: 'words' }
  | { name: KycField; kind: 'select'; label: KycKey; options: KycOption[] };

/** A choice's options: the schema's values, each with its label. */
const options = (field: KycField, prefix: string): KycOption[] =>
  (schemaField(kycSchema, field).options ?? []).map((value) => ({ value, label: `${prefix}.${value}` as KycKey }));

/** The form in screen order (the schema's order, so the first message is the first field shown). */
export const KYC_FIELD_SPECS: KycFieldSpec[] = [
  { name: 'guardian_name', kind: 'text', label: 'kyc.guardianName', autoCapitalize: 'words' },
  {
    name: 'guardian_relationship',
    kind: 'select',
    label: 'kyc.guardianRelationship',
    options: options('guardian_relationship', 'kyc.relation'),
  },
  { name: 'mother_name', kind: 'text', label: 'kyc.motherName', autoCapitalize: 'words' },
  { name: 'category', kind: 'select', label: 'kyc.category', options: options('category', 'kyc.categoryOption') },
  { name: 'religion', kind: 'select', label: 'kyc.religion', options: options('religion', 'kyc.religionOption') },
  { name: 'mother_tongue', kind: 'text', label: 'kyc.motherTongue', autoCapitalize: 'words' },
  {
    name: 'education_qualification',
    kind: 'select',
    label: 'kyc.education',
    options: options('education_qualification', 'kyc.educationOption'),
  },
  { name: 'no_of_family_members', kind: 'number', label: 'kyc.familyMembers' },
  { name: 'no_of_earning_members', kind: 'number', label: 'kyc.earningMembers' },
  { name: 'remarks', kind: 'textarea', label: 'kyc.remarks' },
];

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Only the form's own fields, each as text: a draft, the submitted step or the server's KYC. */
export function kycValuesOf(source: Record<string, unknown> | null | undefined): KycValues {
  const values = { ...EMPTY_KYC };
  for (const field of KYC_TEXT_FIELDS) values[field] = asText(source?.[field]);
  return values;
}

/** What the form opens with: the draft, else what was submitted from this phone, else the server's KYC. */
export function startingKycValues(
  draft: Record<string, unknown> | undefined,
  submitted: Record<string, unknown> | undefined,
  server: Record<string, unknown> | null | undefined,
): KycValues {
  return kycValuesOf(draft ?? submitted ?? server ?? undefined);
}

/** Keeps digits only in a count field (spec 02 §5 "Amount fields keep digits only"). */
export const digitsIn = (value: string) => value.replace(/[^0-9]/g, '').slice(0, 2);
