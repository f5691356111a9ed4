import { routeTable } from './route';

/**
 * The login's OTP routes by method and path only (spec 01 §7): the /login screen's client fills
 * them without loading zod (its budget); auth.table.ts adds the schemas.
 */
export const AUTH_PATHS = routeTable({
  sendOtp: { method: 'POST', path: '/api/v1/auth/send-otp' },
  resendOtp: { method: 'POST', path: '/api/v1/auth/resend-otp' },
  verifyOtp: { method: 'POST', path: '/api/v1/auth/verify-otp' },
});
