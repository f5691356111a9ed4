import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusText } from '../../../domain/policy/review-workflow';
import { selfApplicationText } from '../../../domain/steps/self-application';
import { TRACK_ROUTES } from '../../../domain/routes/track.table';
import { fail, ok } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { takeHit } from '../rate-limit/rate-limit.service';
import { findTracked } from './track.service';
import { byEnglish, said } from '../../kernels/messages';

/** jsonb_build_object answers null for a missing key; the domain reads absent keys. */
const withoutNulls = (data: Record<string, unknown> | null) => Object.fromEntries(Object.entries(data ?? {}).filter(([, v]) => v !== null));

/** Track calls per client address and hour (the route is public: no one may walk the tracker ids). */
export const TRACK_MAX_PER_ADDRESS_HOUR = 60;

export const TRACK_MSG = {
  notFound: said('track.notFound'),
  tooMany: (n: number) => said('joinUs.tooManyFromAddress', { n }),
} as const;

/** onRequest: counted per client address and tenant in the database (every API node shares the count). */
async function limitTrackByAddress(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const { db, clock } = request.server;
  const limit = { tenant: request.tenant, bucket: 'track:address', key: request.ip, max: TRACK_MAX_PER_ADDRESS_HOUR };
  const refused = await takeHit(db, limit, clock.now());
  if (!refused) return undefined;
  return fail(reply, 429, TRACK_MSG.tooMany(refused.retryMinutes), refused.retryMinutes * 60);
}

/**
 * GET /api/v1/track?tracker_id= (spec 02 §7, issue 13): public, the tenant from the host. It
 * answers the status and the status in words, never anything personal (no name, no phone, no
 * amount).
 */
export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...tableRoute(app, TRACK_ROUTES.track),
    onRequest: limitTrackByAddress,
    handler: async (request, reply) => {
      const trackerId = request.query.tracker_id;
      const row = await findTracked(app.db, request.tenant, trackerId);
      if (!row) return fail(reply, 404, TRACK_MSG.notFound);
      const text = (row.status === 'DRAFT' && selfApplicationText(withoutNulls(row.self))) || statusText(row.status);
      return ok(
        {
          tracker_id: trackerId,
          status: row.status,
          status_text: text,
          updated_at: row.updated_at.toISOString(),
          kfs_number: row.kfs_number,
        },
        byEnglish(text),
      );
    },
  });
};
