import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_WIPE_HEADER, hasValidRole, type Designation } from '../../domain';
import type { RevokedSession } from '../types';
import { mayDeliverWhenLost, SEND_ONLY_REFUSED } from './lost-device';
import { fail } from './envelope';
import { said } from '../messages/message-language';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: a guest token of the public applicant flow may call this route too (its own
     * application's public steps, uploads); what it may do there is the access policy's guest row.
     */
    guest?: true;
  }
}

export const SESSION_EXPIRED = said('text.sessionExpiredPleaseLogInAgain');
export const NOT_ALLOWED = said('policy.notAllowed');
export const STAFF_ONLY = 'Please sign in as staff to do this.';

/** onRequest (every signed-in route, route-access.ts): a live token of the Host's tenant in the `token` header, else 401. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const { credentials, clock } = request.server;
  const header = request.headers.token;
  const token = Array.isArray(header) ? undefined : header;
  const now = clock.now();
  if (credentials.isSendToken(token)) return requireSender(request, reply, token);
  const user = await credentials.userOf(request.tenant, token, now, request.ip);
  if (!user) return refuseOrDeliverLost(request, reply, await credentials.revoked(request.tenant, token, now));
  // A guest token reaches only the routes that name guests; anything else is staff-only.
  if (user.guest && request.routeOptions.config?.guest !== true) return fail(reply, 401, STAFF_ONLY);
  request.user = user;
  return undefined;
}

/** A revoked session's answer (401, the wipe), unless it is a lost device's delivery of its sealed outbox. */
function refuseOrDeliverLost(request: FastifyRequest, reply: FastifyReply, revoked: RevokedSession | undefined): FastifyReply | undefined {
  // A session the server revoked (device lost, another sign-in): the app wipes what it holds.
  if (revoked) reply.header(DEVICE_WIPE_HEADER, '1').header('clear-site-data', '"cache"');
  // A device marked lost first delivers what it holds sealed for the server (http/lost-device.ts).
  if (revoked?.lostDevice && revoked.deliveryOpen && mayDeliverWhenLost(request)) {
    request.user = revoked.lostDevice;
    request.lostDevice = true;
    return undefined;
  }
  return fail(reply, 401, SESSION_EXPIRED);
}

/**
 * A send-only credential (issue 31 S3: what a locked phone holds): it may deliver its session's
 * sealed outbox items, and end its session (a forgotten PIN signs out locked), nothing else: any other request is a 401 (with the wipe when the
 * session was revoked). Whether the body really was sealed is checked once it is read
 * (http/lost-device.ts), and its answers are cut to ids and statuses there.
 */
async function requireSender(request: FastifyRequest, reply: FastifyReply, sendToken: string): Promise<FastifyReply | undefined> {
  const { credentials, clock } = request.server;
  const now = clock.now();
  const session = await credentials.sender(request.tenant, sendToken, now);
  if (!session) return fail(reply, 401, SESSION_EXPIRED);
  if (!session.live) return refuseOrDeliverLost(request, reply, await credentials.revokedByHash(request.tenant, session.tokenHash, now));
  const allowed = request.routeOptions.config?.sendOnlyAllowed === true;
  if (!allowed && (request.routeOptions.config?.lostDeviceReport === true || !mayDeliverWhenLost(request))) {
    return fail(reply, 401, SEND_ONLY_REFUSED);
  }
  request.user = session.user;
  request.sendOnly = true;
  return undefined;
}

/**
 * onRequest, after requireUser: with designations, the user's must be one of them; without, any
 * valid role (an AGENT, or an employee with one of the allowed designations). In onRequest, a
 * caller refused by role is refused before its body is read, and before any route schema could
 * say anything about the body.
 */
export function requireDesignation(...allowed: Designation[]) {
  return async function checkDesignation(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const user = request.user;
    // A guest got past requireUser only on a route open to guests: any valid caller's, never a designation's.
    const valid = (u: NonNullable<typeof user>) => hasValidRole(u) || !!u.guest;
    const permitted =
      user !== null && (allowed.length === 0 ? valid(user) : (allowed as readonly string[]).includes(user.mfi_employee ?? ''));
    return permitted ? undefined : fail(reply, 403, NOT_ALLOWED);
  };
}

/** onRequest, after requireUser, on a route open to guests: only a guest token (the borrower's own call). */
export async function requireGuest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  return request.user?.guest ? undefined : fail(reply, 403, NOT_ALLOWED);
}
