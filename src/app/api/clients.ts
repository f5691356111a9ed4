import { createApiClient } from './http-client';

const env = import.meta.env;

/** Main API (DECISIONS: `/api`, same origin unless configured). */
export const mainApi = createApiClient({
  baseURL: env.VITE_API_BASE || '/api',
  runLogoutHandlerOn401: true,
  resolveErrorResponses: false,
});

/** Verification API (PAN, voter, Aadhaar, bank account, name match). */
export const verificationApi = createApiClient({
  baseURL: env.VITE_VERIFICATION_API_BASE || '/verification',
  runLogoutHandlerOn401: false,
  resolveErrorResponses: true,
});

/** Banking API (bank statement identity). */
export const bankingApi = createApiClient({
  baseURL: env.VITE_BANKING_API_BASE || '/banking',
  runLogoutHandlerOn401: false,
  resolveErrorResponses: true,
});
