import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { trace } from '@opentelemetry/api';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A proxy's id is kept when it looks like one (no spaces, no personal text); else a new UUID. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: every log line of a request carries it as `reqId`. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}

/** Every answer names its request id (X-Request-Id), and so does its trace span (tracing off: a no-op). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    trace.getActiveSpan()?.setAttribute('sahyog.request_id', request.id);
    done();
  });
}
