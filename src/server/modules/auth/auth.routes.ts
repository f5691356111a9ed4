import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { DEVICE_LABEL } from '../../../domain';
import { AUTH_ROUTES } from '../../../domain/routes/auth.table';
import { answer, fail, failWith, ok, okSaying, withStatusCode } from '../../http/envelope';
import { AUTH_MSG } from './auth.messages';
import { resendOtp, sendOtp, verifyOtp, type LoginDeps } from './otp.service';
import { deviceOf } from './session.service';
import { messageOnly, okWithStatusCode, responses } from '../../http/route-responses';
import { tableRoute } from '../../http/table-route';
import { requestLanguage } from '../../kernels/messages';

/** The headers verify-otp reads: the device the session is for. */
const deviceHeaders = z.looseObject({
  'device-id': z.optional(z.string()),
  'client-identifier': z.optional(z.string()),
  'device-label': z.optional(z.string()),
});

/** A device id the app made for itself (a UUID); anything else is refused rather than guessed at. */
const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/**
 * Login by one-time password (spec 01 §7). The tenant is the Host's, never the body's hostname.
 * No answer of these routes is kept by the idempotency store (a replayed verify would hand out a
 * live token): `config.idempotency: false`.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: LoginDeps = { db: app.db, config: app.config, clock: app.clock, sms: app.sms, sessions: app.sessions };
  const noStore = { idempotency: false } as const;

  app.route({
    ...tableRoute(app, AUTH_ROUTES.sendOtp, { response: responses(okWithStatusCode(AUTH_ROUTES.sendOtp.answer)) }),
    config: noStore,
    handler: async (request, reply) => {
      const sent = await sendOtp(deps, request.tenant, request.body.mobile, request.ip, requestLanguage(request));
      if (!sent.ok) return failWith(reply, sent);
      return withStatusCode(ok(sent.value, AUTH_MSG.otpSent));
    },
  });

  app.route({
    ...tableRoute(app, AUTH_ROUTES.resendOtp, { response: responses(messageOnly) }),
    config: noStore,
    handler: async (request, reply) => {
      const resent = await resendOtp(deps, request.tenant, request.body.session_id, request.ip, requestLanguage(request));
      if (!resent.ok) return failWith(reply, resent);
      return okSaying(AUTH_MSG.otpResent, { status_code: 200 });
    },
  });

  const verify = tableRoute(app, AUTH_ROUTES.verifyOtp);
  app.route({
    ...verify,
    schema: { ...verify.schema, headers: deviceHeaders },
    config: noStore,
    handler: async (request, reply) => {
      const deviceId = header(request.headers['device-id']);
      if (deviceId !== undefined && !DEVICE_ID.test(deviceId)) return fail(reply, 400, AUTH_MSG.badDeviceId);
      const device = deviceOf(header(request.headers['client-identifier']), deviceId);
      // The phone's label (domain deviceLabel) is only shown to a manager: one that is not short and plain is dropped.
      const label = header(request.headers['device-label']);
      const shown = label !== undefined && DEVICE_LABEL.test(label) ? label : null;
      return answer(reply, await verifyOtp(deps, request.tenant, request.body.session_id, request.body.otp, device, shown));
    },
  });
};
