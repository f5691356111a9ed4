import { said } from '../../kernels/messages';

/** The login OTP answers, by code (their texts in src/server/messages/catalogues); the app shows `message` as it comes. */
export const AUTH_MSG = {
  otpSent: said('auth.otpSent'),
  otpResent: said('auth.otpResent'),
  notRegistered: said('auth.notRegistered'),
  sessionExpired: said('auth.sessionExpired'),
  otpExpired: said('auth.otpExpired'),
  tooManyWrong: said('auth.tooManyWrong'),
  loggedOut: said('auth.loggedOut'),
  badDeviceId: said('auth.badDeviceId'),
  tooManyRequests: (n: number) => said('auth.tooManyRequests', { n }),
  waitBeforeResend: (n: number) => said('auth.waitBeforeResend', { n }),
} as const;
