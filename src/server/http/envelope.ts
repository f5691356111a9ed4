import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Fail, Ok } from '../../domain';
import type { Outcome, Refusal } from '../outcome';
import { isObject } from '../../domain/shared/is-object';
import { byEnglish, carried, carrying, english, type Said } from '../messages/message-language';

export function ok<T>(data: T, message?: string | Said): Ok<T> {
  if (message === undefined) return { success: true, data };
  return typeof message === 'string'
    ? { success: true, data, message }
    : carrying({ success: true, data, message: english(message) }, message);
}

/** A success answer of a message only, said by code, with what the route adds (a repeated `status_code`). */
export const okSaying = <T extends object>(message: Said, rest?: T) =>
  carrying({ success: true as const, message: english(message), ...rest }, message);

/** An answer with its status code repeated (the OTP sends'), still carrying the code its message was said with. */
export function withStatusCode<T extends object>(body: T, status_code = 200): T & { status_code: number } {
  const out = { ...body, status_code };
  const message = carried(body);
  return message ? carrying(out, message) : out;
}

/** The failure envelope; a 429 always tells when to try again (Retry-After, seconds). */
export function fail(reply: FastifyReply, status: number, message: string | Said, retryAfterSeconds?: number): FastifyReply {
  if (status === 429) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds ?? 60))));
  const body: Fail =
    typeof message === 'string'
      ? { success: false, message, status_code: status }
      : carrying({ success: false, message: english(message), status_code: status }, message);
  return reply.code(status).send(body);
}

/** How a route answers a refusal: `fail` (the envelope of DECISIONS.md) unless the route says otherwise. */
export type Refuse = (reply: FastifyReply, status: number, message: string | Said, retryAfterSeconds?: number) => FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The envelope of this route's refusals raised outside its handler (a schema's, a provider
     * outage's, a role check's): the verification API answers its own (verification.envelope.ts).
     */
    refuse?: Refuse;
    /** The 400 answer when a body holds more files than the route's `multipartOptions.limits.files`. */
    tooManyFiles?: Said;
  }
}

/** The refusal envelope of the request's route. */
export const refuseFor = (request: FastifyRequest): Refuse => request.routeOptions.config?.refuse ?? fail;

/** A service's refusal in the envelope of the request's route, with the code it was said with. */
export const refuseWith = (
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: { status: number; message: string; retryAfterSeconds?: number },
) => refuseFor(request)(reply, refusal.status, carried(refusal) ?? refusal.message, refusal.retryAfterSeconds);

/** The envelope of a service's refusal. */
export const failWith = (reply: FastifyReply, refusal: Refusal | { status: number; message: string; retryAfterSeconds?: number }) =>
  fail(reply, refusal.status, carried(refusal) ?? refusal.message, refusal.retryAfterSeconds);

/** The envelope of a service's outcome: its value, or its refusal. The one mapping the routes use. */
export const answer = <T>(reply: FastifyReply, outcome: Outcome<T>, message?: string | Said) =>
  outcome.ok ? ok(outcome.value, message) : failWith(reply, outcome);

type Parser<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
};
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: Said | string };

/** What a request part that is not an object is refused with: "Request body must be a JSON object". */
export const notAnObject = (what: string) => `${what} must be a JSON object`;

/**
 * Validates a body with a domain schema where a service does it itself (after its access check,
 * or with a value from the stored application); the first issue is the message, as a route
 * schema answers it (http/route-schemas.ts).
 */
export function parseInput<T>(schema: Parser<T>, input: unknown, what = 'Request body'): Parsed<T> {
  if (!isObject(input)) return { ok: false, message: byEnglish(notAnObject(what)) };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: byEnglish(result.error.issues[0]?.message ?? 'Invalid request') };
}
