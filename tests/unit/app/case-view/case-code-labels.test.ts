import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICANT_RELATIONS,
  BANK_ACCOUNT_TYPES,
  BUSINESS_CONSTITUTIONS,
  BUSINESS_PROOF_DOCUMENTS,
  BUSINESS_SECTORS,
  CASTE_CATEGORIES,
  CO_APPLICANT_RELATIONS,
  CO_APPLICANT_TYPES,
  EDUCATION_LEVELS,
  FAMILY_GUARDIAN_RELATIONS,
  FAMILY_RELATIONS_TO_BORROWER,
  GENDER_CODES,
  HOUSE_TYPES,
  LOAN_PURPOSES,
  LOAN_TYPES,
  MARITAL_STATUSES,
  OWNERSHIP_CODES,
  OWNERSHIP_PROOF_OF,
  PROPERTY_PROOF_DOCUMENTS,
  REFERENCE_TYPES,
  RELIGIONS,
} from '../../../../src/domain';
import { CODE_LABELS, codeLabel } from '../../../../src/app/features/case-view/case-code-labels';
import { loadCatalogue } from '../../../../src/app/i18n/catalogues';

// Issue 21: the case view shows every coded value through the forms' label tables, in Hindi too.

/** Every coded field of the case view and the values its form offers. */
const VALUES: Record<string, readonly string[]> = {
  gender: GENDER_CODES,
  marital_status: MARITAL_STATUSES,
  address_ownership_type: OWNERSHIP_CODES,
  business_address_ownership_type: OWNERSHIP_CODES,
  house_type: HOUSE_TYPES,
  loan_type: LOAN_TYPES,
  purpose: LOAN_PURPOSES,
  guardian_relationship: FAMILY_GUARDIAN_RELATIONS,
  relation_to_borrower: FAMILY_RELATIONS_TO_BORROWER,
  relationship: [...CO_APPLICANT_RELATIONS, ...APPLICANT_RELATIONS],
  category: CASTE_CATEGORIES,
  religion: RELIGIONS,
  education_qualification: EDUCATION_LEVELS,
  type: [...CO_APPLICANT_TYPES, ...REFERENCE_TYPES],
  status: ['ACTIVE', 'REPLACED', 'REJECTED'],
  business_type: BUSINESS_CONSTITUTIONS,
  sector_of_business: BUSINESS_SECTORS,
  business_proof_type: BUSINESS_PROOF_DOCUMENTS,
  ownership_proof_type: OWNERSHIP_PROOF_OF,
  business_ownership_proof: PROPERTY_PROOF_DOCUMENTS,
  residence_ownership_proof: PROPERTY_PROOF_DOCUMENTS,
  bank_account_type: BANK_ACCOUNT_TYPES,
  account_type: BANK_ACCOUNT_TYPES,
};
/** Abbreviations that read the same in Hindi. */
const SAME_IN_HINDI = new Set(['OBC', 'SC', 'ST', 'LLP']);
const DEVANAGARI = /[\u0900-\u097F]/;

describe('case view: coded values in words', () => {
  beforeAll(() => loadCatalogue('hi'));

  it('has a label table for every coded field of the case view', () => {
    expect(Object.keys(CODE_LABELS).sort()).toEqual(Object.keys(VALUES).sort());
  });

  it.each(Object.entries(VALUES))('%s: every value has its label, in Hindi in Devanagari', (field, values) => {
    for (const value of values) {
      expect(CODE_LABELS[field]!(value), `${field} ${value}`).toBeDefined();
      const hindi = codeLabel(field, value, 'hi');
      if (SAME_IN_HINDI.has(value)) expect(hindi).toBe(value);
      else expect(hindi, `${field} ${value}`).toMatch(DEVANAGARI);
      expect(codeLabel(field, value, 'en'), `${field} ${value}`).not.toMatch(DEVANAGARI);
    }
  });

  it('reads a value stored in another case or with underscores as the form’s', () => {
    expect(codeLabel('relationship', 'SPOUSE', 'hi')).toBe('पति/पत्नी');
    expect(codeLabel('relationship', 'UNMARRIED_SON', 'en')).toBe('Unmarried Son');
    expect(codeLabel('address_ownership_type', 'SELF_OWNED', 'en')).toBe('Self Owned');
    expect(codeLabel('loan_type', 'MFI_BUSINESS_LOAN', 'hi')).toBe('MFI व्यवसाय ऋण');
  });

  it('an unknown code still reads in words; a business category by the dropdown’s table', () => {
    expect(codeLabel('company_sector', 'IT_SERVICES', 'en')).toBe('It services');
    expect(codeLabel('category_of_business', 'Kirana and general store', 'hi')).toBe('किराना और जनरल स्टोर');
  });
});
