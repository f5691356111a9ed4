import { english } from '../../kernels/messages';

/** The login OTP answers; the app shows `message` as it comes. */
export const AUTH_MSG = {
  otpSent: 'OTP sent successfully',
  otpResent: 'OTP resent successfully',
  notRegistered: 'This mobile number is not registered. Please contact us.',
  sessionExpired: 'OTP session has expired. Please start again.',
  otpExpired: 'OTP has expired. Please request a new OTP.',
  tooManyWrong: 'Too many wrong attempts. Please request a new OTP.',
  loggedOut: 'Logged out',
  badDeviceId: 'device-id must be 8 to 128 letters, digits, "-" or "_"',
  tooManyRequests: (n: number) =>
    english(
      '{n, plural, one {Too many OTP requests. Please try again after # minute.} other {Too many OTP requests. Please try again after # minutes.}}',
      { n },
    ),
  waitBeforeResend: (n: number) =>
    english(
      '{n, plural, one {Please wait # second before requesting a new OTP.} other {Please wait # seconds before requesting a new OTP.}}',
      { n },
    ),
} as const;
