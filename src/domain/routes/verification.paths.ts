import type { Route } from './route';

const V1 = '/verification/v1';

/**
 * The paths of the verification API's checks, without their schemas (verification.table.ts adds
 * them): the capture screens' clients fill these and take their answer types from the table, so
 * the precached app loads no schema of a check the server validates.
 */
export const VERIFICATION_PATHS = {
  requestAadhaarOtp: { method: 'POST', path: `${V1}/request_aadhaar_otp` },
  submitAadhaarOtp: { method: 'POST', path: `${V1}/submit_aadhaar_otp` },
  verifyPan: { method: 'POST', path: `${V1}/verify_pan_lite` },
  verifyVoterId: { method: 'POST', path: `${V1}/perfios/kyc/verify-voter-id` },
  nameMatcher: { method: 'POST', path: `${V1}/name_matcher` },
} as const satisfies Record<string, Route>;
