import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREATOR_DESIGNATION, DESIGNATIONS } from '../../../domain';
import { APPLY_LOAN_ROUTES as R } from '../../../domain/routes/apply-loan.table';
import { requireDesignation, requireGuest } from '../../http/auth-guards';
import { answer, failWith, ok, okSaying, withStatusCode } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { messageOnly, okWithStatusCode, responses } from '../../http/route-responses';
import { tableRoute } from '../../http/table-route';
import { requestLanguage } from '../../kernels/messages';
import type { OtpDeps } from '../auth/otp-session.service';
import { AUTH_MSG } from '../auth/auth.messages';
import { resendGuestOtp, sendGuestOtp, verifyGuestOtp } from './guest-otp.service';
import { listSelfApplied, SELF_APPLY_MSG, submitSelfApplication, takeOverApplication } from './self-application.service';

/** The public flow's mobile OTP (spec 01 §7 `/v1/otp/*`), signed out; its answers are never stored for replay (verify hands out a token). */
export const guestOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };
  const noStore = { config: { idempotency: false } } as const;

  app.route({
    ...tableRoute(app, R.sendOtp, { response: responses(okWithStatusCode(R.sendOtp.answer)) }),
    ...noStore,
    handler: async (request, reply) => {
      const sent = await sendGuestOtp(deps, request.tenant, request.body.mobile, request.ip, requestLanguage(request));
      if (!sent.ok) return failWith(reply, sent);
      return withStatusCode(ok(sent.value, AUTH_MSG.otpSent));
    },
  });

  app.route({
    ...tableRoute(app, R.resendOtp, { response: responses(messageOnly) }),
    ...noStore,
    handler: async (request, reply) => {
      const resent = await resendGuestOtp(deps, request.tenant, request.body.session_id, request.ip, requestLanguage(request));
      if (!resent.ok) return failWith(reply, resent);
      return okSaying(AUTH_MSG.otpResent, { status_code: 200 });
    },
  });

  app.route({
    ...tableRoute(app, R.verifyOtp),
    ...noStore,
    handler: async (request, reply) =>
      answer(reply, await verifyGuestOtp(deps, request.tenant, request.body.session_id, request.body.otp, requestLanguage(request))),
  });
};

/** The guest's submit, and the branch's side of self-applications: the list and the take-over. */
export const selfApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  // The path's id is any string (an unknown one is the service's 404) and the body is ignored:
  // the service's access check answers first, as before the schemas.
  app.route({
    ...tableRoute(app, R.submit, { body: noBody }),
    config: { guest: true },
    onRequest: [requireGuest],
    handler: async (request, reply) =>
      answer(reply, await submitSelfApplication(deps, request.tenant, request.user!, request.params.id), SELF_APPLY_MSG.submitted),
  });

  app.route({
    ...tableRoute(app, R.selfApplied),
    onRequest: [requireDesignation(...DESIGNATIONS)],
    handler: async (request) => ok(await listSelfApplied(app.db, request.tenant)),
  });

  app.route({
    ...tableRoute(app, R.takeOver, { body: noBody }),
    onRequest: [requireDesignation(CREATOR_DESIGNATION)],
    handler: async (request, reply) =>
      answer(reply, await takeOverApplication(deps, request.tenant, request.user!, request.params.id), SELF_APPLY_MSG.tookOver),
  });
};
