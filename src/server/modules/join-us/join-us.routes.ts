import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOIN_US_ROUTES } from '../../../domain/routes/join-us.table';
import { answer, failWith, ok } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { checkJoinUsMobileLimit, limitJoinUsByAddress } from './join-us-limits';
import { submitJoinUsRequest, trackJoinUsRequest } from './join-us.service';

/** Public partner registration and its tracking by mobile (spec 01 §2, §7). */
export const joinUsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted per client address on request, before the body is read or validated.
  const limited = { onRequest: limitJoinUsByAddress };

  app.route({
    ...tableRoute(app, JOIN_US_ROUTES.request),
    ...limited,
    handler: async (request, reply) => {
      const now = app.clock.now();
      const tooMany = await checkJoinUsMobileLimit(app.db, app.config, request.tenant, request.body.mobile, now);
      if (tooMany) return failWith(reply, tooMany);
      return answer(reply, await submitJoinUsRequest(app.db, request.tenant, request.body, now));
    },
  });

  app.route({
    ...tableRoute(app, JOIN_US_ROUTES.track),
    ...limited,
    handler: async (request, reply) => {
      const mobile = request.query.tracker_id;
      const tooMany = await checkJoinUsMobileLimit(app.db, app.config, request.tenant, mobile, app.clock.now());
      if (tooMany) return failWith(reply, tooMany);
      const tracked = await trackJoinUsRequest(app.db, request.tenant, mobile);
      if (!tracked.ok) return failWith(reply, tracked);
      return ok({ status: tracked.value.status }, tracked.value.message);
    },
  });
};
