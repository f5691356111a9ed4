import {
  APPLICANT_RELATIONS,
  BANK_ACCOUNT_TYPES,
  BUSINESS_CONSTITUTIONS,
  BUSINESS_PROOF_DOCUMENTS,
  CASTE_CATEGORIES,
  CO_APPLICANT_RELATIONS,
  CO_APPLICANT_TYPES,
  EDUCATION_LEVELS,
  FAMILY_GUARDIAN_RELATIONS,
  FAMILY_RELATIONS_TO_BORROWER,
  GENDER_CODES,
  GUARDIAN_RELATIONS,
  HOUSE_TYPES,
  LOAN_PURPOSES,
  LOAN_TYPES,
  MARITAL_STATUSES,
  OWNERSHIP_CODES,
  OWNERSHIP_PROOF_OF,
  PROPERTY_PROOF_DOCUMENTS,
  REFERENCE_TYPES,
  RELIGIONS,
} from '../../../domain';
import { optionLabelIn } from '../../components/form/option-label';
import { businessStepsText } from '../../i18n/business-steps.text';
import { codeInWords as codeInWordsIn } from '../../i18n/code-labels';
import { isTextKey, type AnyTextKey } from '../../i18n/feature-text';
import type { Language } from '../../i18n/languages';
// The dropdowns' labels (option-label.ts loads option-values.text, the business steps' table is loaded here).
import '../../i18n/option-values.text';
// The co-applicant kinds are the case view's own.
import './case-view.text';

/** 'Unmarried Son', 'UNMARRIED_SON' and 'unmarried-son' are one value. */
const normal = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, '_');

type LabelOf = (value: string) => AnyTextKey | undefined;

/** A list's label keys by value (as the forms store it, in any case). */
function keyed(values: readonly string[], keyOf: (value: string, index: number) => string): LabelOf {
  const table = new Map(values.map((value, index) => [normal(value), keyOf(value, index)]));
  return (value) => {
    const key = table.get(normal(value));
    return key !== undefined && isTextKey(key) ? key : undefined;
  };
}

const PURPOSE_KEYS = ['expansion', 'renovation', 'stock', 'machinery', 'debt'] as const;
const RELATIONS = [
  ...new Set([
    ...APPLICANT_RELATIONS,
    ...CO_APPLICANT_RELATIONS,
    ...GUARDIAN_RELATIONS,
    ...FAMILY_GUARDIAN_RELATIONS,
    ...FAMILY_RELATIONS_TO_BORROWER,
  ]),
];

const gender = keyed(GENDER_CODES, (code) => (code === 'OTHER' ? 'option.others' : `option.gender.${code === 'MALE' ? 'Male' : 'Female'}`));
const ownership = keyed(OWNERSHIP_CODES, (code) => `business.ownershipOption.${code}`);
const relation = keyed(RELATIONS, (value) => `option.relation.${value}`);
const bankType = keyed(BANK_ACCOUNT_TYPES, (_, i) => `bankType.${i}`);
const propertyProof = keyed(PROPERTY_PROOF_DOCUMENTS, (_, i) => `business.propertyProofOption.${i}`);
const coApplicantType = keyed(CO_APPLICANT_TYPES, (type) => `case.kind.${type}`);
const referenceType = keyed(REFERENCE_TYPES, (type) => `option.referenceType.${type}`);

/**
 * The label tables of the coded fields the case view shows: the same keys the step forms' and
 * the dropdowns' labels use (option-values.text, business-steps.text, the KYC's in the shell's
 * catalogue), so a value reads the same on the form and in the case file, in either language.
 */
export const CODE_LABELS: Readonly<Record<string, LabelOf>> = {
  gender,
  marital_status: keyed(MARITAL_STATUSES, (value) => `option.marital.${value}`),
  address_ownership_type: ownership,
  business_address_ownership_type: ownership,
  house_type: keyed(HOUSE_TYPES, (value) => `option.house.${value}`),
  loan_type: keyed(LOAN_TYPES, (value) => `option.loanType.${value}`),
  purpose: keyed(LOAN_PURPOSES, (_, i) => `option.purpose.${PURPOSE_KEYS[i]}`),
  guardian_relationship: relation,
  relationship: relation,
  relation_to_borrower: relation,
  category: keyed(CASTE_CATEGORIES, (value) => `kyc.categoryOption.${value}`),
  religion: keyed(RELIGIONS, (value) => `kyc.religionOption.${value}`),
  education_qualification: keyed(EDUCATION_LEVELS, (value) => `kyc.educationOption.${value}`),
  type: (value) => coApplicantType(value) ?? referenceType(value),
  status: keyed(['ACTIVE', 'REPLACED', 'REJECTED'], (value) => `option.recordStatus.${value}`),
  business_type: keyed(BUSINESS_CONSTITUTIONS, (_, i) => `business.typeOption.${i}`),
  sector_of_business: (value) =>
    Object.hasOwn(businessStepsText.en, `business.sectorName.${value}`) ? (`business.sectorName.${value}` as AnyTextKey) : undefined,
  business_proof_type: keyed(BUSINESS_PROOF_DOCUMENTS, (_, i) => `business.proofOption.${i}`),
  ownership_proof_type: keyed(OWNERSHIP_PROOF_OF, (value) => `business.proofOf.${value}`),
  business_ownership_proof: propertyProof,
  residence_ownership_proof: propertyProof,
  bank_account_type: bankType,
  account_type: bankType,
};

/** An abbreviation (OBC, LLP) stays as it is; any other code in words: 'SELF_OWNED' → 'Self owned'. */
export function codeInWords(code: string, language: Language = 'en'): string {
  if (!/^[A-Z0-9_]+$/.test(code) || (code.length <= 3 && !code.includes('_'))) return code;
  const known = codeInWordsIn(code, language);
  if (known !== code.replaceAll('_', ' ').toLowerCase()) return known;
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A coded value of a field in words, in a language: through the field's label table; else a
 * known English text (a business category, by the dropdown's table); else the code in words.
 */
export function codeLabel(field: string, value: string, language: Language): string {
  const key = CODE_LABELS[field]?.(value);
  if (key) return optionLabelIn(key, language);
  return /^[A-Z0-9_]+$/.test(value) ? codeInWords(value, language) : optionLabelIn(value, language);
}
