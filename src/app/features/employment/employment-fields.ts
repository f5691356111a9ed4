import {
  digitsOnly,
  employmentInfoSchema,
  queuedPathOf,
  schemaField,
  STEP_ROUTES,
  typedFieldsOf,
  type EmploymentInfoForm,
} from '../../../domain';
import type { FieldOption, FormText } from '../../components/form';
import { IMAGE_OR_PDF } from '../../components/upload/check-file';
import type { EmploymentKey } from './employment.text';

/** Draft and step name of the employment / personal discussion form. */
export const EMPLOYMENT_FORM = 'employment';
export const EMPLOYMENT_URL = queuedPathOf(STEP_ROUTES.employment);

/** The uploads of the form (EMPLOYMENT_DOCUMENTS). */
type EmploymentFileField = 'company_id_card' | 'salary_slip1' | 'salary_slip2' | 'salary_slip3';
/** The typed fields: the schema's, in its order. */
export type EmploymentTextField = Exclude<keyof EmploymentInfoForm, EmploymentFileField>;
export const EMPLOYMENT_TEXT_FIELDS = typedFieldsOf<EmploymentTextField>(employmentInfoSchema, []);
/** The form: the schema's typed fields as text. */
export type EmploymentValues = FormText<EmploymentInfoForm, EmploymentTextField>;
export const EMPTY_EMPLOYMENT: EmploymentValues = Object.fromEntries(EMPLOYMENT_TEXT_FIELDS.map((f) => [f, ''])) as EmploymentValues;

export type EmploymentDocument = { field: EmploymentFileField; label: EmploymentKey; entryLabel: string; file_type: string };
export const EMPLOYMENT_DOCUMENTS: EmploymentDocument[] = [
  { field: 'company_id_card', label: 'employment.idCard', entryLabel: 'Company ID card', file_type: 'COMPANY_ID_CARD' },
  { field: 'salary_slip1', label: 'employment.slip1', entryLabel: 'Salary slip 1', file_type: 'SALARY_SLIP1' },
  { field: 'salary_slip2', label: 'employment.slip2', entryLabel: 'Salary slip 2', file_type: 'SALARY_SLIP2' },
  { field: 'salary_slip3', label: 'employment.slip3', entryLabel: 'Salary slip 3', file_type: 'SALARY_SLIP3' },
];
export const EMPLOYMENT_ACCEPT = IMAGE_OR_PDF;
export const EMPLOYMENT_UPLOAD = { upload_type: 'LOAN_APPLICANT_EMPLOYMENT_INFO', name_prefix: 'employment' };
export const employmentFileField = (field: string) => `employment.${field}`;
export const EMPLOYMENT_FILE_FIELDS: Record<string, string> = Object.fromEntries(
  EMPLOYMENT_DOCUMENTS.map((d) => [d.field, employmentFileField(d.field)]),
);

export const ADDRESS_TYPE_OPTIONS: FieldOption[] = (schemaField(employmentInfoSchema, 'company_address_type').options ?? []).map(
  (type, i) => ({
    value: type,
    label: `employment.addressType.${i}` as EmploymentKey,
  }),
);
export const employmentInputId = (name: string) => `employment-${name}`;

/** The company pincode's length, the schema's. */
export const COMPANY_PINCODE_LENGTH = schemaField(employmentInfoSchema, 'company_pincode').maxLength;

export const NORMALISE: Partial<Record<EmploymentTextField, (value: string) => string>> = {
  monthly_in_hand_salary: (v) => digitsOnly(v, 9),
  work_experience_years: (v) => digitsOnly(v, 2),
  work_experience_months: (v) => digitsOnly(v, 2),
  company_pincode: (v) => digitsOnly(v, COMPANY_PINCODE_LENGTH),
};

export function toEmploymentValues(source: unknown): EmploymentValues {
  const values = { ...EMPTY_EMPLOYMENT };
  if (!source || typeof source !== 'object') return values;
  const record = source as Record<string, unknown>;
  for (const name of EMPLOYMENT_TEXT_FIELDS) {
    const value = record[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value);
  }
  return values;
}
