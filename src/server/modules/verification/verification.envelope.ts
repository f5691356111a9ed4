import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { responses } from '../../http/route-responses';
import { carried, carrying, english, type Said } from '../../messages/message-language';

// The verification API's client reads `statusCode` (spec 02 §7); DECISIONS.md's envelope reads
// `success` and `status_code`. Its answers carry both.

export function verified<T>(data: T, message: Said, extra: Record<string, unknown> = {}) {
  return carrying({ success: true, statusCode: 200, data, message: english(message), ...extra }, message);
}

export function refused(reply: FastifyReply, status: number, message: string | Said, retryAfterSeconds?: number): FastifyReply {
  if (status === 429) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds ?? 60))));
  const body = {
    success: false,
    statusCode: status,
    status_code: status,
    message: typeof message === 'string' ? message : english(message),
  };
  return reply.code(status).send(typeof message === 'string' ? body : carrying(body, message));
}

/** The envelope of a service's refusal, in this API's shape. */
export const refusedWith = (reply: FastifyReply, refusal: { status: number; message: string; retryAfterSeconds?: number }) =>
  refused(reply, refusal.status, carried(refusal) ?? refusal.message, refusal.retryAfterSeconds);

/** The schema of `verified(data, message, extra)`, and of its refusals: every status answers this API's envelope. */
export function verifiedResponses(data: z.core.$ZodType, extra: Record<string, z.core.$ZodType> = {}, more: readonly number[] = []) {
  return responses(z.object({ success: z.literal(true), statusCode: z.literal(200), data, message: z.string(), ...extra }), more);
}
