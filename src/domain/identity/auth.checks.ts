import { MSG } from '../messages/messages';
import { LIMITS, PATTERNS } from './patterns';

/**
 * The login's two rules without zod, so the login screen checks a mobile and an OTP without
 * downloading a schema library; auth.schema.ts builds its zod schemas from these same rules.
 * (The lengths come from LIMITS, as the inputs' do: limits.ts builds its messages when it loads.)
 */
export const LOGIN_MOBILE_RULE = { max: LIMITS.mobileLength, pattern: PATTERNS.mobile, message: MSG.invalidMobileNumber } as const;
export const OTP_RULE = { max: LIMITS.otpLength, pattern: PATTERNS.otp, message: MSG.invalidOtp } as const;

export type Checked = { success: true; data: string } | { success: false; message: string };

type Rule = { readonly max: number; readonly pattern: RegExp; readonly message: string };

function check(rule: Rule, value: unknown): Checked {
  if (typeof value !== 'string' || value.length > rule.max || !rule.pattern.test(value)) return { success: false, message: rule.message };
  return { success: true, data: value };
}

/** A login mobile: trimmed, 10 digits starting 6-9, else 'Invalid mobile number' (loginMobileSchema's rule). */
export const checkLoginMobile = (value: unknown): Checked => check(LOGIN_MOBILE_RULE, typeof value === 'string' ? value.trim() : value);

/** An OTP: six digits, else 'Invalid OTP' (otpSchema's rule). */
export const checkOtp = (value: unknown): Checked => check(OTP_RULE, value);
