import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessCpvSchema, referenceListSchema, residenceCpvSchema } from '../../../domain';
import { answer } from '../../http/envelope';
import { accessBeforeBody } from '../../kernels/access';
import { applicationParams } from '../../http/route-params';
import { answers } from '../../http/route-responses';
import { fieldVerificationAnswerResponse } from '../../kernels/records';
import { REFERENCES_ADDED, saveCpv, saveReferences, type FieldVerificationCall } from './field-verification.service';

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
  const response = answers(fieldVerificationAnswerResponse);
  app.post(
    '/:id/business-cpv-info',
    { ...write, schema: { params: applicationParams, body: businessCpvSchema, response } },
    async (request, reply) => answer(reply, await saveCpv(callOf(request), request.params.id, request.body, 'business_place')),
  );
  app.post(
    '/:id/residence-cpv-info',
    { ...write, schema: { params: applicationParams, body: residenceCpvSchema, response } },
    async (request, reply) => answer(reply, await saveCpv(callOf(request), request.params.id, request.body, 'residence')),
  );
  // The public flow's reference-details step too (access-policy.ts, GUEST).
  app.patch(
    '/:id/reference',
    { ...write, config: { guest: true }, schema: { params: applicationParams, body: referenceListSchema, response } },
    async (request, reply) => answer(reply, await saveReferences(callOf(request), request.params.id, request.body), REFERENCES_ADDED),
  );
};
