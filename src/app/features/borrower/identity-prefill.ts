import type { UseFormReturn } from 'react-hook-form';
import { PATTERNS, toDisplayDate } from '../../../domain';
import type { BorrowerValues } from './borrower-fields';

/** What an identity source (the Aadhaar OTP's e-KYC, an Aadhaar front's QR) gives the form. */
export type IdentityFill = { name: string; dob: string; gender: string; address: string; landmark?: string; pincode: string };

/** Aadhaar's M/F/T (or spelled out) to the form's gender codes. */
export function genderFromAadhaar(value: unknown): string {
  const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (text === 'M' || text === 'MALE') return 'MALE';
  if (text === 'F' || text === 'FEMALE') return 'FEMALE';
  return text ? 'OTHER' : '';
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** An e-KYC or QR answer as the form's values (DOB as the form shows it, gender as its code). */
export function identityFill(source: Record<string, unknown>): IdentityFill {
  return {
    name: text(source.name),
    dob: toDisplayDate(text(source.dob)) ?? '',
    gender: genderFromAadhaar(source.gender),
    address: text(source.address),
    landmark: text(source.landmark),
    pincode: text(source.pincode),
  };
}

/**
 * Fills the empty ones of name, DOB, gender, address and landmark, and the place from the pincode
 * (city, district and state looked up, issue 21 D6) when none is typed. What the borrower typed
 * stays, and every filled field can still be changed. Answers what was filled. With `replace`
 * (the borrower chose the reading: "Use these" on the KYC step) each field the source gives
 * replaces what is there.
 */
export function fillEmptyIdentity(
  form: Pick<UseFormReturn<BorrowerValues>, 'getValues' | 'setValue'>,
  fill: IdentityFill,
  setPincode: (pincode: string) => void,
  replace = false,
): { any: boolean; addressOrPlace: boolean } {
  const { getValues, setValue } = form;
  const put = (field: 'name' | 'dob' | 'gender' | 'address' | 'landmark', value: string | undefined) => {
    const current = getValues(field).trim();
    if (!value || (current !== '' && !replace) || current === value) return false;
    setValue(field, value, { shouldDirty: true });
    return true;
  };
  const person = [put('name', fill.name), put('dob', fill.dob), put('gender', fill.gender)].some(Boolean);
  const typed = getValues('pincode').trim();
  const place = PATTERNS.pincode.test(fill.pincode) && (typed === '' || (replace && typed !== fill.pincode));
  if (place) setPincode(fill.pincode);
  const address = [put('address', fill.address), put('landmark', fill.landmark)].some(Boolean);
  return { any: person || address || place, addressOrPlace: address || place };
}
