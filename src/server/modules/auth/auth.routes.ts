import type { FastifyInstance } from 'fastify';
import { resendOtpBody, sendOtpBody, verifyOtpBody } from '../../../domain';
import { fail, failWith, ok, parseInput } from '../../http/envelope';
import { AUTH_MSG } from './auth.messages';
import { resendOtp, sendOtp, verifyOtp, type OtpDeps } from './otp.service';

/** Login by one-time password (spec 01 §7). The tenant is the Host's, never the body's hostname. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };

  app.post('/send-otp', async (request, reply) => {
    const body = parseInput(sendOtpBody, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const sent = await sendOtp(deps, request.tenant, body.value.mobile, request.ip);
    if (!sent.ok) return failWith(reply, sent);
    return { ...ok(sent.value, AUTH_MSG.otpSent), status_code: 200 };
  });

  app.post('/resend-otp', async (request, reply) => {
    const body = parseInput(resendOtpBody, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const resent = await resendOtp(deps, request.tenant, body.value.session_id, request.ip);
    if (!resent.ok) return failWith(reply, resent);
    return { success: true, message: AUTH_MSG.otpResent, status_code: 200 };
  });

  app.post('/verify-otp', async (request, reply) => {
    const body = parseInput(verifyOtpBody, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const verified = await verifyOtp(deps, request.tenant, body.value.session_id, body.value.otp);
    if (!verified.ok) return failWith(reply, verified);
    return ok(verified.value);
  });
}
