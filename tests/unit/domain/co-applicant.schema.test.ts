import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../../src/domain/identity/auth.schema';
import { coApplicantRequirement, coApplicantSchema, coApplicantWarnings } from '../../../src/domain/steps/co-applicant.schema';

const schema = coApplicantSchema({ year: 2026, month: 6, day: 15 });
const valid = {
  type: 'CO_BORROWER',
  relationship: 'Spouse',
  title: 'Mr.',
  phone: '9876543211',
  name: 'Ramesh Yadav',
  guardian_name: 'Shyam Yadav',
  guardian_relationship: 'Father',
  gender: 'MALE',
  income: 25000,
  dob: '03-09-1982',
  age: 43,
  marital_status: 'Married',
  pincode: '560034',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  address: '12 MG Road',
  pan: 'CRYPY5532L',
  pan_file: 'f1',
  aadhaar_front_file: 'f2',
  aadhaar_back_file: 'f3',
};
const messageFor = (patch: Record<string, unknown>) => firstMessage(schema.safeParse({ ...valid, ...patch }).error, 'ok');

describe('co-applicant schema (spec 02 §5)', () => {
  it('accepts a male co-borrower without voter ID and a guarantor', () => {
    expect(messageFor({})).toBe('ok');
    expect(messageFor({ type: 'GUARANTOR' })).toBe('ok');
  });

  it.each([
    [{ type: 'BORROWER' }, 'Invalid type'],
    [{ type: undefined }, 'Invalid type'],
    [{ relationship: '' }, 'Please select relationship'],
    [{ title: '' }, 'Invalid title'],
    [{ phone: '' }, 'Please enter mobile number'],
    [{ phone: '987654321' }, 'Please enter mobile number'],
    [{ phone: undefined }, 'Please enter mobile number'],
    [{ phone: '5876543211' }, 'Invalid mobile number'],
    [{ phone: '98765432111' }, 'Invalid mobile number'],
    [{ name: 'Ra' }, 'Invalid name'],
    [{ guardian_name: '' }, 'Invalid guardian name'],
    [{ guardian_relationship: '' }, 'Please select relationship'],
    [{ gender: '' }, 'Please select gender'],
    [{ income: -1 }, 'Invalid income'],
    [{ income: 'abc' }, 'Invalid income'],
    [{ dob: '30-02-1990' }, 'Age not acceptable as per provided DOB'],
    [{ age: 20 }, 'Age not acceptable as per provided DOB'],
    [{ age: 61 }, 'Age not acceptable as per provided DOB'],
    [{ marital_status: '' }, 'Please select marital status'],
    [{ email: 'x@' }, 'Invalid email'],
    [{ pincode: '56003' }, 'Invalid pincode'],
    [{ city: '' }, 'Invalid city'],
    [{ district: '' }, 'Invalid district'],
    [{ state: '' }, 'Invalid state'],
    [{ address: 'short' }, 'Invalid address'],
    [{ pan: 'CRYPY553' }, 'Invalid pan number'],
    [{ pan: '12345ABCDE' }, 'Invalid pan number'],
    [{ pan_file: '' }, 'Invalid PAN file'],
    [{ aadhaar_front_file: undefined }, 'Invalid aadhaar front'],
    [{ aadhaar_back_file: '' }, 'Invalid aadhaar back'],
    [{ aadhaar: '123' }, 'Invalid aadhaar number'],
    [{ aadhaar: '12345' }, 'Invalid aadhaar number'],
    [{ aadhaar: '12a4' }, 'Invalid aadhaar number'],
    [{ voter_id: 'BAD' }, 'Invalid Voter ID'],
  ])('%j gives %s', (patch, message) => expect(messageFor(patch)).toBe(message));

  it('income 0 is accepted and aadhaar last 4 is optional', () => {
    expect(messageFor({ income: 0 })).toBe('ok');
    expect(messageFor({ aadhaar: '1234' })).toBe('ok');
    expect(messageFor({ aadhaar: '' })).toBe('ok');
  });

  describe('date of birth 18-65, today 15-06-2026', () => {
    it.each([
      ['16-06-2008', false], // 17, 18 tomorrow
      ['15-06-2008', true], // 18 today
      ['14-06-2008', true],
      ['16-06-1960', true], // 65, 66 tomorrow
      ['15-06-1960', false], // 66 today
      ['15-06-1961', true], // 65 today
      ['14-06-1961', true],
    ])('dob %s accepted: %s', (dob, ok) => expect(messageFor({ dob })).toBe(ok ? 'ok' : 'Age not acceptable as per provided DOB'));
    it.each([
      [21, true],
      [60, true],
      [20, false],
      [61, false],
    ])('age %j accepted: %s', (age, ok) => expect(messageFor({ age })).toBe(ok ? 'ok' : 'Age not acceptable as per provided DOB'));
  });

  describe('voter ID for a non-male co-borrower', () => {
    it.each(['FEMALE', 'OTHER'])('%s co-borrower needs the file first, then the number', (gender) => {
      expect(messageFor({ gender })).toBe('Voter ID file is required for co-borrower');
      expect(messageFor({ gender, voter_id_file: 'f4' })).toBe('Voter ID is required for co-borrower');
      expect(messageFor({ gender, voter_id: 'XKD2345676' })).toBe('Voter ID file is required for co-borrower');
      expect(messageFor({ gender, voter_id_file: 'f4', voter_id: 'XKD2345676' })).toBe('ok');
    });
    it('a non-male guarantor does not need it', () => expect(messageFor({ type: 'GUARANTOR', gender: 'FEMALE' })).toBe('ok'));
    it('a male co-borrower does not need it', () => expect(messageFor({ gender: 'MALE', voter_id: '' })).toBe('ok'));
  });

  it('reports the first field in order', () => {
    expect(messageFor({ type: 'X', phone: '' })).toBe('Invalid type');
    expect(messageFor({ phone: '', pan: '' })).toBe('Please enter mobile number');
    // a field rule (aadhaar) comes before the cross-field voter rules
    expect(messageFor({ gender: 'FEMALE', aadhaar: '1' })).toBe('Invalid aadhaar number');
  });

  it('warns on an EPIC check digit failure', () => {
    expect(coApplicantWarnings({ voter_id: 'XKD1234567' })).toHaveLength(1);
    expect(coApplicantWarnings({ voter_id: 'XKD2345676' })).toEqual([]);
  });
});

describe('co-applicants required per loan type', () => {
  const cb = { type: 'CO_BORROWER' };
  const g = { type: 'GUARANTOR' };
  it('an MFI business loan needs a co-borrower', () => {
    expect(coApplicantRequirement('MFI_BUSINESS_LOAN', [])).toEqual({
      needsCoBorrower: true,
      needsGuarantor: false,
      hint: 'This loan requires a Co-borrower',
      blocking: 'Add Co-borrower to proceed',
    });
    expect(coApplicantRequirement('MFI_BUSINESS_LOAN', [g]).blocking).toBe('Add Co-borrower to proceed');
    expect(coApplicantRequirement('MFI_BUSINESS_LOAN', [cb]).blocking).toBeNull();
  });
  it('an unsecured business loan needs both', () => {
    const both = 'Both Co-borrower and Guarantor are required to proceed';
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', []).hint).toBe('This loan requires both a Co-borrower and a Guarantor');
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', []).needsGuarantor).toBe(true);
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', []).blocking).toBe(both);
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', [cb]).blocking).toBe(both);
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', [g]).blocking).toBe(both);
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', [g, cb]).blocking).toBeNull();
  });
  it('a rejected co-applicant does not count', () => {
    const rejected = { type: 'GUARANTOR', approval_checks: { decision: 'REJECTED', rejected: true } };
    expect(coApplicantRequirement('UNSECURED_BUSINESS_LOAN', [cb, rejected]).blocking).toBe(
      'Both Co-borrower and Guarantor are required to proceed',
    );
    expect(coApplicantRequirement('MFI_BUSINESS_LOAN', [{ type: 'CO_BORROWER', status: 'REJECTED' }]).blocking).toBe(
      'Add Co-borrower to proceed',
    );
  });
  it('any other loan type needs a co-borrower', () =>
    expect(coApplicantRequirement('OTHER', [])).toMatchObject({ needsGuarantor: false, blocking: 'Add Co-borrower to proceed' }));
});
