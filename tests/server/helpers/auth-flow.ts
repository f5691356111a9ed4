import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { get, post, type CallOptions } from './http';

export const RAVI = '9000000001'; // RELATIONSHIP_OFFICER
export const MEENA = '9000000002'; // BRANCH_CREDIT_MANAGER
export const ARJUN = '9000000003'; // BRANCH_MANAGER
export const KAVITA = '9000000004'; // AGENT
export const SURESH = '9000000005'; // MFI_EMPLOYEE without an allowed designation

export const sendOtp = (app: FastifyInstance, mobile: string, options?: CallOptions) =>
  post(app, '/api/v1/auth/send-otp', { mobile }, { headers: { 'client-identifier': 'WEB_APP' }, ...options });

export const resendOtp = (app: FastifyInstance, sessionId: string, options?: CallOptions) =>
  post(app, '/api/v1/auth/resend-otp', { session_id: sessionId }, options);

export const verifyOtp = (app: FastifyInstance, sessionId: string, otp: string, options?: CallOptions) =>
  post(app, '/api/v1/auth/verify-otp', { session_id: sessionId, otp }, options);

/** The newest OTP in the dev SMS outbox of the tenant. */
export async function latestOtp(app: FastifyInstance, mobile: string, tenant?: string): Promise<string> {
  const outbox = await get(app, `/api/dev/sms?mobile=${mobile}`, { tenant });
  const otp = outbox.body.data?.[0]?.otp as string | undefined;
  expect(otp, `no OTP for ${mobile}`).toMatch(/^\d{6}$/);
  return otp!;
}

/** Starts an OTP session; returns its id and code. */
export async function startOtp(app: FastifyInstance, mobile: string, tenant?: string): Promise<{ sessionId: string; otp: string }> {
  const sent = await sendOtp(app, mobile, { tenant });
  expect(sent.status, sent.body.message).toBe(200);
  return { sessionId: sent.body.data.session_id as string, otp: await latestOtp(app, mobile, tenant) };
}

/** Signs in by OTP; returns the session token. */
export async function login(app: FastifyInstance, mobile: string, tenant?: string): Promise<string> {
  const { sessionId, otp } = await startOtp(app, mobile, tenant);
  const verified = await verifyOtp(app, sessionId, otp, { tenant });
  expect(verified.status, verified.body.message).toBe(200);
  return verified.body.data.token as string;
}

/** A wrong code for a session whose right code is `otp`. */
export const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
