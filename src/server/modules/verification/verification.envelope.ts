import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { responses } from '../../http/route-responses';

// The verification API's client reads `statusCode` (spec 02 §7); DECISIONS.md's envelope reads
// `success` and `status_code`. Its answers carry both.

export function verified<T>(data: T, message: string, extra: Record<string, unknown> = {}) {
  return { success: true, statusCode: 200, data, message, ...extra };
}

export function refused(reply: FastifyReply, status: number, message: string, retryAfterSeconds?: number): FastifyReply {
  if (status === 429) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds ?? 60))));
  return reply.code(status).send({ success: false, statusCode: status, status_code: status, message });
}

/** The envelope of a service's refusal, in this API's shape. */
export const refusedWith = (reply: FastifyReply, refusal: { status: number; message: string; retryAfterSeconds?: number }) =>
  refused(reply, refusal.status, refusal.message, refusal.retryAfterSeconds);

/** The schema of `verified(data, message, extra)`, and of its refusals: every status answers this API's envelope. */
export function verifiedResponses(data: z.core.$ZodType, extra: Record<string, z.core.$ZodType> = {}, more: readonly number[] = []) {
  return responses(z.object({ success: z.literal(true), statusCode: z.literal(200), data, message: z.string(), ...extra }), more);
}
