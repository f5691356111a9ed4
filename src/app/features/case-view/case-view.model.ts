import { policyAllows, type PolicyAction } from '../../../domain';
import type { CaseViewKey } from './case-view.text';

/** How a value is shown: text as it is, rupees, a figure with its unit, a date DD-MM-YYYY, a code in words. */
export type FieldFormat = 'text' | 'amount' | 'percent' | 'days' | 'months' | 'years' | 'date' | 'code';
export type FieldSpec = readonly [field: string, format?: FieldFormat];

export type Data = Record<string, unknown>;

export const BORROWER_FIELDS: readonly FieldSpec[] = [
  ['title'],
  ['name'],
  ['phone'],
  ['alternate_phone'],
  ['email'],
  ['gender', 'code'],
  ['marital_status', 'code'],
  ['dob', 'date'],
  ['age', 'years'],
  ['aadhaar'],
  ['pan'],
  ['voter_id'],
  ['address'],
  ['landmark'],
  ['pincode'],
  ['city'],
  ['district'],
  ['state'],
  ['address_ownership_type', 'code'],
  ['address_owned_by'],
  ['years_of_residence', 'years'],
  ['house_type', 'code'],
  ['loan_type', 'code'],
  ['amount_requested', 'amount'],
  ['tenure_requested', 'months'],
  ['emi_requested', 'amount'],
  ['purpose', 'code'],
];

export const KYC_FIELDS: readonly FieldSpec[] = [
  ['guardian_name'],
  ['guardian_relationship', 'code'],
  ['mother_name'],
  ['category', 'code'],
  ['religion', 'code'],
  ['mother_tongue'],
  ['education_qualification', 'code'],
  ['no_of_family_members'],
  ['no_of_earning_members'],
];
export const PERSON_DOCUMENTS = [
  'photo_file',
  'pan_file',
  'aadhaar_front_file',
  'aadhaar_back_file',
  'voter_id_file',
  'voter_id_back_file',
];

export const CO_APPLICANT_FIELDS: readonly FieldSpec[] = [
  ['type', 'code'],
  ['relationship', 'code'],
  ['phone'],
  ['gender', 'code'],
  ['dob', 'date'],
  ['income', 'amount'],
  ['pan'],
  ['voter_id'],
  ['address'],
  ['pincode'],
  ['status', 'code'],
];

export const FAMILY_FIELDS: readonly FieldSpec[] = [
  ['relation_to_borrower', 'code'],
  ['guardian_relationship', 'code'],
  ['phone'],
  ['gender', 'code'],
  ['dob', 'date'],
  ['education_qualification', 'code'],
  ['income', 'amount'],
  ['pan'],
];

export const BUSINESS_FIELDS: readonly FieldSpec[] = [
  ['business_name'],
  ['business_type', 'code'],
  ['sector_of_business', 'code'],
  ['sector_of_business_other'],
  ['category_of_business', 'code'],
  ['business_address'],
  ['businesss_landmark'],
  ['business_pincode'],
  ['business_city'],
  ['business_district'],
  ['business_state'],
  ['business_address_ownership_type', 'code'],
  ['owned_by'],
  ['years_in_business', 'years'],
  ['udyam_regd_no'],
  ['gst_no'],
  ['business_proof_type', 'code'],
  ['ownership_proof_type', 'code'],
  ['business_ownership_proof', 'code'],
  ['residence_ownership_proof', 'code'],
  ['bank_name'],
  ['bank_account_type', 'code'],
  ['credit_limit', 'amount'],
  ['remarks'],
];
export const BUSINESS_DOCUMENTS = [
  'gst_upload',
  'upload_business_proof',
  'business_ownership_proof_file',
  'residence_ownership_proof_file',
  'business_rent_agreement',
  'bank_statement',
  'bank_statement1',
  'bank_statement2',
];

export const EMPLOYMENT_FIELDS: readonly FieldSpec[] = [
  ['company_name'],
  ['designation'],
  ['official_email'],
  ['monthly_in_hand_salary', 'amount'],
  ['work_experience_years', 'years'],
  ['work_experience_months', 'months'],
  ['company_address'],
  ['company_pincode'],
  ['company_sector', 'code'],
];
export const EMPLOYMENT_DOCUMENTS = ['company_id_card', 'salary_slip1', 'salary_slip2', 'salary_slip3'];

export const BANK_FIELDS: readonly FieldSpec[] = [
  ['account_holder_name'],
  ['account_number'],
  ['account_type', 'code'],
  ['ifsc_code'],
  ['bank_name'],
];
export const BANK_DOCUMENTS = ['bank_proof'];

export const CPV_FIELDS: Record<CpvPlace, readonly FieldSpec[]> = {
  business_place: [
    ['monthly_sales', 'amount'],
    ['gross_margin_percentage', 'percent'],
    ['online_sales_percentage', 'percent'],
    ['inventory_purchase', 'amount'],
    ['debtor_days', 'days'],
    ['inventory_days', 'days'],
    ['days_payable', 'days'],
    ['rent', 'amount'],
    ['salary', 'amount'],
    ['electricity_and_fuel', 'amount'],
    ['machinery_repairs', 'amount'],
    ['transportation_and_petrol', 'amount'],
    ['admin_operating_expenses', 'amount'],
    ['others', 'amount'],
    ['remarks'],
  ],
  residence: [
    ['house_rent', 'amount'],
    ['house_electricity_and_water', 'amount'],
    ['food_expenses', 'amount'],
    ['education_expenses', 'amount'],
    ['medical_expenses', 'amount'],
    ['insurance_premiums', 'amount'],
    ['house_others', 'amount'],
    ['remarks'],
  ],
};
export type CpvPlace = 'business_place' | 'residence';
export const CPV_PLACES: readonly CpvPlace[] = ['business_place', 'residence'];
export const CPV_DOCUMENTS: Record<CpvPlace, readonly string[]> = {
  business_place: ['shop_photo_file', 'shop_selfie_photo_file', 'shop_photo_pd2_file', 'qr_code_upload'],
  residence: ['house_selfie_photo_file', 'house_photo_pd2_file'],
};

export const REFERENCE_FIELDS: readonly FieldSpec[] = [['type', 'code'], ['phone'], ['address'], ['company_name']];

/** A document of a record: the field it is kept under and the server's file id. */
export type CaseDocumentRef = { field: string; fileId: string };

/** The documents of a record, in the order given; a field may hold one id or a list (bank statements). */
export function documentsOf(record: Data | null, fields: readonly string[]): CaseDocumentRef[] {
  if (!record) return [];
  return fields.flatMap((field) => {
    const value = record[field];
    const ids = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return ids.map((fileId) => ({ field, fileId }));
  });
}

/** The label key of a document field (the numbered bank statements and salary slips share one). */
export const documentLabelKey = (field: string) => `case.d.${field.replace(/(bank_statement|salary_slip)\d$/, '$1')}` as CaseViewKey;

export type SectionId =
  'borrower' | 'kyc' | 'coApplicants' | 'family' | 'business' | 'employment' | 'bank' | 'cpv' | 'references' | 'verifications' | 'bre';

/**
 * The step each section is edited on, and the policy actions of that step's calls (any one
 * allowed offers Edit): the server refuses the rest, so the view offers only what it accepts.
 */
const SECTION_STEP: Partial<Record<SectionId, { route: string; actions: readonly PolicyAction[] }>> = {
  borrower: { route: 'mobile', actions: ['borrower-step', 'update-application'] },
  kyc: { route: 'kyc', actions: ['change-step'] },
  coApplicants: { route: 'co-applicants', actions: ['change-record'] },
  family: { route: 'family-details', actions: ['change-record'] },
  business: { route: 'business', actions: ['step-first-call', 'step-second-call'] },
  employment: { route: 'employment', actions: ['change-step'] },
  bank: { route: 'bank-account-details', actions: ['step-first-call', 'step-second-call'] },
  cpv: { route: 'cpv-info', actions: ['field-verify'] },
  references: { route: 'references', actions: ['field-verify'] },
};

/** Where "Edit" of a section goes for this caller and status, or null when the access policy allows no change. */
export function editPathOf(section: SectionId, designation: string | null | undefined, status: string, serverId: string): string | null {
  const step = SECTION_STEP[section];
  if (!step || !step.actions.some((action) => policyAllows(designation, status, action))) return null;
  return `/application/${step.route}?id=${encodeURIComponent(serverId)}`;
}
