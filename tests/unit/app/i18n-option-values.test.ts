// @vitest-environment jsdom
// Issue 21 D5: every value of the forms' dropdowns has Hindi words; what is stored stays the code.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_CATEGORIES, BUSINESS_SECTORS } from '../../../src/domain';
import { optionLabelIn, type FieldOption } from '../../../src/app/components/form/option-label';
import { CHOICES } from '../../../src/app/features/borrower/borrower-fields';
import { sectorLabel } from '../../../src/app/features/business/business-fields';
import { GENDER_OPTIONS, MARITAL_OPTIONS, RELATION_OPTIONS } from '../../../src/app/features/co-applicants/co-applicant-fields';
import { loadCatalogue } from '../../../src/app/i18n/catalogues';
// The co-applicant form's own texts, as its screen loads them (its options are keys of them).
import '../../../src/app/features/co-applicants/co-applicants.text';

const DEVANAGARI = /[\u0900-\u097F]/;

const LISTS: [string, readonly FieldOption[]][] = [
  ['marital status', CHOICES.marital_status],
  ['gender', CHOICES.gender],
  ['address ownership', CHOICES.address_ownership_type],
  ['house type', CHOICES.house_type],
  ['loan type', CHOICES.loan_type],
  ['loan purpose', CHOICES.purpose],
  ['business sector', BUSINESS_SECTORS.map((sector) => ({ value: sector, label: sectorLabel(sector) }))],
  ['business category', BUSINESS_CATEGORIES.map((category) => ({ value: category, label: category }))],
  ['co-applicant marital status', MARITAL_OPTIONS],
  ['co-applicant gender', GENDER_OPTIONS],
  ['co-applicant relationship', RELATION_OPTIONS],
];

beforeAll(() => loadCatalogue('hi'));

describe('dropdown values in Hindi', () => {
  it.each(LISTS)('%s: every value is shown in Hindi words, and in English as before', (_name, options) => {
    expect(options.length).toBeGreaterThan(1);
    expect(options.filter((option) => !DEVANAGARI.test(optionLabelIn(option.label, 'hi'))).map((o) => o.value)).toEqual([]);
    expect(options.filter((option) => DEVANAGARI.test(optionLabelIn(option.label, 'en'))).map((o) => o.value)).toEqual([]);
  });

  it('the value sent stays the code: FAMILY_OWNED, MFI_BUSINESS_LOAN, the English purpose', () => {
    expect(CHOICES.address_ownership_type.map((o) => o.value)).toContain('FAMILY_OWNED');
    expect(optionLabelIn(CHOICES.address_ownership_type.find((o) => o.value === 'FAMILY_OWNED')!.label, 'hi')).toBe('परिवार का');
    expect(CHOICES.loan_type.map((o) => o.value)).toEqual(['MFI_BUSINESS_LOAN', 'UNSECURED_BUSINESS_LOAN']);
    expect(CHOICES.purpose[0]!.value).toBe('expansion of existing business');
  });
});
