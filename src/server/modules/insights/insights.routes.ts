import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { insightsExportQuerySchema, insightsQueryOf, insightsQuerySchema } from '../../../domain/ops/insights';
import { NOT_ALLOWED, requireDesignation } from '../../http/auth-guards';
import { fail, ok } from '../../http/envelope';
import { answers, fileBytes, responses } from '../../http/route-responses';
import { exportApplications, exportFileName, insightsCsv, insightsWorkbook } from './insights-export';
import { insightsOf } from './insights.service';

const gzip = promisify(gzipCallback);

const filter = z.object({
  figure: z.string(),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
  officer: z.optional(z.string()),
  queue: z.literal('all'),
});
const count = z.number();
const insightsResponse = z.object({
  tenant: z.object({ key: z.string(), name: z.string() }),
  range: z.object({ from: z.string(), to: z.string(), officer: z.nullable(z.object({ id: z.number(), name: z.string() })) }),
  generated_at: z.string(),
  funnel: z.array(z.object({ stage: z.string(), count, conversion: z.nullable(z.number()), filter })),
  cancelled: z.object({ count, filter }),
  turnaround: z.object({
    stages: z.array(z.object({ stage: z.string(), count, p50_hours: z.nullable(z.number()), p90_hours: z.nullable(z.number()), filter })),
    longest: z.nullable(z.string()),
  }),
  ageing: z.array(z.object({ queue: z.string(), buckets: z.array(z.object({ bucket: z.string(), count, filter })) })),
  rejections: z.array(z.object({ reason: z.string(), count, filter })),
  deviations: z.array(z.object({ type: z.string(), decision: z.string(), count, filter })),
  officers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      captured: count,
      sent_back: count,
      approved: count,
      rejected: count,
      approval_rate: z.nullable(z.number()),
      filters: z.object({ captured: filter, sent_back: filter, approved: filter }),
    }),
  ),
});

/** Staff only: a branch manager or credit manager of the tenant (an AGENT never, whatever its designation field says). */
async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
  return request.user?.role === 'MFI_EMPLOYEE' ? undefined : fail(reply, 403, NOT_ALLOWED);
}

/**
 * The figures of a big branch are about 90 KB of JSON (each figure's filter), 5 KB gzipped: sent
 * gzipped to a client that takes it (a phone on a slow network waits for every byte).
 */
async function gzipped(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' || payload.length < 1024 || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return payload;
  reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
  return gzip(payload);
}

/** The branch pipeline dashboard (issue 36, docs/insights.md) and its exports. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = { onRequest: [requireDesignation('BRANCH_MANAGER', 'BRANCH_CREDIT_MANAGER'), requireStaff] };

  app.get(
    '',
    { ...managers, onSend: gzipped, schema: { querystring: insightsQuerySchema, response: answers(insightsResponse) } },
    async (request) => ok(await insightsOf(app.db, request.tenant, insightsQueryOf(request.query), app.clock.now())),
  );

  /** The same figures and the applications behind them, as a workbook or a CSV file. */
  app.get(
    '/export',
    { ...managers, schema: { querystring: insightsExportQuerySchema, response: responses(fileBytes) } },
    async (request, reply) => {
      const q = insightsQueryOf(request.query);
      const [figures, apps] = await Promise.all([
        insightsOf(app.db, request.tenant, q, app.clock.now()),
        exportApplications(app.db, request.tenant, q),
      ]);
      const format = request.query.format;
      const body = format === 'xlsx' ? await insightsWorkbook(figures, apps) : insightsCsv(figures, apps);
      return reply
        .header(
          'content-type',
          format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${exportFileName(request.tenant, q, format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
