import { describe, expect, it } from 'vitest';
import { businessDetailsSchema, calendarDateOf, coApplicantSchema, kycSchema, refusedWhenBlank } from '../../../src/domain';

const KYC_FILES = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file'];
const CO_FILES = ['pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file', 'voter_id_back_file'];

/** Issue 31 N14: the uploads a form marks as required come from its schema, with the form's values. */
describe('refusedWhenBlank', () => {
  it("gives a step's required uploads, conditional rules included", () => {
    const always = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file'];
    expect([...refusedWhenBlank(kycSchema, { gender: 'MALE' }, KYC_FILES)]).toEqual(always);
    expect([...refusedWhenBlank(kycSchema, { gender: 'FEMALE' }, KYC_FILES)]).toEqual([...always, 'voter_id_file']);

    const co = coApplicantSchema(calendarDateOf(new Date()));
    expect([...refusedWhenBlank(co, { type: 'GUARANTOR', gender: 'FEMALE' }, CO_FILES)]).toEqual(always.slice(1));
    expect([...refusedWhenBlank(co, { type: 'CO_BORROWER', gender: 'FEMALE' }, CO_FILES)]).toEqual([...always.slice(1), 'voter_id_file']);
  });

  it("leaves a further bank's statements optional until that bank is started", () => {
    const statements = ['bank_statement', 'bank_statement1', 'bank_statement2'];
    expect([...refusedWhenBlank(businessDetailsSchema, {}, statements)]).toEqual(['bank_statement']);
    expect([...refusedWhenBlank(businessDetailsSchema, { bank_name1: 'SBI' }, statements)]).toEqual(['bank_statement', 'bank_statement1']);
  });
});
