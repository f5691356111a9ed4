import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { httpDuration, httpRequests, registry } from '../observability/metrics';
import { errorResponse } from './route-responses';
import { fail } from './envelope';
import { handleNotFound } from './error-handler';
import { said } from '../messages/message-language';

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_REFUSED = said('text.aValidMetricsTokenIsRequired');

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts every answer (route pattern, never the URL: a mobile or an id never becomes a label) and
 * serves the Prometheus text format at GET /metrics to a caller holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`). Without a configured token the route answers 404, as if absent.
 */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    httpRequests.inc({ method: request.method, route, status, tenant: request.tenant });
    httpDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    done();
  });

  const token = app.config.metricsToken;
  app.get(
    METRICS_PATH,
    {
      schema: {
        hide: true,
        response: { 200: z.string(), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      if (!token) return handleNotFound(request, reply);
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), digest(token))) return fail(reply, 401, METRICS_TOKEN_REFUSED);
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}
