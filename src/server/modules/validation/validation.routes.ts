import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREATOR_DESIGNATION } from '../../../domain';
import { VALIDATION_ROUTES } from '../../../domain/routes/validation.table';
import { requireDesignation } from '../../http/auth-guards';
import { answer, failWith, ok, okSaying, withStatusCode } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { AUTH_MSG } from '../auth/auth.messages';
import type { OtpDeps } from '../auth/otp-session.service';
import { resendValidationOtp, sendValidationOtp, verifyValidationOtp } from './validation.service';
import { messageOnly, okWithStatusCode, responses } from '../../http/route-responses';
import { said } from '../../kernels/messages';

export const VALIDATION_MSG = { verified: said('validation.verified') } as const;

/** Borrower mobile validation: only the application-creating designation may start one. */
export const validationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OtpDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms };
  // The designation is checked on request, before the body is read or validated.
  const creator = { onRequest: [requireDesignation(CREATOR_DESIGNATION)] };
  const R = VALIDATION_ROUTES;

  app.route({
    ...tableRoute(app, R.send, { response: responses(okWithStatusCode(R.send.answer)) }),
    ...creator,
    handler: async (request, reply) => {
      const sent = await sendValidationOtp(deps, request.tenant, request.user!.id, request.body.mobile, request.ip);
      if (!sent.ok) return failWith(reply, sent);
      return withStatusCode(ok(sent.value, AUTH_MSG.otpSent));
    },
  });

  app.route({
    ...tableRoute(app, R.resend, { response: responses(messageOnly) }),
    ...creator,
    handler: async (request, reply) => {
      const resent = await resendValidationOtp(deps, request.tenant, request.user!.id, request.body.session_id, request.ip);
      if (!resent.ok) return failWith(reply, resent);
      return okSaying(AUTH_MSG.otpResent, { status_code: 200 });
    },
  });

  app.route({
    ...tableRoute(app, R.verify),
    ...creator,
    handler: async (request, reply) =>
      answer(
        reply,
        await verifyValidationOtp(deps, request.tenant, request.user!.id, request.body.session_id, request.body.otp),
        VALIDATION_MSG.verified,
      ),
  });
};
