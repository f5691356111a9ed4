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
  ['nameMatcherBody', ['values', 0, 'source'], domain.NAME_SOURCES, 'BANK', 'source must be one of PAN, VOTER_ID, INPUT, BANK_ACCOUNT, AADHAAR'],
  ['joinUsListQuerySchema', ['status'], domain.JOIN_US_STATUSES, 'DONE', 'status must be one of RECEIVED, UNDER_VERIFICATION, APPROVED, REJECTED'],
  ['applicationUploadFields', ['upload_type'], domain.UPLOAD_TYPES, 'OTHER', domain.UPLOAD_MSG.invalidUploadType],
  ['joinUsUploadFields', ['file_type'], domain.JOIN_US_FILE_TYPES, 'PASSPORT', domain.UPLOAD_MSG.invalidJoinUsFileType],
  ['deviations', ['deviations', 0, 'type'], domain.DEVIATION_TYPES, 'ANY_DEVIATION', 'Invalid deviations'],
];

type Def = { type: string; innerType?: unknown; shape?: Record<string, unknown>; element?: unknown; entries?: Record<string, string> };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The schema of the field at `path`, past optional and nullable. */
function fieldSchema(schema: unknown, path: Path): Def {
  let def = defOf(schema);
  for (const key of path) {
    while (def.innerType) def = defOf(def.innerType);
    def = typeof key === 'number' ? defOf(def.element) : defOf(def.shape![key]);
  }
  while (def.innerType) def = defOf(def.innerType);
  return def;
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
