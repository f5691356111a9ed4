import { describe, expect, it } from 'vitest';
import * as domain from '../../../src/domain';
import { BODIES, messageOf, withValue, type BodyName, type Path } from './request-bodies';

// "Trust" item 3: a field whose values are a known set is an enum of that set (the constant the
// form's options come from), so the server refuses anything else with the field's message.

type Choice = [BodyName, Path, readonly string[], string, string | undefined];

const CHOICES: Choice[] = [
  ['borrowerSchema', ['title'], domain.SALUTATIONS, 'Dr.', 'Invalid title'],
  ['borrowerSchema', ['gender'], domain.GENDER_CODES, 'Female', 'Please select gender'],
  ['borrowerSchema', ['marital_status'], domain.MARITAL_STATUSES, 'Single', 'Please select marital status'],
  ['borrowerSchema', ['address_ownership_type'], domain.OWNERSHIP_CODES, 'Family Owned', 'Please select address ownership type'],
  ['borrowerSchema', ['house_type'], domain.HOUSE_TYPES, 'Concrete', 'Please select house type'],
  ['borrowerSchema', ['loan_type'], domain.LOAN_TYPES, 'GOLD_LOAN', 'Invalid loan type'],
  ['borrowerSchema', ['purpose'], domain.LOAN_PURPOSES, 'wedding', 'Invalid purpose'],
  ['kycSchema', ['guardian_relationship'], domain.GUARDIAN_RELATIONS, 'Uncle', 'Please select relation'],
  ['kycSchema', ['category'], domain.CASTE_CATEGORIES, 'Other', 'Please select category'],
  ['kycSchema', ['religion'], domain.RELIGIONS, 'Unknown', 'Please enter religion'],
  ['kycSchema', ['education_qualification'], domain.EDUCATION_LEVELS, 'Diploma', 'Please enter education qualification'],
  ['kycSchema', ['gender'], domain.GENDER_CODES, 'Female', undefined],
  ['coApplicantSchema', ['type'], domain.CO_APPLICANT_TYPES, 'BORROWER', 'Invalid type'],
  ['coApplicantSchema', ['relationship'], domain.CO_APPLICANT_RELATIONS, 'Brother', 'Please select relationship'],
  ['coApplicantSchema', ['title'], domain.SALUTATIONS, 'Dr.', 'Invalid title'],
  ['coApplicantSchema', ['guardian_relationship'], domain.GUARDIAN_RELATIONS, 'Uncle', 'Please select relationship'],
  ['coApplicantSchema', ['gender'], domain.GENDER_CODES, 'Male', 'Please select gender'],
  ['coApplicantSchema', ['marital_status'], domain.MARITAL_STATUSES, 'Single', 'Please select marital status'],
  ['familyMemberSchema', ['guardian_relationship'], domain.FAMILY_GUARDIAN_RELATIONS, 'Uncle', 'Please select relationship'],
  ['familyMemberSchema', ['gender'], domain.GENDER_CODES, 'Male', 'Please select gender'],
  ['familyMemberSchema', ['education_qualification'], domain.EDUCATION_LEVELS, 'Diploma', 'Please enter education qualification'],
  ['validationVerifyBody', ['purpose'], domain.VALIDATION_PURPOSES, 'LOGIN', 'purpose must be APPLY_LOAN_MFI'],
  [
    'nameMatcherBody',
    ['values', 0, 'source'],
    domain.NAME_SOURCES,
    'BANK',
    'source must be one of PAN, VOTER_ID, INPUT, BANK_ACCOUNT, AADHAAR',
  ],
  [
    'joinUsListQuerySchema',
    ['status'],
    domain.JOIN_US_STATUSES,
    'DONE',
    'status must be one of RECEIVED, UNDER_VERIFICATION, APPROVED, REJECTED',
  ],
  ['applicationUploadFields', ['upload_type'], domain.UPLOAD_TYPES, 'OTHER', domain.UPLOAD_MSG.invalidUploadType],
  ['joinUsUploadFields', ['file_type'], domain.JOIN_US_FILE_TYPES, 'PASSPORT', domain.UPLOAD_MSG.invalidJoinUsFileType],
  ['deviations', ['deviations', 0, 'type'], domain.DEVIATION_TYPES, 'ANY_DEVIATION', 'Invalid deviations'],
  ['businessDetailsSchema', ['business_type'], domain.BUSINESS_CONSTITUTIONS, 'Trust', 'Invalid business type'],
  ['businessDetailsSchema', ['sector_of_business'], domain.BUSINESS_SECTORS, 'Mining', 'Please select sector of business'],
  ['businessDetailsSchema', ['business_address_ownership_type'], domain.OWNERSHIP_CODES, 'Rented', 'Please select business address type'],
  [
    'businessDetailsSchema',
    ['bank_account_type'],
    domain.BANK_ACCOUNT_TYPES,
    'GOLD',
    'Invalid account type. Please select a valid account type',
  ],
  [
    'businessDetailsSchema',
    ['bank_account_type1'],
    domain.BANK_ACCOUNT_TYPES,
    'GOLD',
    'Invalid account type. Please select a valid account type',
  ],
  [
    'businessDetailsSchema',
    ['bank_account_type2'],
    domain.BANK_ACCOUNT_TYPES,
    'GOLD',
    'Invalid account type. Please select a valid account type',
  ],
  ['businessDetailsSchema', ['business_proof_type'], domain.BUSINESS_PROOF_DOCUMENTS, 'Aadhaar', 'Please select business proof type'],
  ['businessDetailsSchema', ['ownership_proof_type'], domain.OWNERSHIP_PROOF_OF, 'NONE', 'Please select ownership proof of'],
  [
    'businessDetailsSchema',
    ['business_ownership_proof'],
    domain.PROPERTY_PROOF_DOCUMENTS,
    'electricity bill',
    'Please select business ownership proof',
  ],
  [
    'businessDetailsSchema',
    ['residence_ownership_proof'],
    domain.PROPERTY_PROOF_DOCUMENTS,
    'electricity bill',
    'Please select residence ownership proof',
  ],
  ['employmentInfoSchema', ['company_address_type'], domain.ADDRESS_TYPES, 'Office', 'Please select company address type'],
  ['bankAccountSchema', ['account_type'], domain.BANK_ACCOUNT_TYPES, 'GOLD', 'Invalid account type. Please select a valid account type'],
  [
    'bankAccountSchema',
    ['deviations', 0, 'type'],
    [domain.BANK_NAME_DEVIATION],
    'BORROWER_NAME_MISMATCH_DEVIATION',
    'Deviation type must be BANK_NAME_MISMATCH_DEVIATION',
  ],
];

type Def = {
  type: string;
  innerType?: unknown;
  out?: unknown;
  shape?: Record<string, unknown>;
  element?: unknown;
  entries?: Record<string, string>;
};
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Past optional and nullable, and to the end of a pipe (a choice upper-cased before its enum). */
function unwrap(def: Def): Def {
  for (;;) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.out);
    else return def;
  }
}

/** The schema of the field at `path`. */
function fieldSchema(schema: unknown, path: Path): Def {
  let def = defOf(schema);
  for (const key of path) {
    def = unwrap(def);
    def = typeof key === 'number' ? defOf(def.element) : defOf(def.shape![key]);
  }
  return unwrap(def);
}

describe('choice fields are enums of their set', () => {
  it.each(CHOICES)('%s.%s is an enum of the shared constant', (name, path, values) => {
    const def = fieldSchema(BODIES[name].schema, path);
    expect(def.type).toBe('enum');
    expect(Object.values(def.entries!)).toEqual([...values]);
  });

  it.each(CHOICES)('%s.%s accepts each value of its set', (name, path, values) => {
    const { schema, valid } = BODIES[name];
    for (const value of values) expect(messageOf(schema, withValue(valid, path, value)), value).toBe('ok');
  });

  it.each(CHOICES)('%s.%s refuses %j', (name, path, _values, outside, message) => {
    const { schema, valid } = BODIES[name];
    const answer = messageOf(schema, withValue(valid, path, outside));
    if (message === undefined) expect(answer).not.toBe('ok');
    else expect(answer).toBe(message);
  });

  it('an address ownership code is the label upper-cased with underscores, and FAMILY_OWNED is the family one', () => {
    expect(domain.OWNERSHIP_CODES).toEqual(domain.OWNERSHIP_TYPES.map((label) => label.toUpperCase().replace(/\s+/g, '_')));
    expect(domain.OWNERSHIP_CODES.filter(domain.isFamilyOwned)).toEqual([domain.FAMILY_OWNED]);
  });

  it('the deviation types are the name-mismatch deviations of spec 02 §4 and the bank one', () => {
    expect([...domain.DEVIATION_TYPES].sort()).toEqual([
      'BANK_NAME_MISMATCH_DEVIATION',
      'BORROWER_NAME_MISMATCH_DEVIATION',
      'CO_BORROWER_NAME_MISMATCH_DEVIATION',
      'GUARANTOR_NAME_MISMATCH_DEVIATION',
    ]);
  });
});
