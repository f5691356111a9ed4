import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { AUTH_MSG } from '../auth/auth.messages';
import { revokeToken } from '../auth/session.service';
import { toProfile } from './user.service';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/me', async (request) => ok(toProfile(request.user!)));

  // Never kept by the idempotency store: an authentication route (see auth.routes.ts).
  app.put('/logout', { config: { idempotency: false } }, async (request, reply) => {
    await revokeToken({ db: app.db, cache: app.sessions }, request.tenant, request.user!.token_hash, app.clock.now());
    // The browser's HTTP cache may hold answers with borrower data. Not "storage": the app deletes
    // what is synced itself, and unsynced items stay until they are sent.
    void reply.header('clear-site-data', '"cache"');
    return { success: true, message: AUTH_MSG.loggedOut };
  });
}
