import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resendOtpBody, sendOtpBody, verifyOtpBody } from '../../../domain';
import { answer, failWith, ok } from '../../http/envelope';
import { AUTH_MSG } from './auth.messages';
import { resendOtp, sendOtp, verifyOtp, type OtpDeps } from './otp.service';

/** Login by one-time password (spec 01 §7). The tenant is the Host's, never the body's hostname. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };

  app.post('/send-otp', { schema: { body: sendOtpBody } }, async (request, reply) => {
    const sent = await sendOtp(deps, request.tenant, request.body.mobile, request.ip);
    if (!sent.ok) return failWith(reply, sent);
    return { ...ok(sent.value, AUTH_MSG.otpSent), status_code: 200 };
  });

  app.post('/resend-otp', { schema: { body: resendOtpBody } }, async (request, reply) => {
    const resent = await resendOtp(deps, request.tenant, request.body.session_id, request.ip);
    if (!resent.ok) return failWith(reply, resent);
    return { success: true, message: AUTH_MSG.otpResent, status_code: 200 };
  });

  app.post('/verify-otp', { schema: { body: verifyOtpBody } }, async (request, reply) =>
    answer(reply, await verifyOtp(deps, request.tenant, request.body.session_id, request.body.otp)),
  );
};
