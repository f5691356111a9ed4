import { describe, expect, it } from 'vitest';
import {
  calculateEmi,
  defaultTenure,
  emiForLoan,
  loanAmountMessage,
  loanTenureMessage,
  tenureOptions,
} from '../../../src/domain/policy/loan-rules';

describe('amount limits per loan type', () => {
  it.each([
    ['MFI_BUSINESS_LOAN', 75000, null],
    ['MFI_BUSINESS_LOAN', 125000, null],
    ['MFI_BUSINESS_LOAN', 74999, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    ['MFI_BUSINESS_LOAN', 125001, 'Loan amount must be between ₹75,000 and ₹1,25,000'],
    ['UNSECURED_BUSINESS_LOAN', 100000, null],
    ['UNSECURED_BUSINESS_LOAN', 500000, null],
    ['UNSECURED_BUSINESS_LOAN', 99999, 'Loan amount must be between ₹1,00,000 and ₹5,00,000'],
    ['UNSECURED_BUSINESS_LOAN', 500001, 'Loan amount must be between ₹1,00,000 and ₹5,00,000'],
    ['UNSECURED_BUSINESS_LOAN', '125000', null],
    ['MFI_BUSINESS_LOAN', 0, 'Invalid loan amount'],
    ['MFI_BUSINESS_LOAN', '', 'Invalid loan amount'],
    ['MFI_BUSINESS_LOAN', 'abc', 'Invalid loan amount'],
    ['MFI_BUSINESS_LOAN', undefined, 'Invalid loan amount'],
    ['SOMETHING_ELSE', 1, null],
  ])('%s %j gives %j', (type, amount, message) => expect(loanAmountMessage(type, amount)).toBe(message));
});

describe('tenure per loan type', () => {
  it('lists the options, the first being the default', () => {
    expect(tenureOptions('MFI_BUSINESS_LOAN')).toEqual([12, 18, 24]);
    expect(tenureOptions('UNSECURED_BUSINESS_LOAN')).toEqual([12, 18, 24, 30, 36]);
    expect(tenureOptions('OTHER')).toEqual([]);
    expect(defaultTenure('UNSECURED_BUSINESS_LOAN')).toBe(12);
    expect(defaultTenure('OTHER')).toBeUndefined();
  });
  it.each([
    ['MFI_BUSINESS_LOAN', 12, null],
    ['MFI_BUSINESS_LOAN', 24, null],
    ['MFI_BUSINESS_LOAN', '18', null],
    ['MFI_BUSINESS_LOAN', 30, 'Loan tenure must be between 12 and 24 months'],
    ['MFI_BUSINESS_LOAN', 6, 'Loan tenure must be between 12 and 24 months'],
    ['MFI_BUSINESS_LOAN', 15, 'Invalid loan tenure'],
    ['UNSECURED_BUSINESS_LOAN', 36, null],
    ['UNSECURED_BUSINESS_LOAN', 30, null],
    ['UNSECURED_BUSINESS_LOAN', 37, 'Loan tenure must be between 12 and 36 months'],
    ['UNSECURED_BUSINESS_LOAN', 11, 'Loan tenure must be between 12 and 36 months'],
    ['UNSECURED_BUSINESS_LOAN', 0, 'Invalid loan tenure'],
    ['UNSECURED_BUSINESS_LOAN', 12.5, 'Invalid loan tenure'],
    ['UNSECURED_BUSINESS_LOAN', null, 'Invalid loan tenure'],
  ])('%s %j gives %j', (type, tenure, message) => expect(loanTenureMessage(type, tenure)).toBe(message));
});

describe('EMI', () => {
  it('follows the reducing-balance formula, rounded to the rupee', () => {
    // 100000 at 24% for 12 months: r = 0.02, EMI = 9455.96 -> 9456.
    expect(calculateEmi(100000, 24, 12)).toBe(9456);
    // 500000 at 21% for 36 months: 18837.53 -> 18838.
    expect(calculateEmi(500000, 21, 36)).toBe(18838);
    expect(emiForLoan('MFI_BUSINESS_LOAN', 100000, 12)).toBe(9456);
    expect(emiForLoan('UNSECURED_BUSINESS_LOAN', 500000, 36)).toBe(18838);
    expect(emiForLoan('MFI_BUSINESS_LOAN', 100000, 12, { MFI_BUSINESS_LOAN: 0, UNSECURED_BUSINESS_LOAN: 0 })).toBe(8333);
  });
  it('gives 0 for no principal or no months', () => {
    expect(calculateEmi(0, 24, 12)).toBe(0);
    expect(calculateEmi(100000, 24, 0)).toBe(0);
  });
});
