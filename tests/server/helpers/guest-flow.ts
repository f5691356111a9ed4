import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { latestOtp } from './auth-flow';
import { post, type CallOptions } from './http';

export const GUEST_MOBILE = '9876500011';

export const sendGuestOtp = (app: FastifyInstance, mobile = GUEST_MOBILE, options: CallOptions = {}) =>
  post(app, '/api/v1/otp/send', { mobile, hostname: 'localhost' }, { headers: { 'client-identifier': 'WEB_APP' }, ...options });

export const resendGuestOtp = (app: FastifyInstance, sessionId: string, options: CallOptions = {}) =>
  post(app, '/api/v1/otp/resend', { session_id: sessionId }, options);

export const verifyGuestOtp = (app: FastifyInstance, sessionId: string, otp: string, options: CallOptions = {}) =>
  post(app, '/api/v1/otp/verify', { session_id: sessionId, otp }, options);

export type Guest = { token: string; applicationId: string; trackerId: string };

/** Verifies a borrower's own mobile in the public flow; answers the guest token and its application. */
export async function guestSignIn(app: FastifyInstance, mobile = GUEST_MOBILE, tenant?: string): Promise<Guest> {
  const sent = await sendGuestOtp(app, mobile, { tenant });
  expect(sent.status, sent.body.message).toBe(200);
  const otp = await latestOtp(app, mobile, tenant);
  const verified = await verifyGuestOtp(app, sent.body.data.session_id, otp, { tenant });
  expect(verified.status, verified.body.message).toBe(200);
  const { token, application_id, tracker_id } = verified.body.data;
  return { token, applicationId: application_id, trackerId: tracker_id };
}
