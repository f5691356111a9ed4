import type { UseFormReturn } from 'react-hook-form';
import { toDisplayDate } from '../../../domain';
import type { KycValues } from './kyc-fields';

/**
 * An Aadhaar front's reading (an upload's `parsed_data`) as the KYC step offers it: the
 * borrower's details it holds, as Borrower Info would show them (DOB DD-MM-YYYY, gender as the
 * form's code), whether it was read from the printed text (OCR, unsigned), and the guardian its
 * "care of" names (a Secure QR's 'S/O: Shyam Yadav').
 */
export type AadhaarReading = {
  name: string;
  dob: string;
  gender: 'MALE' | 'FEMALE' | 'OTHER' | '';
  /** The street part, the landmark and the pincode, as one line. */
  address: string;
  printed: boolean;
  guardian: { name: string; relationship: 'Father' | 'Husband' | 'Guardian' } | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function genderCode(value: unknown): AadhaarReading['gender'] {
  const g = text(value).toUpperCase();
  return g === 'M' || g === 'MALE' ? 'MALE' : g === 'F' || g === 'FEMALE' ? 'FEMALE' : g ? 'OTHER' : '';
}

/** 'S/O: Shyam Yadav' as the KYC form's guardian (son or daughter of: Father; wife of: Husband; care of: Guardian). */
export function guardianOfCareOf(careOf: unknown): AadhaarReading['guardian'] {
  const match = /^\s*([SDWC])\s*\/\s*O\s*[:.-]?\s*(.+?)\s*$/i.exec(text(careOf));
  if (!match) return null;
  const relation = match[1]!.toUpperCase();
  return { name: match[2]!, relationship: relation === 'W' ? 'Husband' : relation === 'C' ? 'Guardian' : 'Father' };
}

/** An upload's `parsed_data` as the KYC step's reading; null when it holds none (no name). */
export function aadhaarReadingOf(parsed: unknown): AadhaarReading | null {
  if (typeof parsed !== 'object' || parsed === null) return null;
  const p = parsed as Record<string, unknown>;
  const name = text(p.name);
  if (!name) return null;
  return {
    name,
    dob: toDisplayDate(text(p.dob)) ?? '',
    gender: genderCode(p.gender),
    address: [text(p.address), text(p.landmark), text(p.pincode)].filter(Boolean).join(', '),
    printed: p.source === 'OCR',
    guardian: guardianOfCareOf(p.care_of),
  };
}

/**
 * Whether the reading would change the borrower's details as sent (Borrower Info's step on this
 * phone, else the server's view): when it would not, there is nothing to offer.
 */
export function readingChanges(reading: AadhaarReading, borrower: Record<string, unknown> | null | undefined): boolean {
  const same = (a: string, b: unknown) => !a || a.toUpperCase() === text(b).toUpperCase();
  return !(
    same(reading.name, borrower?.name) &&
    same(reading.dob, toDisplayDate(text(borrower?.dob)) ?? '') &&
    same(reading.gender, genderCode(borrower?.gender)) &&
    (!reading.address ||
      [borrower?.address, borrower?.landmark, borrower?.pincode].map(text).filter(Boolean).join(', ') === reading.address)
  );
}

/**
 * Fills the KYC form's empty guardian name and relation from the card's "care of". Answers
 * whether anything was filled; what was typed stays, and both can still be changed.
 */
export function fillEmptyGuardian(form: Pick<UseFormReturn<KycValues>, 'getValues' | 'setValue'>, reading: AadhaarReading): boolean {
  if (!reading.guardian) return false;
  const { getValues, setValue } = form;
  let filled = false;
  if (getValues('guardian_name').trim() === '') {
    setValue('guardian_name', reading.guardian.name, { shouldDirty: true });
    filled = true;
  }
  if (getValues('guardian_relationship') === '') {
    setValue('guardian_relationship', reading.guardian.relationship, { shouldDirty: true });
    filled = true;
  }
  return filled;
}
