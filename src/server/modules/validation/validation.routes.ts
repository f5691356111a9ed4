import type { FastifyInstance } from 'fastify';
import { CREATOR_DESIGNATION, validationResendBody, validationSendBody, validationVerifyBody } from '../../../domain';
import { requireDesignation } from '../../http/auth-guards';
import { fail, failWith, ok, parseInput } from '../../http/envelope';
import { AUTH_MSG } from '../auth/auth.messages';
import type { OtpDeps } from '../auth/otp-session.service';
import { resendValidationOtp, sendValidationOtp, verifyValidationOtp } from './validation.service';

export const VALIDATION_MSG = { verified: 'Mobile number verified' } as const;

/** Borrower mobile validation: only the application-creating designation may start one. */
export async function validationRoutes(app: FastifyInstance): Promise<void> {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };
  const guard = { preHandler: [requireDesignation(CREATOR_DESIGNATION)] };

  app.post('/send', guard, async (request, reply) => {
    const body = parseInput(validationSendBody, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const sent = await sendValidationOtp(deps, request.tenant, request.user!.id, body.value.mobile, request.ip);
    if (!sent.ok) return failWith(reply, sent);
    return { ...ok(sent.value, AUTH_MSG.otpSent), status_code: 200 };
  });

  app.post('/resend', guard, async (request, reply) => {
    const body = parseInput(validationResendBody, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const resent = await resendValidationOtp(deps, request.tenant, request.user!.id, body.value.session_id, request.ip);
    if (!resent.ok) return failWith(reply, resent);
    return { success: true, message: AUTH_MSG.otpResent, status_code: 200 };
  });

  app.post('/verify', guard, async (request, reply) => {
    const body = parseInput(validationVerifyBody, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const verified = await verifyValidationOtp(deps, request.tenant, request.user!.id, body.value.session_id, body.value.otp);
    if (!verified.ok) return failWith(reply, verified);
    return ok(verified.value, VALIDATION_MSG.verified);
  });
}
