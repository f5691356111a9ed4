import { describe, expect, it } from 'vitest';
import { PATTERNS, digitsOnly } from '../../../src/domain/identity/patterns';

const cases: Record<keyof typeof PATTERNS, { valid: string[]; invalid: string[] }> = {
  mobile: {
    valid: ['6000000000', '7123456789', '8999999999', '9000000001'],
    invalid: ['5999999999', '0123456789', '900000000', '90000000011', '90000 0001', '+919000000001', ''],
  },
  tenDigitsOrPrefixed: {
    valid: ['0123456789', 'AB0123456789'],
    invalid: ['012345678', 'ab0123456789', 'A0123456789', 'ABC0123456789', 'AB012345678'],
  },
  pincode: { valid: ['110001', '999999', '560034'], invalid: ['011000', '11000', '1100011', '11000a', ''] },
  otp: { valid: ['000000', '123456'], invalid: ['12345', '1234567', '12345a', ' 123456'] },
  otpDigit: { valid: ['0', '9'], invalid: ['', '10', 'a'] },
  accountNumber: {
    valid: ['123456789', '123456789012345678'],
    invalid: ['12345678', '1234567890123456789', '12345678a'],
  },
  ifsc: {
    valid: ['SBIN0001234', 'HDFC0ABC123'],
    invalid: ['SBIN1001234', 'SBI00001234', 'sbin0001234', 'SBIN000123', 'SBIN00012345'],
  },
  pan: { valid: ['BDVPD4821K', 'ZZZZZ9999Z'], invalid: ['BDVPD4821', 'BDVP4821KK', 'bdvpd4821k', '1DVPD4821K'] },
  epic: { valid: ['XKD1234566'], invalid: ['XK1234566', 'XKD123456', 'xkd1234566', 'XKD12345667'] },
  udyam: { valid: ['UDYAM-MH-01-1234567'], invalid: ['UDYAM-MH-1-1234567', 'UDYAM-mh-01-1234567', 'UDYAM-MH-01-123456'] },
  applicationId: {
    valid: ['0123456789abcdef0123456789abcdef'],
    invalid: ['0123456789ABCDEF0123456789ABCDEF', '0123456789abcdef0123456789abcde', '0123456789abcdef0123456789abcdeg'],
  },
  trackerId: { valid: ['SAH2611000123'], invalid: ['SA2611000123', 'SAH261100012', 'sah2611000123'] },
  email: { valid: ['a@b.in', 'ravi.kumar@sahyog.example'], invalid: ['a@b', 'a b@c.in', '@c.in', 'abc'] },
};

describe('shared patterns', () => {
  for (const [name, { valid, invalid }] of Object.entries(cases)) {
    const pattern = PATTERNS[name as keyof typeof PATTERNS];
    it.each(valid)(`${name} accepts %s`, (v) => expect(pattern.test(v)).toBe(true));
    it.each(invalid)(`${name} refuses %j`, (v) => expect(pattern.test(v)).toBe(false));
  }
});

describe('digitsOnly', () => {
  it('keeps digits and caps the length', () => {
    expect(digitsOnly('+91 98-765 43210x', 10)).toBe('9198765432');
    expect(digitsOnly('ab')).toBe('');
    expect(digitsOnly('12345', 3)).toBe('123');
  });
});
