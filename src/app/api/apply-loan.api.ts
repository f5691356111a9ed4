import type { Envelope } from '../../domain';
import { APPLY_LOAN_PATHS } from '../../domain/routes/apply-loan.paths';
import type { APPLY_LOAN_ROUTES } from '../../domain/routes/apply-loan.table';
import { pathOf, queuedPathOf } from '../../domain/routes/route';
import type * as z from 'zod/mini';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { CLIENT_IDENTIFIER_HEADERS as WEB_APP } from './http-rules';

// The public applicant flow's mobile OTP (spec 01 §7 `/v1/otp/*`): verify answers the guest token
// and the borrower's application of this tenant. The paths only (apply-loan.paths.ts): no zod on
// the /login and /apply-loan/mobile screens.

/** What either sign-in's verify may answer (features/login/sign-in-flows.ts): the guest's, or the staff's tokens. */
export type GuestVerified = { token?: string; send_token?: string; application_id?: string; tracker_id?: string | null };

export function sendGuestOtp(body: {
  mobile: string;
  hostname: string;
}): Promise<Envelope<z.infer<typeof APPLY_LOAN_ROUTES.sendOtp.answer>>> {
  return requestEnvelope(mainApi.post(pathOf(APPLY_LOAN_PATHS.sendOtp), body, { headers: WEB_APP }));
}

export function resendGuestOtp(body: { session_id: string }): Promise<Envelope<unknown>> {
  return requestEnvelope(mainApi.post(pathOf(APPLY_LOAN_PATHS.resendOtp), body, { headers: WEB_APP }));
}

export function verifyGuestOtp(body: {
  session_id: string;
  otp: string;
}): Promise<Envelope<z.infer<typeof APPLY_LOAN_ROUTES.verifyOtp.answer>>> {
  return requestEnvelope(mainApi.post(pathOf(APPLY_LOAN_PATHS.verifyOtp), body, { headers: WEB_APP }));
}

/** The borrower's submit, queued through the outbox (`{app}`: the application's server id). */
export const SELF_SUBMIT_URL = queuedPathOf(APPLY_LOAN_PATHS.submit);
