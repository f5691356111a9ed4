import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREATOR_DESIGNATION, DESIGNATIONS, resendOtpBody, sendOtpBody, verifyOtpBody } from '../../../domain';
import { requireDesignation, requireGuest } from '../../http/auth-guards';
import * as z from 'zod/mini';
import { answer, failWith, ok, okSaying, withStatusCode } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { applicationParams } from '../../http/route-params';
import { answers, messageOnly, nullableString, okOf, responses } from '../../http/route-responses';
import { requestLanguage } from '../../kernels/messages';
import type { OtpDeps } from '../auth/otp-session.service';
import { AUTH_MSG } from '../auth/auth.messages';
import { resendGuestOtp, sendGuestOtp, verifyGuestOtp } from './guest-otp.service';
import { listSelfApplied, SELF_APPLY_MSG, submitSelfApplication, takeOverApplication } from './self-application.service';

/** send's answer: the session the code was sent for, with the envelope's status_code (as the login's). */
const otpSent = responses(z.extend(okOf(z.object({ session_id: z.string() })), { status_code: z.number() }));
/** verify's answer: the guest token and the mobile's self-application (apply-loan.api.ts GuestVerified). */
const guestVerified = z.object({ token: z.string(), application_id: z.string(), tracker_id: nullableString });
/** A submitted self-application waiting for an officer (self-applied.api.ts SelfAppliedItem). */
const selfAppliedItem = z.object({
  id: z.string(),
  tracker_id: nullableString,
  name: nullableString,
  phone: nullableString,
  submitted_at: z.string(),
  loan_type: nullableString,
});

/** The public flow's mobile OTP (spec 01 §7 `/v1/otp/*`), signed out; its answers are never stored for replay (verify hands out a token). */
export const guestOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };
  const noStore = { config: { idempotency: false } } as const;

  app.post('/send', { ...noStore, schema: { body: sendOtpBody, response: otpSent } }, async (request, reply) => {
    const sent = await sendGuestOtp(deps, request.tenant, request.body.mobile, request.ip, requestLanguage(request));
    if (!sent.ok) return failWith(reply, sent);
    return withStatusCode(ok(sent.value, AUTH_MSG.otpSent));
  });

  app.post('/resend', { ...noStore, schema: { body: resendOtpBody, response: responses(messageOnly) } }, async (request, reply) => {
    const resent = await resendGuestOtp(deps, request.tenant, request.body.session_id, request.ip, requestLanguage(request));
    if (!resent.ok) return failWith(reply, resent);
    return okSaying(AUTH_MSG.otpResent, { status_code: 200 });
  });

  app.post('/verify', { ...noStore, schema: { body: verifyOtpBody, response: answers(guestVerified) } }, async (request, reply) =>
    answer(reply, await verifyGuestOtp(deps, request.tenant, request.body.session_id, request.body.otp, requestLanguage(request))),
  );
};

/** The guest's submit, and the branch's side of self-applications: the list and the take-over. */
export const selfApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  // The path's id is any string (an unknown one is the service's 404) and the body is ignored:
  // the service's access check answers first, as before the schemas.
  app.post(
    '/apply-loan/:id/submit',
    {
      config: { guest: true },
      onRequest: [requireGuest],
      schema: { params: applicationParams, body: noBody, response: answers(z.object({ tracker_id: nullableString })) },
    },
    async (request, reply) =>
      answer(reply, await submitSelfApplication(deps, request.tenant, request.user!, request.params.id), SELF_APPLY_MSG.submitted),
  );

  app.get(
    '/app/mfi/self-applied',
    { onRequest: [requireDesignation(...DESIGNATIONS)], schema: { response: answers(z.array(selfAppliedItem)) } },
    async (request) => ok(await listSelfApplied(app.db, request.tenant)),
  );

  app.post(
    '/app/mfi/:id/take-over',
    {
      onRequest: [requireDesignation(CREATOR_DESIGNATION)],
      schema: { params: applicationParams, body: noBody, response: answers(z.object({ application_id: z.string() })) },
    },
    async (request, reply) =>
      answer(reply, await takeOverApplication(deps, request.tenant, request.user!, request.params.id), SELF_APPLY_MSG.tookOver),
  );
};
