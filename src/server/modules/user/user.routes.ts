import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ok } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { answers, messageOnly, responses } from '../../shared/route-responses';
import { AUTH_MSG } from '../auth/auth.messages';
import { revokeToken } from '../auth/session.service';
import { toProfile } from './user.service';

/** Spec 01 §3 Profile (domain/profile.ts): every field of it. */
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

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me', { schema: { response: answers(profileResponse) } }, async (request) => ok(toProfile(request.user!)));

  // Never kept by the idempotency store: an authentication route (see auth.routes.ts).
  app.put(
    '/logout',
    { config: { idempotency: false }, schema: { body: noBody, response: responses(messageOnly) } },
    async (request, reply) => {
      await revokeToken({ db: app.db, cache: app.sessions }, request.tenant, request.user!.token_hash, app.clock.now());
      // The browser's HTTP cache may hold answers with borrower data. Not "storage": the app deletes
      // what is synced itself, and unsynced items stay until they are sent.
      void reply.header('clear-site-data', '"cache"');
      return { success: true as const, message: AUTH_MSG.loggedOut };
    },
  );
};
