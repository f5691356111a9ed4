import type { KeyRing } from '../../providers/kms/kms-provider';
import { BORROWER_FIELDS, maskAadhaar, toIsoDate, type BorrowerForm } from '../../../domain';
import { decryptAadhaar, encryptAadhaar } from '../../keys/aadhaar-crypto';
import { verificationOf } from '../verification/verification.service';

/**
 * How the borrower form is kept in `applications.data`: its fields as parsed, except that the
 * Aadhaar is kept only encrypted beside its masked form, the date of birth as YYYY-MM-DD, and
 * the phone and its verified flag stay what the mobile check set (the server owns them).
 */
const SERVER_OWNED = new Set(['phone', 'is_phone_verified', 'aadhaar']);

export function borrowerRecord(form: Partial<BorrowerForm>, key: KeyRing): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of BORROWER_FIELDS) {
    if (SERVER_OWNED.has(field) || !(field in form)) continue;
    const value = form[field as keyof BorrowerForm];
    record[field] = value === undefined ? null : value;
  }
  if (typeof form.dob === 'string') record.dob = toIsoDate(form.dob) ?? form.dob;
  if (typeof form.aadhaar === 'string') {
    record.aadhaar_encrypted = encryptAadhaar(key, form.aadhaar);
    record.aadhaar_masked = maskAadhaar(form.aadhaar);
  }
  return record;
}

/** The borrower form as stored, with the Aadhaar decrypted: the base a partial update is checked on. */
export function storedBorrowerForm(data: Record<string, unknown>, phone: string | null, key: KeyRing): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const field of BORROWER_FIELDS) {
    const value = data[field];
    if (value !== undefined && value !== null) form[field] = value;
  }
  if (phone) form.phone = phone;
  if (typeof data.aadhaar_encrypted === 'string') form.aadhaar = decryptAadhaar(key, data.aadhaar_encrypted);
  return form;
}

/** The masked Aadhaar of the application: the one of the borrower step, else the one being verified. */
export function maskedAadhaarOf(data: Record<string, unknown>): string | null {
  if (typeof data.aadhaar_masked === 'string') return data.aadhaar_masked;
  const check = verificationOf(data, 'aadhaar');
  return typeof check?.aadhaar_masked === 'string' ? check.aadhaar_masked : null;
}

/** Whether the Aadhaar was verified by OTP, and (once the borrower step gave one) it is the borrower's number. */
export function aadhaarVerified(data: Record<string, unknown>, key: KeyRing): boolean {
  const check = verificationOf(data, 'aadhaar');
  if (check?.status !== 'VERIFIED') return false;
  if (typeof data.aadhaar_encrypted !== 'string') return true;
  if (typeof check.aadhaar_encrypted !== 'string') return check.aadhaar_masked === data.aadhaar_masked;
  return decryptAadhaar(key, check.aadhaar_encrypted) === decryptAadhaar(key, data.aadhaar_encrypted);
}
