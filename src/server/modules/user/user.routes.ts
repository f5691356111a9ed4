import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_ROUTES } from '../../../domain/routes/user.table';
import { ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { messageOnly, responses } from '../../http/route-responses';
import { tableRoute } from '../../http/table-route';
import { AUTH_MSG } from '../auth/auth.messages';
import { reportWiped } from '../auth/lost-device.service';
import { reissueSendToken, revokeToken } from '../auth/session.service';
import { NOT_ALLOWED } from '../../http/auth-guards';
import { fail, okSaying } from '../../http/envelope';
import { toProfile } from './user.service';
import { said } from '../../kernels/messages';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({ ...tableRoute(app, USER_ROUTES.me), handler: async (request) => ok(toProfile(request.user!)) });

  // Never kept by the idempotency store: an authentication route (see auth.routes.ts).
  app.route({
    ...tableRoute(app, USER_ROUTES.logout, { body: noBody, response: responses(messageOnly) }),
    config: { idempotency: false, sendOnlyAllowed: true },
    handler: async (request, reply) => {
      await revokeToken({ db: app.db, cache: app.sessions }, request.tenant, request.user!.token_hash, app.clock.now());
      // The browser's HTTP cache may hold answers with borrower data. Not "storage": the app deletes
      // what is synced itself, and unsynced items stay until they are sent.
      void reply.header('clear-site-data', '"cache"');
      return okSaying(AUTH_MSG.loggedOut);
    },
  });

  // A new send-only credential for this session (issue 31 S3), for a phone that signed in before
  // they were issued with the login: asked with the session token at an unlock. The old one stops working.
  app.route({
    ...tableRoute(app, USER_ROUTES.sendToken, { body: noBody }),
    config: { idempotency: false },
    handler: async (request, reply) => {
      if (request.sendOnly || request.lostDevice) return fail(reply, 403, NOT_ALLOWED);
      return ok({ send_token: await reissueSendToken(app.db, request.tenant, request.user!.token_hash) });
    },
  });

  // The last call of a phone marked lost (http/lost-device.ts), inside its delivery window: how
  // many queued items it deleted unsent. Once; it closes the window. Any other session: 403.
  app.route({
    ...tableRoute(app, USER_ROUTES.deviceWiped),
    config: { idempotency: false, lostDeviceReport: true },
    handler: async (request, reply) => {
      if (!request.lostDevice) return fail(reply, 403, NOT_ALLOWED);
      const received = await reportWiped(app.db, request.tenant, request.user!.token_hash, request.body.unsent, app.clock.now());
      // What the server received from the phone after the marking: the phone says so on its login page.
      return ok({ received }, said('device.wipeReported'));
    },
  });
};
