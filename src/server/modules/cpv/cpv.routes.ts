import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STEP_ROUTES } from '../../../domain/routes/steps.table';
import { answer } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { accessBeforeBody } from '../../kernels/access';
import { REFERENCES_ADDED, saveCpv, saveReferences, type FieldVerificationCall } from './cpv.service';

/**
 * Field verification (CPV) and references (spec 02 §7), under /api/v1/app/mfi. Whose
 * application it is and the designation are answered before the body (404, 403); the route
 * schema (the domain's form) validates it; the service checks the state under its lock.
 */
export const fieldVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const callOf = (request: FastifyRequest): FieldVerificationCall => ({
    tenant: request.tenant,
    user: request.user!,
    db: app.db,
    now: () => app.clock.now(),
  });
  const write = { preValidation: accessBeforeBody('field-verify') };
  app.route({
    ...tableRoute(app, STEP_ROUTES.businessCpv),
    ...write,
    handler: async (request, reply) => answer(reply, await saveCpv(callOf(request), request.params.id, request.body, 'business_place')),
  });
  app.route({
    ...tableRoute(app, STEP_ROUTES.residenceCpv),
    ...write,
    handler: async (request, reply) => answer(reply, await saveCpv(callOf(request), request.params.id, request.body, 'residence')),
  });
  // The public flow's reference-details step too (access-policy.ts, GUEST).
  app.route({
    ...tableRoute(app, STEP_ROUTES.references),
    ...write,
    config: { guest: true },
    handler: async (request, reply) =>
      answer(reply, await saveReferences(callOf(request), request.params.id, request.body), REFERENCES_ADDED),
  });
};
