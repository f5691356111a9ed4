import type { Envelope } from '../../../domain';
import { resendGuestOtp, sendGuestOtp, verifyGuestOtp, type GuestVerified } from '../../api/apply-loan.api';
import { resendLoginOtp, sendLoginOtp, verifyLoginOtp } from '../../api/auth.api';
import type { MessageKey } from '../../i18n/en';
import { setApplicationId, setGuestToken, setToken } from '../../session/session.storage';

/**
 * Who signs in by OTP on this screen: staff (spec 01 login) or a borrower starting the public
 * applicant flow (its `/v1/otp/*` calls and guest token). Same rules, steps and messages;
 * the calls, the title and what a verified code unlocks differ.
 */
export type SignInFlow = {
  title: MessageKey;
  subtitle: MessageKey;
  send: (body: { mobile: string; hostname: string }) => Promise<Envelope<{ session_id: string }>>;
  resend: (body: { session_id: string }) => Promise<Envelope<unknown>>;
  verify: (body: { session_id: string; otp: string }) => Promise<Envelope<GuestVerified>>;
  /** Keeps what a verified code answered; the path to go to, or null when it answered no token. */
  signedIn: (data: GuestVerified | undefined) => string | null;
};

export const STAFF_SIGN_IN: SignInFlow = {
  title: 'login.title',
  subtitle: 'login.mobileSubtitle',
  send: sendLoginOtp,
  resend: resendLoginOtp,
  verify: verifyLoginOtp,
  signedIn: (data) => {
    if (!data?.token) return null;
    setToken(data.token, data.send_token);
    return '/';
  },
};

export const GUEST_SIGN_IN: SignInFlow = {
  title: 'apply.title',
  subtitle: 'apply.mobileSubtitle',
  send: sendGuestOtp,
  resend: resendGuestOtp,
  verify: verifyGuestOtp,
  signedIn: (data) => {
    if (!data?.token || !data.application_id) return null;
    setGuestToken(data.token);
    setApplicationId(data.application_id);
    return `/apply-loan/mobile?id=${encodeURIComponent(data.application_id)}`;
  },
};
