import { describe, expect, it } from 'vitest';
import {
  nameMatchKey,
  nameMatchValues,
  NO_CHECKS,
  checksFromView,
  verificationsDone,
  type BorrowerChecks,
} from '../../../../src/app/features/borrower/borrower-checks';
import {
  EMPTY_BORROWER_VALUES,
  tenureForLoanType,
  toBorrowerValues,
  type BorrowerValues,
} from '../../../../src/app/features/borrower/borrower-fields';
import { typeDate } from '../../../../src/app/components/form/date-field';
import { displayAadhaar, planBorrowerSubmit } from '../../../../src/app/features/borrower/borrower-submit';

const today = { year: 2026, month: 6, day: 1 };
const VALID: BorrowerValues = {
  ...EMPTY_BORROWER_VALUES,
  phone: '9000000011',
  aadhaar: '234567890124',
  title: 'Mrs.',
  name: 'Lakshmi Devi',
  gender: 'FEMALE',
  marital_status: 'Married',
  dob: '12-04-1985',
  pan: 'BDVPD4821K',
  voter_id: 'XKD1234566',
  pincode: '422001',
  city: 'Nashik',
  district: 'Nashik',
  state: 'Maharashtra',
  address: '14 Gandhi Nagar, Ward 3',
  address_ownership_type: 'SELF_OWNED',
  address_owned_by: 'Father',
  years_of_residence: '5',
  house_type: 'Pakka',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: '100000',
  tenure_requested: '12',
  emi_requested: '5000',
  purpose: 'expansion of existing business',
  terms_accepted: true,
};
const CHECKS: BorrowerChecks = { ...NO_CHECKS, mobile: true, pan: { value: 'BDVPD4821K', name: 'LAKSHMI DEVI' } };

describe('planBorrowerSubmit', () => {
  it('builds the PUT body: parsed values, DOB as YYYY-MM-DD, the age, blanks as null, owned-by only when family-owned', () => {
    const plan = planBorrowerSubmit(VALID, CHECKS, { today, method: 'PUT' });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.submit).toMatchObject({
      form: 'borrower',
      label: 'Borrower details',
      method: 'PUT',
      url: '/v1/app/mfi/{app}',
      stage: 'BORROWER_INFO',
    });
    expect(plan.submit.body).toMatchObject({
      aadhaar: '234567890124',
      dob: '1985-04-12',
      age: 41,
      amount_requested: 100000,
      is_phone_verified: true,
      email: null,
      landmark: null,
    });
    expect(plan.submit.body.address_owned_by).toBeNull();
    expect(plan.submit.body).not.toHaveProperty('deviations');
    expect(plan.submit.values.aadhaar).toBe('XXXX XXXX 0124');
    const family = planBorrowerSubmit({ ...VALID, address_ownership_type: 'FAMILY_OWNED' }, CHECKS, { today, method: 'PUT' });
    expect(family.ok && family.submit.body.address_owned_by).toBe('Father');
  });

  it('reports every field message and the first one in screen order', () => {
    const plan = planBorrowerSubmit({ ...VALID, name: 'Al', amount_requested: '5000', terms_accepted: false }, CHECKS, {
      today,
      method: 'PUT',
    });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.first).toEqual({ field: 'name', message: 'Invalid name' });
    expect(plan.errors).toMatchObject({
      amount_requested: 'Loan amount must be between ₹75,000 and ₹1,25,000',
      terms_accepted: 'You must accept the Terms & Conditions',
    });
  });

  it('a masked Aadhaar must be typed again for the officer’s step unless verified by OTP (then left out), and is left out of a PATCH', () => {
    const masked = { ...VALID, aadhaar: 'XXXX XXXX 0124' };
    const verified = planBorrowerSubmit(masked, { ...CHECKS, aadhaar: true }, { today, method: 'PUT' });
    expect(verified.ok).toBe(true);
    if (verified.ok) expect(verified.submit.body).not.toHaveProperty('aadhaar');
    const put = planBorrowerSubmit(masked, { ...CHECKS, aadhaar: false }, { today, method: 'PUT' });
    expect(!put.ok && put.first).toEqual({
      field: 'aadhaar',
      message: 'Enter the Aadhaar number again to save: this phone keeps only its last 4 digits.',
    });
    const patch = planBorrowerSubmit(masked, CHECKS, { today, method: 'PATCH' });
    expect(patch.ok).toBe(true);
    if (!patch.ok) return;
    expect(patch.submit.method).toBe('PATCH');
    for (const field of ['aadhaar', 'phone', 'is_phone_verified']) expect(patch.submit.body).not.toHaveProperty(field);
  });

  it('sends the name-mismatch deviation only for a mismatch of the names on screen now', () => {
    const result = { is_match: false, score: 0.3 };
    const key = nameMatchKey(nameMatchValues(VALID.name, CHECKS));
    const mismatch = planBorrowerSubmit(VALID, { ...CHECKS, nameMatch: { key, result } }, { today, method: 'PUT' });
    expect(mismatch.ok && mismatch.submit.body.deviations).toEqual([{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: result }]);
    const renamed = planBorrowerSubmit(
      { ...VALID, name: 'Lakshmi Kumari' },
      { ...CHECKS, nameMatch: { key, result } },
      { today, method: 'PUT' },
    );
    expect(renamed.ok && renamed.submit.body).not.toHaveProperty('deviations');
  });
});

describe('borrower checks and fields', () => {
  it('Next needs the mobile, the PAN and, unless male, the voter ID verified', () => {
    const values = { pan: 'BDVPD4821K', voter_id: 'XKD1234566', gender: 'FEMALE' };
    expect(verificationsDone(CHECKS, values)).toBe(false);
    expect(verificationsDone(CHECKS, { ...values, gender: 'MALE' })).toBe(true);
    expect(verificationsDone({ ...CHECKS, voter: { value: 'XKD1234566', name: 'X' } }, values)).toBe(true);
    expect(verificationsDone({ ...CHECKS, mobile: false }, { ...values, gender: 'MALE' })).toBe(false);
  });

  it('reads the server view’s verifications', () => {
    expect(
      checksFromView({
        is_phone_verified: true,
        verifications: {
          mobile: true,
          aadhaar: 'OTP_SENT',
          pan: { pan: 'BDVPD4821K', name: 'L', status: 'VERIFIED' },
          voter_id: { voter_id: 'XKD1234566', name: null, status: 'FAILED' },
        },
      }),
    ).toEqual({ mobile: true, pan: { value: 'BDVPD4821K', name: 'L' } });
  });

  it('tenure defaults to the first option of the loan type and keeps one the new type offers', () => {
    expect(tenureForLoanType('UNSECURED_BUSINESS_LOAN', '')).toBe('12');
    expect(tenureForLoanType('UNSECURED_BUSINESS_LOAN', '18')).toBe('18');
    expect(tenureForLoanType('MFI_BUSINESS_LOAN', '36')).toBe('12');
    expect(tenureForLoanType('', '12')).toBe('');
  });

  it('dates are typed DD-MM-YYYY; the server’s values become form text', () => {
    expect(typeDate('12a0419851')).toBe('12-04-1985');
    expect(toBorrowerValues({ dob: '1985-04-12', amount_requested: 100000, terms_accepted: true, unknown: 1 })).toMatchObject({
      dob: '12-04-1985',
      amount_requested: '100000',
      terms_accepted: true,
    });
    expect(displayAadhaar('234567890124')).toBe('XXXX XXXX 0124');
    expect(displayAadhaar('2345')).toBe('2345');
  });
});
