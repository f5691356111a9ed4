import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../../src/domain/identity/auth.schema';
import { borrowerSchema, borrowerWarnings } from '../../../src/domain/steps/borrower.schema';
import { epicChecksumOk } from '../../../src/domain/identity/identity';

const today = { year: 2026, month: 6, day: 15 };
const schema = borrowerSchema(today);

// LAKSHMI DEVI, the sandbox persona of DECISIONS.md.
const valid = {
  phone: '9876543210',
  aadhaar: '234567890124',
  title: 'Mrs.',
  name: 'Lakshmi Devi',
  gender: 'FEMALE',
  marital_status: 'Married',
  dob: '12-04-1985',
  age: 41,
  pan: 'BDVPD4821K',
  voter_id: 'XKD1234566',
  pincode: '560034',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  address: '12 MG Road',
  address_ownership_type: 'SELF_OWNED',
  years_of_residence: 5,
  house_type: 'Pakka',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 12,
  emi_requested: 9000,
  purpose: 'expansion of existing business',
  terms_accepted: true,
};
const messageFor = (patch: Record<string, unknown>) => firstMessage(schema.safeParse({ ...valid, ...patch }).error, 'ok');

describe('borrower schema (spec 02 §5)', () => {
  it('accepts the sandbox persona', () => expect(messageFor({})).toBe('ok'));

  it.each([
    [{ phone: '5876543210' }, 'Invalid mobile number'],
    [{ phone: '98765' }, 'Invalid mobile number'],
    [{ aadhaar: '23456789012' }, 'Aadhaar number must be exactly 12 digits'],
    [{ aadhaar: '2345678901245' }, 'Aadhaar number must be exactly 12 digits'],
    [{ aadhaar: undefined }, 'Aadhaar number must be exactly 12 digits'],
    [{ aadhaar: '23456789012a' }, 'Aadhaar number must contain only digits'],
    [{ aadhaar: '234567890123' }, 'Invalid Aadhaar number'],
    [{ aadhaar: '134567890124' }, 'Invalid Aadhaar number'],
    [{ title: '' }, 'Invalid title'],
    [{ name: 'Ab' }, 'Invalid name'],
    [{ name: '  Ab  ' }, 'Invalid name'],
    [{ alternate_phone: '12345' }, 'Invalid mobile number'],
    [{ email: 'not-an-email' }, 'Invalid email'],
    [{ gender: 'F' }, 'Please select gender'],
    [{ marital_status: '' }, 'Please select marital status'],
    [{ dob: '31-02-1985' }, 'DOB must be between 21 and 60 years'],
    [{ dob: '' }, 'DOB must be between 21 and 60 years'],
    [{ age: 20 }, 'Age must be between 21 and 60 years'],
    [{ age: 61 }, 'Age must be between 21 and 60 years'],
    [{ age: '' }, 'Age must be between 21 and 60 years'],
    [{ pan: 'BDVPD4821' }, 'Invalid PAN'],
    [{ pan: 'BDVCD4821K' }, 'Invalid PAN'],
    [{ pan: 'BDVPD0000K' }, 'Invalid PAN'],
    [{ voter_id: 'XK1234566' }, 'Invalid Voter ID'],
    [{ pincode: '060034' }, 'Invalid pincode'],
    [{ city: ' ' }, 'Invalid city'],
    [{ district: '' }, 'Invalid district'],
    [{ state: '' }, 'Invalid state'],
    [{ address: '12 MG R' }, 'Invalid address'],
    [{ address_ownership_type: '' }, 'Please select address ownership type'],
    [{ years_of_residence: 0 }, 'Please enter years of residence'],
    [{ years_of_residence: '' }, 'Please enter years of residence'],
    [{ house_type: undefined }, 'Please select house type'],
    [{ loan_type: 'HOME_LOAN' }, 'Invalid loan type'],
    [{ amount_requested: 0 }, 'Invalid loan amount'],
    [{ amount_requested: 74999 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [{ amount_requested: 125001 }, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    [{ loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 99999 }, 'Loan amount must be between ₹1,00,000 and ₹5,00,000'],
    [{ loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 500001 }, 'Loan amount must be between ₹1,00,000 and ₹5,00,000'],
    [{ tenure_requested: 36 }, 'Loan tenure must be between 12 and 24 months'],
    [{ tenure_requested: 15 }, 'Invalid loan tenure'],
    [{ tenure_requested: undefined }, 'Invalid loan tenure'],
    [{ loan_type: 'UNSECURED_BUSINESS_LOAN', tenure_requested: 42 }, 'Loan tenure must be between 12 and 36 months'],
    [{ emi_requested: 0 }, 'Invalid EMI requested'],
    [{ purpose: '' }, 'Invalid purpose'],
    [{ terms_accepted: false }, 'You must accept the Terms & Conditions'],
    [{ terms_accepted: undefined }, 'You must accept the Terms & Conditions'],
  ])('%j gives %s', (patch, message) => expect(messageFor(patch)).toBe(message));

  it('accepts the loan limits at their edges', () => {
    expect(messageFor({ amount_requested: 75000, tenure_requested: 24 })).toBe('ok');
    expect(messageFor({ amount_requested: '125000', tenure_requested: '18' })).toBe('ok');
    expect(messageFor({ loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 100000, tenure_requested: 36 })).toBe('ok');
    expect(messageFor({ loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 500000, tenure_requested: 30 })).toBe('ok');
  });

  it('accepts Aadhaar with spaces and upper-cases PAN and voter ID', () => {
    const parsed = schema.parse({ ...valid, aadhaar: '2345 6789 0124', pan: 'bdvpd4821k', voter_id: ' xkd1234566 ' });
    expect(parsed.aadhaar).toBe('234567890124');
    expect(parsed.pan).toBe('BDVPD4821K');
    expect(parsed.voter_id).toBe('XKD1234566');
  });

  describe('age from the date of birth, today 15-06-2026', () => {
    it.each([
      ['16-06-2005', false], // 21st birthday tomorrow: 20
      ['15-06-2005', true], // 21 today
      ['14-06-2005', true], // 21 since yesterday
      ['2005-06-15', true], // ISO spelling
      ['16-06-1966', true], // 59, 60 tomorrow
      ['15-06-1966', true], // 60 today
      ['14-06-1966', true],
      ['16-06-1965', true], // 61st birthday tomorrow: still 60
      ['15-06-1965', false], // 61 today
      ['14-06-1965', false],
    ])('dob %s accepted: %s', (dob, ok) => expect(messageFor({ dob })).toBe(ok ? 'ok' : 'DOB must be between 21 and 60 years'));
    it.each([
      [21, true],
      [60, true],
      [20, false],
      [61, false],
      ['35', true],
      [35.5, false],
    ])('age %j accepted: %s', (age, ok) => expect(messageFor({ age })).toBe(ok ? 'ok' : 'Age must be between 21 and 60 years'));
    it('uses the today it is given', () => {
      expect(firstMessage(borrowerSchema({ year: 2026, month: 6, day: 14 }).safeParse({ ...valid, dob: '15-06-2005' }).error, 'ok')).toBe(
        'DOB must be between 21 and 60 years',
      );
    });
  });

  describe('voter ID by gender', () => {
    it.each(['FEMALE', 'OTHER'])('is required for %s', (gender) => {
      expect(messageFor({ gender, voter_id: '' })).toBe('Voter ID is required');
      expect(messageFor({ gender, voter_id: undefined })).toBe('Voter ID is required');
      expect(messageFor({ gender, voter_id: null })).toBe('Voter ID is required');
    });
    it('is optional for MALE, but checked when entered', () => {
      expect(messageFor({ gender: 'MALE', voter_id: '' })).toBe('ok');
      expect(messageFor({ gender: 'MALE', voter_id: undefined })).toBe('ok');
      expect(messageFor({ gender: 'MALE', voter_id: 'XKD12345' })).toBe('Invalid Voter ID');
    });
  });

  it('keeps owned-by only for a family-owned address', () => {
    expect(schema.parse({ ...valid, address_ownership_type: 'SELF_OWNED', address_owned_by: 'Father' }).address_owned_by).toBeUndefined();
    expect(schema.parse({ ...valid, address_ownership_type: 'FAMILY_OWNED', address_owned_by: 'Father' }).address_owned_by).toBe('Father');
  });

  describe('first message in field order', () => {
    it('reports the earliest field, cross-field rules included', () => {
      expect(messageFor({ phone: '', terms_accepted: false })).toBe('Invalid mobile number');
      // voter_id (cross-field rule) comes before pincode (field rule)
      expect(messageFor({ voter_id: '', pincode: 'x' })).toBe('Voter ID is required');
      // amount range (cross-field) comes before purpose (field rule)
      expect(messageFor({ amount_requested: 1, purpose: '' })).toBe('Loan amount must be between ₹75,000 and ₹1,25,000');
      expect(messageFor({ pincode: 'x', amount_requested: 1 })).toBe('Invalid pincode');
    });
    it('lists every failing field of an empty form in screen order, one message each', () => {
      const issues = schema.safeParse({}).error!.issues;
      expect(issues.map((i) => i.path[0])).toEqual([
        'phone',
        'aadhaar',
        'title',
        'name',
        'gender',
        'marital_status',
        'dob',
        'age',
        'pan',
        'voter_id',
        'pincode',
        'city',
        'district',
        'state',
        'address',
        'address_ownership_type',
        'years_of_residence',
        'house_type',
        'loan_type',
        'amount_requested',
        'tenure_requested',
        'emi_requested',
        'purpose',
        'terms_accepted',
      ]);
    });
  });

  describe('warnings', () => {
    it('warns, without blocking, on an EPIC whose check digit fails', () => {
      expect(epicChecksumOk('XKD1234567')).toBe(false);
      expect(messageFor({ voter_id: 'XKD1234567' })).toBe('ok');
      expect(borrowerWarnings({ voter_id: 'xkd1234567' })).toEqual([
        { field: 'voter_id', message: 'Voter ID check digit does not match: check the number' },
      ]);
    });
    it('is quiet for a good, missing or malformed EPIC', () => {
      expect(borrowerWarnings({ voter_id: 'XKD1234566' })).toEqual([]);
      expect(borrowerWarnings({})).toEqual([]);
      expect(borrowerWarnings({ voter_id: 'XKD12' })).toEqual([]);
    });
  });
});
