import { API_BASES } from '../sync/api-bases';
import { createApiClient } from './http-client';

/** Main API (DECISIONS: `/api`, same origin unless configured). */
export const mainApi = createApiClient({
  baseURL: API_BASES.main,
  runLogoutHandlerOn401: true,
  resolveErrorResponses: false,
});

/** Verification API (PAN, voter, Aadhaar, bank account, name match). */
export const verificationApi = createApiClient({
  baseURL: API_BASES.verification,
  runLogoutHandlerOn401: false,
  resolveErrorResponses: true,
});

/** Banking API (bank statement identity). */
export const bankingApi = createApiClient({
  baseURL: API_BASES.banking,
  runLogoutHandlerOn401: false,
  resolveErrorResponses: true,
});
