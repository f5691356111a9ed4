import { PATTERNS } from './patterns';

// Verhoeff tables (dihedral group D5), as used by UIDAI for the Aadhaar check digit.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the last digit is the Verhoeff check digit of the others. */
export function verhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let c = 0;
  const reversed = digits.split('').reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[i % 8]![Number(reversed[i])]!]!;
  return c === 0;
}

/** Aadhaar: 12 digits, first 2-9, Verhoeff check digit (DECISIONS.md). */
export function isValidAadhaar(value: string): boolean {
  return /^[2-9][0-9]{11}$/.test(value) && verhoeffValid(value);
}

/** `XXXX XXXX 1234`: how an Aadhaar is shown once entered. */
export function maskAadhaar(value: string): string {
  return `XXXX XXXX ${value.slice(-4)}`;
}

const PAN_HOLDER_TYPES = 'ABCFGHLJPT';

/** PAN: AAAAA9999A, 4th character a holder type (P for a person), serial not 0000. */
export function isValidPan(value: string, { person = false } = {}): boolean {
  if (!PATTERNS.pan.test(value)) return false;
  const holder = value[3]!;
  if (!PAN_HOLDER_TYPES.includes(holder) || (person && holder !== 'P')) return false;
  return value.slice(5, 9) !== '0000';
}

/** Luhn over the digits of an EPIC: older cards fail it, so a failure only warns. */
export function epicChecksumOk(value: string): boolean {
  if (!PATTERNS.epic.test(value)) return false;
  const digits = value.slice(3);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTIN: state code, PAN, entity digit, Z, mod-36 check character. */
export function isValidGstin(value: string): boolean {
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(value[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] === value[14];
}

/** The PAN inside a GSTIN, to flag one that differs from the business's or borrower's PAN. */
export const panOfGstin = (gstin: string) => gstin.slice(2, 12);
