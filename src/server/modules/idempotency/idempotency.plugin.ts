import { idempotentReplays } from '../../observability/metrics';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { fail } from '../../http/envelope';
import { claimKey, completeKey, fingerprintRequest, publicKeyRefusal, releaseKey, type KeyRef } from './idempotency.service';
import { minimalReplayBody } from '../../../domain/records/replay-body';
import { said } from '../../kernels/messages';

const MUTATING = new Set(['POST', 'PUT', 'PATCH']);
const PUBLIC_SCOPE = 'public:';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: KeyRef;
  }
  interface FastifyContextConfig {
    /** false: the route's answers are never stored (authentication: a replay would hand out a session). */
    idempotency?: false;
  }
}

function scopeOf(request: FastifyRequest): string {
  // Keys belong to the user (a phone may sign in again with a new token before replaying);
  // public callers are told apart by address; guests by their application (they share one user row).
  if (request.user?.guest) return `g${request.user.guest.application_id}`;
  return request.user ? `u${request.user.id}` : `${PUBLIC_SCOPE}${request.ip}`;
}

export const TOO_MANY_PUBLIC_KEYS = said('text.tooManyRequestsWithAnIdempotency');

/**
 * preValidation of every POST, PUT and PATCH: after the role checks of onRequest (so the user is
 * known and a refused caller claims nothing), and before the route's schema, so the key's
 * fingerprint is of the body as sent and a body the schema refuses is answered, and remembered,
 * like any other answer.
 */
async function checkIdempotencyKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (Array.isArray(header) || header.length < 1 || header.length > 255) {
    return fail(reply, 400, said('text.idempotencyKeyMustBeOneValue'));
  }
  const { db, clock, config } = request.server;
  const ref: KeyRef = { tenant: request.tenant, scope: scopeOf(request), key: header };
  if (ref.scope.startsWith(PUBLIC_SCOPE)) {
    const waitSeconds = await publicKeyRefusal(db, ref, config.idempotencyMaxPublicKeysPerAddress, clock.now());
    if (waitSeconds !== null) return fail(reply, 429, TOO_MANY_PUBLIC_KEYS, waitSeconds);
  }
  const path = request.routeOptions.url ?? request.url;
  const fingerprint = await fingerprintRequest(request.method, `${path}?${JSON.stringify(request.params)}`, request.body);
  const claim = await claimKey(db, ref, fingerprint, clock.now());
  switch (claim.kind) {
    case 'claimed':
      request.idempotency = ref;
      return undefined;
    case 'mismatch':
      return fail(reply, 422, said('text.thisIdempotencyKeyWasAlreadyUsed'));
    case 'in-progress':
      // Retry-After tells a client this 409 is "try again", unlike a 409 of the application's rules.
      reply.header('retry-after', '1');
      return fail(reply, 409, said('text.aRequestWithThisIdempotencyKey'));
    case 'replay':
      idempotentReplays.inc({ route: request.routeOptions.url ?? 'unmatched' });
      reply.code(claim.status).header('idempotent-replayed', 'true');
      if (claim.contentType) reply.header('content-type', claim.contentType);
      return reply.send(claim.body);
  }
}

/**
 * The Idempotency-Key behaviour of DECISIONS.md: the same key and body replays the first answer
 * (its status, and of its body the envelope with only ids and statuses: replay-body.ts), another
 * body is 422, a repeat while the first runs is 409. Kept in the database for 24 hours, so it holds
 * across restarts and several server processes. Routes with `config.idempotency: false` (sign-in,
 * logout) never store an answer; a signed-out address holds a limited number of keys.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => MUTATING.has(m)) || route.config?.idempotency === false) return;
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    // First: a route's own preValidation (its access check) answers after the key is claimed, as a handler does.
    route.preValidation = [checkIdempotencyKey, ...existing];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ref = request.idempotency;
    if (!ref) return payload;
    request.idempotency = undefined;
    const { db, clock } = request.server;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await releaseKey(db, ref);
    } else {
      const contentType = reply.getHeader('content-type');
      // Only status and ids are kept (replay-body.ts): never a view, a token or a signed link at rest.
      const stored = minimalReplayBody(payload);
      await completeKey(db, ref, reply.statusCode, typeof contentType === 'string' ? contentType : null, stored, clock.now());
    }
    return payload;
  });
}
