import {
  BANK_SUFFIXES,
  BUSINESS_DETAILS_FIELDS,
  businessDetailsSchema,
  digitsOnly,
  LIMITS,
  schemaField,
  typedFieldsOf,
  type BankSuffix,
  type BusinessDetailsForm,
} from '../../../domain';
import type { Control } from 'react-hook-form';
import type { FieldOption, FormText } from '../../components/form';
import { IMAGE_OR_PDF, PDF_ONLY, type AcceptToken } from '../../components/upload/check-file';
import type { UploadFields } from '../../db/files.repository';
import { businessStepsText } from '../../i18n/business-steps.text';
import type { BusinessKey } from './business.text';
import { isObject } from '../../../domain/shared/is-object';

/** Draft and step name of the business form (spec 02 §3 "Local drafts"). */
export const BUSINESS_FORM = 'business';

const bankFields = (s: BankSuffix) =>
  [`bank_name${s}`, `statement_bank_id${s}`, `bank_statement_pwd${s}`, `bank_account_type${s}`, `credit_limit${s}`] as const;

/** The business fields sent as files (each from its upload box on the phone), not typed. */
type FileField =
  | `bank_statement${BankSuffix}`
  | 'gst_upload'
  | 'upload_business_proof'
  | 'business_ownership_proof_file'
  | 'residence_ownership_proof_file'
  | 'business_rent_agreement';
type TypedField = Exclude<(typeof BUSINESS_DETAILS_FIELDS)[number], FileField>;
const TYPED: readonly string[] = typedFieldsOf(businessDetailsSchema, []);

/** The typed fields of screen 7: the domain's list in screen order, less what the schema takes as uploads. */
export const BUSINESS_TEXT_FIELDS = BUSINESS_DETAILS_FIELDS.filter((field): field is TypedField => TYPED.includes(field));
export type BusinessTextField = (typeof BUSINESS_TEXT_FIELDS)[number];
/** The form's values: each typed field of the schema's output, as text. */
export type BusinessValues = FormText<BusinessDetailsForm, BusinessTextField>;

export const EMPTY_BUSINESS: BusinessValues = Object.fromEntries(BUSINESS_TEXT_FIELDS.map((f) => [f, ''])) as BusinessValues;

/** Single-file documents of the form: body field → label, file type, accepted kinds. */
export type BusinessDocument = { field: string; label: BusinessKey; entryLabel: string; file_type: string; accept: readonly AcceptToken[] };
export const GST_DOCUMENT: BusinessDocument = {
  field: 'gst_upload',
  label: 'business.gstUpload',
  entryLabel: 'GST certificate',
  file_type: 'GST',
  accept: IMAGE_OR_PDF,
};
export const BUSINESS_PROOF_DOCUMENT: BusinessDocument = {
  field: 'upload_business_proof',
  label: 'business.businessProof',
  entryLabel: 'Business proof',
  file_type: 'BUSINESS_PROOF',
  accept: IMAGE_OR_PDF,
};
export const BUSINESS_OWNERSHIP_DOCUMENT: BusinessDocument = {
  field: 'business_ownership_proof_file',
  label: 'business.businessOwnershipFile',
  entryLabel: 'Business ownership proof',
  file_type: 'BUSINESS_OWNERSHIP_PROOF',
  accept: IMAGE_OR_PDF,
};
export const RESIDENCE_OWNERSHIP_DOCUMENT: BusinessDocument = {
  field: 'residence_ownership_proof_file',
  label: 'business.residenceOwnershipFile',
  entryLabel: 'Residence ownership proof',
  file_type: 'RESIDENCE_OWNERSHIP_PROOF',
  accept: IMAGE_OR_PDF,
};
export const RENT_DOCUMENT: BusinessDocument = {
  field: 'business_rent_agreement',
  label: 'business.rentAgreement',
  entryLabel: 'Rent agreement',
  file_type: 'RENT_AGREEMENT',
  accept: IMAGE_OR_PDF,
};
export const BUSINESS_DOCUMENTS = [
  GST_DOCUMENT,
  BUSINESS_PROOF_DOCUMENT,
  BUSINESS_OWNERSHIP_DOCUMENT,
  RESIDENCE_OWNERSHIP_DOCUMENT,
  RENT_DOCUMENT,
];

/** Spec 02 §7 "Uploads": business documents go as business info, prefix business. */
export const BUSINESS_UPLOAD: Omit<UploadFields, 'file_type'> = { upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', name_prefix: 'business' };
/** Bank statements: PDF only, several per bank (spec 02 §5). */
export const STATEMENT_ACCEPT = PDF_ONLY;
export const statementFileType = (s: BankSuffix) => `BANK_STATEMENT${s}`;

/** The phone's file field of a document: the business's files are per application. */
export const businessFileField = (field: string) => `business.${field}`;
export const SINGLE_FILE_FIELDS: Record<string, string> = Object.fromEntries(
  BUSINESS_DOCUMENTS.map((d) => [d.field, businessFileField(d.field)]),
);
export const STATEMENT_FILE_FIELDS: Record<string, string> = Object.fromEntries(
  BANK_SUFFIXES.map((s) => [`bank_statement${s}`, businessFileField(`bank_statement${s}`)]),
);

export const businessInputId = (name: string) => `business-${name}`;

/** A choice's values: the schema's. */
const choicesOf = (field: TypedField) => schemaField(businessDetailsSchema, field).options ?? [];
const keyed = (field: TypedField, prefix: string): FieldOption[] =>
  choicesOf(field).map((value, i) => ({ value, label: `${prefix}.${i}` as BusinessKey }));
const named = (field: TypedField, prefix: string): FieldOption[] =>
  choicesOf(field).map((value) => ({ value, label: `${prefix}.${value}` as BusinessKey }));
export const BUSINESS_TYPE_OPTIONS = keyed('business_type', 'business.typeOption');
export const OWNERSHIP_OPTIONS = named('business_address_ownership_type', 'business.ownershipOption');
export const ACCOUNT_TYPE_OPTIONS = keyed('bank_account_type', 'bankType');
export const BUSINESS_PROOF_OPTIONS = keyed('business_proof_type', 'business.proofOption');
export const PROPERTY_PROOF_OPTIONS = keyed('business_ownership_proof', 'business.propertyProofOption');
export const OWNERSHIP_PROOF_OF_OPTIONS = named('ownership_proof_type', 'business.proofOf');

const upper = (max: number) => (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, max);

/** What each field keeps of what was typed (spec 02 §5: amounts digits only, codes upper case). */
export const NORMALISE: Partial<Record<BusinessTextField, (value: string) => string>> = {
  business_pincode: (v) => digitsOnly(v, LIMITS.pincodeLength),
  years_in_business: (v) => digitsOnly(v, 2),
  credit_limit: (v) => digitsOnly(v, 10),
  credit_limit1: (v) => digitsOnly(v, 10),
  credit_limit2: (v) => digitsOnly(v, 10),
  gst_no: upper(15),
  udyam_regd_no: upper(19),
};

/** The props that bind a typed field to the form: its id, its message and what it keeps of what was typed. */
export function businessBinding(
  // any: the fields read and write raw values only; the parsed output type does not matter to them.
  control: Control<BusinessValues, unknown, any>,
  errorOf: (name: string) => string | undefined,
  errorId: string,
) {
  return (name: BusinessTextField) => ({
    name,
    control,
    id: businessInputId(name),
    error: errorOf(name),
    errorId,
    normalise: NORMALISE[name],
  });
}
export type BusinessBinding = ReturnType<typeof businessBinding>;

/** The form's values from a draft, the submitted step or the server's business details. */
export function toBusinessValues(source: unknown): BusinessValues {
  const values = { ...EMPTY_BUSINESS };
  if (!isObject(source)) return values;
  for (const name of BUSINESS_TEXT_FIELDS) {
    const value = source[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value);
  }
  return values;
}

/** Bank blocks whose fields are not blank in these values (suffix 1, 2). */
export const startedAdditionalBanks = (values: Record<string, unknown>): number =>
  (['2', '1'] as const).find((s) => bankFields(s).some((f) => typeof values[f] === 'string' && values[f] !== '')) === '2'
    ? 2
    : bankFields('1').some((f) => typeof values[f] === 'string' && values[f] !== '')
      ? 1
      : 0;

export { bankFields };

const keyIfKnown = (key: string, fallback: string): BusinessKey | string =>
  Object.hasOwn(businessStepsText.en, key) ? (key as BusinessKey) : fallback;
/** A sector's label: its catalogue entry (Hindi where translated), the server's name otherwise. */
export const sectorLabel = (sector: string) => keyIfKnown(`business.sectorName.${sector}`, sector);
/** A bank's label: its catalogue entry by code (Hindi where translated), the server's name otherwise. */
export const bankLabel = (bank: { name: string; code?: string | null }) =>
  bank.code ? keyIfKnown(`bank.name.${bank.code}`, bank.name) : bank.name;
