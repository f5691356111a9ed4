import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { AUTH_MSG } from '../auth/auth.messages';
import { revokeToken } from '../auth/session.service';
import { toProfile } from './user.service';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/me', async (request) => ok(toProfile(request.user!)));

  // Never kept by the idempotency store: an authentication route (see auth.routes.ts).
  app.put('/logout', { config: { idempotency: false } }, async (request) => {
    await revokeToken({ db: app.db, cache: app.sessions }, request.tenant, request.user!.token_hash, app.clock.now());
    return { success: true, message: AUTH_MSG.loggedOut };
  });
}
