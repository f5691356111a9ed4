import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { answers, messageOnly, responses } from '../../http/route-responses';
import { AUTH_MSG } from '../auth/auth.messages';
import { reportWiped } from '../auth/lost-device.service';
import { reissueSendToken, revokeToken } from '../auth/session.service';
import { NOT_ALLOWED } from '../../http/auth-guards';
import { fail, okSaying } from '../../http/envelope';
import { toProfile } from './user.service';
import { said } from '../../kernels/messages';

/** Spec 01 §3 Profile (domain/identity/profile.ts): every field of it. */
const profileResponse = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: z.string(),
  pincode: z.string(),
  city: z.string(),
  state: z.string(),
  role: z.string(),
  mfi_employee: z.nullable(z.string()),
  pan: z.string(),
  aadhaar_front: z.string(),
  aadhaar_back: z.string(),
  cancelled_cheque: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  ifsc: z.string(),
});

/** How many queued items the wiped phone deleted unsent. */
const deviceWipedBody = z.object({ unsent: z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)) });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me', { schema: { response: answers(profileResponse) } }, async (request) => ok(toProfile(request.user!)));

  // Never kept by the idempotency store: an authentication route (see auth.routes.ts).
  app.put(
    '/logout',
    { config: { idempotency: false, sendOnlyAllowed: true }, schema: { body: noBody, response: responses(messageOnly) } },
    async (request, reply) => {
      await revokeToken({ db: app.db, cache: app.sessions }, request.tenant, request.user!.token_hash, app.clock.now());
      // The browser's HTTP cache may hold answers with borrower data. Not "storage": the app deletes
      // what is synced itself, and unsynced items stay until they are sent.
      void reply.header('clear-site-data', '"cache"');
      return okSaying(AUTH_MSG.loggedOut);
    },
  );

  // A new send-only credential for this session (issue 31 S3), for a phone that signed in before
  // they were issued with the login: asked with the session token at an unlock. The old one stops working.
  app.post(
    '/send-token',
    { config: { idempotency: false }, schema: { body: noBody, response: answers(z.object({ send_token: z.string() })) } },
    async (request, reply) => {
      if (request.sendOnly || request.lostDevice) return fail(reply, 403, NOT_ALLOWED);
      return ok({ send_token: await reissueSendToken(app.db, request.tenant, request.user!.token_hash) });
    },
  );

  // The last call of a phone marked lost (http/lost-device.ts), inside its delivery window: how
  // many queued items it deleted unsent. Once; it closes the window. Any other session: 403.
  app.post(
    '/device-wiped',
    {
      config: { idempotency: false, lostDeviceReport: true },
      schema: { body: deviceWipedBody, response: answers(z.object({ received: z.number() })) },
    },
    async (request, reply) => {
      if (!request.lostDevice) return fail(reply, 403, NOT_ALLOWED);
      const received = await reportWiped(app.db, request.tenant, request.user!.token_hash, request.body.unsent, app.clock.now());
      // What the server received from the phone after the marking: the phone says so on its login page.
      return ok({ received }, said('device.wipeReported'));
    },
  );
};
