import * as z from 'zod/mini';
import { LOGIN_MOBILE_RULE, OTP_RULE } from './auth.checks';
import { TEXT_MAX, TOO_LONG } from '../policy/limits';

/** Login mobile: trimmed, 10 digits starting 6-9 ('Invalid mobile number'); the rule of auth.checks.ts. */
export const loginMobileSchema = z
  .string(LOGIN_MOBILE_RULE.message)
  .check(
    z.trim(),
    z.maxLength(LOGIN_MOBILE_RULE.max, LOGIN_MOBILE_RULE.message),
    z.regex(LOGIN_MOBILE_RULE.pattern, LOGIN_MOBILE_RULE.message),
  );
/** Six digits ('Invalid OTP'); the rule of auth.checks.ts. */
export const otpSchema = z
  .string(OTP_RULE.message)
  .check(z.maxLength(OTP_RULE.max, OTP_RULE.message), z.regex(OTP_RULE.pattern, OTP_RULE.message));
/** The hostname the app was opened on (the tenant): a DNS name is at most 253 characters. */
export const hostnameSchema = z.optional(z.string().check(z.maxLength(TEXT_MAX.hostname, TOO_LONG.hostname)));

export const sendOtpBody = z.object({
  mobile: loginMobileSchema,
  hostname: hostnameSchema,
});
export type SendOtpBody = z.infer<typeof sendOtpBody>;

export const sessionIdSchema = z
  .string('session_id is required')
  .check(z.minLength(1, 'session_id is required'), z.maxLength(TEXT_MAX.sessionId, 'Invalid session_id'));

export const resendOtpBody = z.object({ session_id: sessionIdSchema });
export type ResendOtpBody = z.infer<typeof resendOtpBody>;

export const verifyOtpBody = z.object({ session_id: sessionIdSchema, otp: otpSchema });
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

/** First message of a failed parse: the spec shows one message at a time. */
export function firstMessage(error: { issues: readonly { message: string }[] } | undefined, fallback = 'Invalid request'): string {
  return error?.issues[0]?.message ?? fallback;
}
