import * as z from 'zod/mini';
import { PATTERNS } from './patterns';
import { MSG } from './messages';
import { SHAPE_MAX, TEXT_MAX, TOO_LONG } from './limits';

/** Login mobile: trimmed, 10 digits starting 6-9 ('Invalid mobile number'). */
export const loginMobileSchema = z
  .string(MSG.invalidMobileNumber)
  .check(z.trim(), z.maxLength(SHAPE_MAX.mobile, MSG.invalidMobileNumber), z.regex(PATTERNS.mobile, MSG.invalidMobileNumber));
export const otpSchema = z.string(MSG.invalidOtp).check(z.maxLength(SHAPE_MAX.otp, MSG.invalidOtp), z.regex(PATTERNS.otp, MSG.invalidOtp));
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
