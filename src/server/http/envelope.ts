import type { FastifyReply } from 'fastify';
import type { Fail, Ok } from '../../domain';

export function ok<T>(data: T, message?: string): Ok<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

/** The failure envelope; a 429 always tells when to try again (Retry-After, seconds). */
export function fail(reply: FastifyReply, status: number, message: string, retryAfterSeconds?: number): FastifyReply {
  if (status === 429) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds ?? 60))));
  const body: Fail = { success: false, message, status_code: status };
  return reply.code(status).send(body);
}

/** The envelope of a service's refusal. */
export const failWith = (reply: FastifyReply, refusal: { status: number; message: string; retryAfterSeconds?: number }) =>
  fail(reply, refusal.status, refusal.message, refusal.retryAfterSeconds);

type Parser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } } };
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates a JSON body (or a query object) with a domain schema; the first issue is the message. */
export function parseInput<T>(schema: Parser<T>, input: unknown, what = 'Request body'): Parsed<T> {
  if (!isPlainObject(input)) return { ok: false, message: `${what} must be a JSON object` };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid request' };
}
