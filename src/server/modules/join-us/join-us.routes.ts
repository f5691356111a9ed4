import type { FastifyInstance } from 'fastify';
import { joinUsRequestSchema, joinUsTrackSchema } from '../../../domain';
import { fail, failWith, ok, parseInput } from '../../http/envelope';
import { checkJoinUsMobileLimit, limitJoinUsByAddress } from './join-us-limits';
import { submitJoinUsRequest, trackJoinUsRequest } from './join-us.service';

/** Public partner registration and its tracking by mobile (spec 01 §2, §7). */
export async function joinUsRoutes(app: FastifyInstance): Promise<void> {
  const limited = { onRequest: limitJoinUsByAddress };

  app.post('/request', limited, async (request, reply) => {
    const body = parseInput(joinUsRequestSchema, request.body);
    if (!body.ok) return fail(reply, 400, body.message);
    const now = app.clock.now();
    const tooMany = await checkJoinUsMobileLimit(app.db, app.config, request.tenant, body.value.mobile, now);
    if (tooMany) return failWith(reply, tooMany);
    const stored = await submitJoinUsRequest(app.db, request.tenant, body.value, now);
    if (!stored.ok) return failWith(reply, stored);
    return ok(stored.value);
  });

  app.get('/track', limited, async (request, reply) => {
    const query = parseInput(joinUsTrackSchema, request.query, 'Query');
    if (!query.ok) return fail(reply, 400, query.message);
    const mobile = query.value.tracker_id;
    const tooMany = await checkJoinUsMobileLimit(app.db, app.config, request.tenant, mobile, app.clock.now());
    if (tooMany) return failWith(reply, tooMany);
    const tracked = await trackJoinUsRequest(app.db, request.tenant, mobile);
    if (!tracked.ok) return failWith(reply, tracked);
    return ok({ status: tracked.value.status }, tracked.value.message);
  });
}
