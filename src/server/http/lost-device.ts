import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_WIPE_HEADER } from '../../domain';
import { minimalReplayBody } from '../../domain/records/replay-body';
import { SEALED_CONTENT_TYPE } from '../../domain/identity/sealed-envelope';
import { fail } from './envelope';
import { said } from '../messages/message-language';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the phone's last report of a device marked lost (how many items it deleted unsent). */
    lostDeviceReport?: true;
    /** true: a send-only credential may call this route in clear too (the logout: it ends its own session). */
    sendOnlyAllowed?: true;
  }
  interface FastifyRequest {
    /** The revoked session of a device marked lost, let through to deliver its sealed outbox (requireUser). */
    lostDevice?: true;
    /** A send-only credential (a locked phone's), let through to deliver a sealed outbox item (requireUser). */
    sendOnly?: true;
    /** The body was a sealed outbox request, opened (sealed-requests.ts). */
    sealedOpened?: true;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
export const SEND_ONLY_REFUSED = said('text.unlockTheAppToDoThis');
export const LOST_DEVICE_REFUSED = said('text.thisDeviceWasSignedOutBy');

/**
 * Whether a request of a lost device's revoked session may go on (inside its delivery window,
 * requireUser): a write whose body is sealed for the server (sealed JSON, or a multipart that
 * must turn out sealed: checked once it is read, below), or the phone's final report. No read.
 */
export function mayDeliverWhenLost(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.lostDeviceReport === true) return true;
  if (!WRITES.has(request.method)) return false;
  const type = request.headers['content-type'] ?? '';
  return type.startsWith(SEALED_CONTENT_TYPE) || type.startsWith('multipart/form-data');
}

/**
 * The last delivery of a device marked lost (issue 31 W1, docs/security-and-keys.md "Logout and remote wipe"). After
 * the sealed outbox hook: a multipart without a sealed envelope is refused as any request of a
 * revoked session is (401, wipe). Every answer to such a session is cut to ids and statuses (as
 * the idempotency store keeps them): whoever holds the phone learns nothing from it. Each sealed
 * request answered 2xx (not a replay) is counted for the branch manager.
 */
export function registerLostDeviceDelivery(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    // A send-only credential's multipart that turned out not sealed: refused like any other read or write.
    if (request.sendOnly && !request.sealedOpened && request.routeOptions.config?.sendOnlyAllowed !== true) {
      request.sendOnly = undefined;
      return fail(reply, 401, SEND_ONLY_REFUSED);
    }
    if (!request.lostDevice || request.sealedOpened || request.routeOptions.config?.lostDeviceReport === true) return undefined;
    request.lostDevice = undefined;
    reply.header(DEVICE_WIPE_HEADER, '1');
    return fail(reply, 401, LOST_DEVICE_REFUSED);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Whoever holds a locked phone learns nothing from the answers to what it delivers either.
    if (request.sendOnly) return typeof payload === 'string' ? minimalReplayBody(payload) : payload;
    if (!request.lostDevice) return payload;
    // A replay (the answer to an earlier send was lost: a reload, a timeout) is the same item, counted once.
    const replayed = reply.getHeader('idempotent-replayed') === 'true';
    if (request.sealedOpened && !replayed && reply.statusCode >= 200 && reply.statusCode < 300) {
      await request.server.credentials.countDelivered(request.tenant, request.user!.token_hash);
    }
    // The final report answers a count and nothing else (user.routes.ts).
    if (request.routeOptions.config?.lostDeviceReport === true) return payload;
    return typeof payload === 'string' ? minimalReplayBody(payload) : payload;
  });
}
