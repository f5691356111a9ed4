import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsQueryOf } from '../../../domain/ops/insights';
import { INSIGHTS_ROUTES } from '../../../domain/routes/insights.table';
import { NOT_ALLOWED, requireDesignation } from '../../http/auth-guards';
import { fail, ok } from '../../http/envelope';
import { fileBytes, responses } from '../../http/route-responses';
import { tableRoute } from '../../http/table-route';
import { exportApplications, exportFileName, insightsCsv, insightsWorkbook } from './insights-export';
import { insightsOf } from './insights.service';

const gzip = promisify(gzipCallback);

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

  app.route({
    ...tableRoute(app, INSIGHTS_ROUTES.figures),
    ...managers,
    onSend: gzipped,
    handler: async (request) => ok(await insightsOf(app.db, request.tenant, insightsQueryOf(request.query), app.clock.now())),
  });

  /** The same figures and the applications behind them, as a workbook or a CSV file. */
  app.route({
    ...tableRoute(app, INSIGHTS_ROUTES.export, { response: responses(fileBytes) }),
    ...managers,
    handler: async (request, reply) => {
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
  });
};
