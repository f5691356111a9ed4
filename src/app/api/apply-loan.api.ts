import type { Envelope } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';
import { CLIENT_IDENTIFIER_HEADERS as WEB_APP } from './http-rules';

// The public applicant flow's mobile OTP (spec 01 §7 `/v1/otp/*`): verify answers the guest token
// and the borrower's application of this tenant.

export type GuestVerified = { token?: string; send_token?: string; application_id?: string; tracker_id?: string | null };

export function sendGuestOtp(body: { mobile: string; hostname: string }): Promise<Envelope<{ session_id: string }>> {
  return requestEnvelope(mainApi.post('/v1/otp/send', body, { headers: WEB_APP }));
}

export function resendGuestOtp(body: { session_id: string }): Promise<Envelope<unknown>> {
  return requestEnvelope(mainApi.post('/v1/otp/resend', body, { headers: WEB_APP }));
}

export function verifyGuestOtp(body: { session_id: string; otp: string }): Promise<Envelope<GuestVerified>> {
  return requestEnvelope(mainApi.post('/v1/otp/verify', body, { headers: WEB_APP }));
}

/** The borrower's submit, queued through the outbox (`{app}`: the application's server id). */
export const SELF_SUBMIT_URL = '/v1/apply-loan/{app}/submit';
