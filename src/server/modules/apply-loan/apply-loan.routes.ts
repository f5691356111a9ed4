import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREATOR_DESIGNATION, DESIGNATIONS, resendOtpBody, sendOtpBody, verifyOtpBody } from '../../../domain';
import { requireDesignation, requireGuest } from '../../http/auth-guards';
import { answer, failWith, ok } from '../../http/envelope';
import type { OtpDeps } from '../auth/otp-session.service';
import { AUTH_MSG } from '../auth/auth.messages';
import { resendGuestOtp, sendGuestOtp, verifyGuestOtp } from './guest-otp.service';
import { listSelfApplied, SELF_APPLY_MSG, submitSelfApplication, takeOverApplication } from './self-application.service';

type ById = { Params: { id: string } };

/** The public flow's mobile OTP (spec 01 §7 `/v1/otp/*`), signed out; its answers are never stored for replay (verify hands out a token). */
export const guestOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };
  const noStore = { config: { idempotency: false } } as const;

  app.post('/send', { ...noStore, schema: { body: sendOtpBody } }, async (request, reply) => {
    const sent = await sendGuestOtp(deps, request.tenant, request.body.mobile, request.ip);
    if (!sent.ok) return failWith(reply, sent);
    return { ...ok(sent.value, AUTH_MSG.otpSent), status_code: 200 };
  });

  app.post('/resend', { ...noStore, schema: { body: resendOtpBody } }, async (request, reply) => {
    const resent = await resendGuestOtp(deps, request.tenant, request.body.session_id, request.ip);
    if (!resent.ok) return failWith(reply, resent);
    return { success: true, message: AUTH_MSG.otpResent, status_code: 200 };
  });

  app.post('/verify', { ...noStore, schema: { body: verifyOtpBody } }, async (request, reply) =>
    answer(reply, await verifyGuestOtp(deps, request.tenant, request.body.session_id, request.body.otp)),
  );
};

/** The guest's submit, and the branch's side of self-applications: the list and the take-over. */
export const selfApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  app.post<ById>('/apply-loan/:id/submit', { config: { guest: true }, onRequest: [requireGuest] }, async (request, reply) =>
    answer(reply, await submitSelfApplication(deps, request.tenant, request.user!, request.params.id), SELF_APPLY_MSG.submitted),
  );

  app.get('/app/mfi/self-applied', { onRequest: [requireDesignation(...DESIGNATIONS)] }, async (request) =>
    ok(await listSelfApplied(app.db, request.tenant)),
  );

  app.post<ById>('/app/mfi/:id/take-over', { onRequest: [requireDesignation(CREATOR_DESIGNATION)] }, async (request, reply) =>
    answer(reply, await takeOverApplication(deps, request.tenant, request.user!, request.params.id), SELF_APPLY_MSG.tookOver),
  );
};
