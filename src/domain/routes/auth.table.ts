import * as z from 'zod/mini';
import { resendOtpBody, sendOtpBody, verifyOtpBody } from '../identity/auth.schema';
import { AUTH_PATHS } from './auth.paths';
import { otpSessionSchema } from './otp-session';
import { routeTable } from './route';

/** Login by one-time password (spec 01 §7): verify answers the session token and the send-only credential (issue 31 S3). */
export const AUTH_ROUTES = routeTable({
  sendOtp: { ...AUTH_PATHS.sendOtp, body: sendOtpBody, answer: otpSessionSchema },
  resendOtp: { ...AUTH_PATHS.resendOtp, body: resendOtpBody },
  verifyOtp: { ...AUTH_PATHS.verifyOtp, body: verifyOtpBody, answer: z.object({ token: z.string(), send_token: z.string() }) },
});
