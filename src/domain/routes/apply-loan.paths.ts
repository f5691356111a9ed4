import { routeTable } from './route';

/**
 * The public flow's routes by method and path only: the guest's mobile OTP (spec 01 §7
 * `/v1/otp/*`, signed out) and submit, and the branch's list of self-applications and take-over.
 * The app's clients fill them without loading the schemas (the /login and /apply-loan/mobile
 * budgets, the precache's); apply-loan.table.ts adds the schemas.
 */
export const APPLY_LOAN_PATHS = routeTable({
  sendOtp: { method: 'POST', path: '/api/v1/otp/send' },
  resendOtp: { method: 'POST', path: '/api/v1/otp/resend' },
  verifyOtp: { method: 'POST', path: '/api/v1/otp/verify' },
  submit: { method: 'POST', path: '/api/v1/apply-loan/:id/submit' },
  selfApplied: { method: 'GET', path: '/api/v1/app/mfi/self-applied' },
  takeOver: { method: 'POST', path: '/api/v1/app/mfi/:id/take-over' },
});
