/** Shared patterns of spec 01 §5 and the identity structures of DECISIONS.md. */
export const PATTERNS = {
  mobile: /^[6-9][0-9]{9}$/,
  /** "Ten digits, or two uppercase letters then ten digits" (purpose not shown in the spec). */
  tenDigitsOrPrefixed: /^(?:[0-9]{10}|[A-Z]{2}[0-9]{10})$/,
  pincode: /^[1-9][0-9]{5}$/,
  otp: /^[0-9]{6}$/,
  otpDigit: /^[0-9]$/,
  accountNumber: /^[0-9]{9,18}$/,
  ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/,
  pan: /^[A-Z]{5}[0-9]{4}[A-Z]$/,
  epic: /^[A-Z]{3}[0-9]{7}$/,
  udyam: /^UDYAM-[A-Z]{2}-[0-9]{2}-[0-9]{7}$/,
  applicationId: /^[0-9a-f]{32}$/,
  trackerId: /^[A-Z]{3}[0-9]{10}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
} as const;

export const LIMITS = {
  otpLength: 6,
  otpResendSeconds: 30,
  mobileLength: 10,
  pincodeLength: 6,
  applicationIdLength: 32,
  wideLayoutPx: 1024,
  dropdownModalPx: 576,
  dropdownDebounceMs: 300,
  toastErrorMs: 4000,
  toastSuccessMs: 2000,
  toastMax: 20,
  pageSize: 10,
} as const;

/** Keeps digits only, capped at `max` characters: the mobile, OTP and amount inputs. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/[^0-9]/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}
