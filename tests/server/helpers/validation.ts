import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { latestOtp } from './auth-flow';
import { post, type CallOptions } from './http';

export const BORROWER = '9876501234';
const BASE = '/api/v1/validation/mobile/otp';

export const sendValidation = (app: FastifyInstance, token: string | undefined, mobile = BORROWER, options: CallOptions = {}) =>
  post(app, `${BASE}/send`, { mobile, hostname: 'localhost' }, { token, ...options });

export const resendValidation = (app: FastifyInstance, token: string | undefined, sessionId: string, options: CallOptions = {}) =>
  post(app, `${BASE}/resend`, { session_id: sessionId }, { token, ...options });

export const verifyValidation = (
  app: FastifyInstance,
  token: string | undefined,
  sessionId: string,
  otp: string,
  options: CallOptions = {},
) => post(app, `${BASE}/verify`, { session_id: sessionId, otp, purpose: 'APPLY_LOAN_MFI' }, { token, ...options });

/** Verifies the borrower's mobile as the signed-in officer; answers the new application's id. */
export async function createApplication(app: FastifyInstance, token: string, mobile = BORROWER, tenant?: string): Promise<string> {
  const sent = await sendValidation(app, token, mobile, { tenant });
  expect(sent.status, sent.body.message).toBe(200);
  const otp = await latestOtp(app, mobile, tenant);
  const verified = await verifyValidation(app, token, sent.body.data.session_id, otp, { tenant });
  expect(verified.status, verified.body.message).toBe(200);
  return verified.body.data.application_id as string;
}
