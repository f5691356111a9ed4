import { describe, expect, it } from 'vitest';
import {
  epicChecksumOk,
  isValidAadhaar,
  isValidGstin,
  isValidPan,
  maskAadhaar,
  panOfGstin,
  verhoeffValid,
} from '../../../src/domain/identity/identity';

describe('Aadhaar (Verhoeff)', () => {
  it.each(['234567890124', '345678901238', '456789012341', '567890123458', '678901234560'])('the sandbox persona %s is valid', (n) =>
    expect(isValidAadhaar(n)).toBe(true),
  );
  it.each([
    ['234567890123', 'wrong check digit (DECISIONS.md)'],
    ['134567890124', 'first digit 1'],
    ['23456789012', '11 digits'],
    ['2345678901245', '13 digits'],
    ['23456789012a', 'a letter'],
  ])('%s is refused: %s', (n) => expect(isValidAadhaar(n)).toBe(false));
  it('catches every single-digit error and adjacent swap of a valid number', () => {
    const valid = '234567890124';
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        expect(verhoeffValid(valid.slice(0, i) + d + valid.slice(i + 1))).toBe(false);
      }
      if (i < valid.length - 1 && valid[i] !== valid[i + 1]) {
        expect(verhoeffValid(valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2))).toBe(false);
      }
    }
  });
  it('is shown masked', () => expect(maskAadhaar('234567890124')).toBe('XXXX XXXX 0124'));
});

describe('PAN', () => {
  it.each(['BDVPD4821K', 'CRYPY5532L', 'AAACB1234C'])('%s is well formed', (p) => expect(isValidPan(p)).toBe(true));
  it.each(['BDVXD4821K', 'BDVPD0000K', 'BDVPD4821', 'bdvpd4821k'])('%s is refused', (p) => expect(isValidPan(p)).toBe(false));
  it('a person needs holder type P', () => {
    expect(isValidPan('BDVPD4821K', { person: true })).toBe(true);
    expect(isValidPan('AAACB1234C', { person: true })).toBe(false);
  });
});

describe('EPIC', () => {
  it.each(['XKD1234566', 'XKD2345676', 'XKD3456787', 'XKD4567814', 'XKD5678123'])('the sandbox persona %s passes Luhn', (e) =>
    expect(epicChecksumOk(e)).toBe(true),
  );
  it('a wrong last digit fails Luhn (a warning, not a block)', () => expect(epicChecksumOk('XKD1234567')).toBe(false));
  it('a malformed EPIC fails', () => expect(epicChecksumOk('XK12345678')).toBe(false));
});

describe('GSTIN', () => {
  it('accepts a valid GSTIN and exposes its PAN', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });
  it.each(['27AAPFU0939F1ZA', '27AAPFU0939F1YV', '2AAPFU0939F1ZV'])('refuses %s', (g) => expect(isValidGstin(g)).toBe(false));
});
