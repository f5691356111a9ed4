import * as z from 'zod/mini';
import { PATTERNS } from './patterns';
import { MSG } from './messages';

/** Login mobile: trimmed, 10 digits starting 6-9 ('Invalid mobile number'). */
export const loginMobileSchema = z.string(MSG.invalidMobileNumber).check(z.trim(), z.regex(PATTERNS.mobile, MSG.invalidMobileNumber));
export const otpSchema = z.string(MSG.invalidOtp).check(z.regex(PATTERNS.otp, MSG.invalidOtp));

export const sendOtpBody = z.object({
  mobile: loginMobileSchema,
  hostname: z.optional(z.string()),
});
export type SendOtpBody = z.infer<typeof sendOtpBody>;

const sessionId = z.string('session_id is required').check(z.minLength(1, 'session_id is required'), z.maxLength(64, 'Invalid session_id'));

export const resendOtpBody = z.object({ session_id: sessionId });
export type ResendOtpBody = z.infer<typeof resendOtpBody>;

export const verifyOtpBody = z.object({ session_id: sessionId, otp: otpSchema });
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

/** First message of a failed parse: the spec shows one message at a time. */
export function firstMessage(error: { issues: readonly { message: string }[] } | undefined, fallback = 'Invalid request'): string {
  return error?.issues[0]?.message ?? fallback;
}
