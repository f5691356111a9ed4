import * as z from 'zod/mini';
import { resendOtpBody, sendOtpBody, verifyOtpBody } from '../identity/auth.schema';
import { APPLY_LOAN_PATHS } from './apply-loan.paths';
import { otpSessionSchema } from './otp-session';
import { routeTable } from './route';
import { applicationParams } from './route-params';

const nullableString = z.nullable(z.string());

/** A submitted self-application waiting for an officer (the branch's "Self-applied" list). */
export const selfAppliedItemSchema = z.object({
  id: z.string(),
  tracker_id: nullableString,
  name: nullableString,
  phone: nullableString,
  submitted_at: z.string(),
  loan_type: nullableString,
});

/**
 * The public flow (docs/public-flows.md): the guest's mobile OTP, whose verify answers the guest
 * token and the mobile's self-application of this tenant, and the guest's submit; then the
 * branch's side: the list of self-applications and an officer's take-over (409 when another
 * officer was first). The submit and the take-over take no body: the server's.
 */
export const APPLY_LOAN_ROUTES = routeTable({
  sendOtp: { ...APPLY_LOAN_PATHS.sendOtp, body: sendOtpBody, answer: otpSessionSchema },
  resendOtp: { ...APPLY_LOAN_PATHS.resendOtp, body: resendOtpBody },
  verifyOtp: {
    ...APPLY_LOAN_PATHS.verifyOtp,
    body: verifyOtpBody,
    answer: z.object({ token: z.string(), application_id: z.string(), tracker_id: nullableString }),
  },
  submit: { ...APPLY_LOAN_PATHS.submit, params: applicationParams, answer: z.object({ tracker_id: nullableString }) },
  selfApplied: { ...APPLY_LOAN_PATHS.selfApplied, answer: z.array(selfAppliedItemSchema) },
  takeOver: { ...APPLY_LOAN_PATHS.takeOver, params: applicationParams, answer: z.object({ application_id: z.string() }) },
});
