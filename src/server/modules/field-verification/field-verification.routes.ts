import type { FastifyInstance, FastifyRequest } from 'fastify';
import { businessCpvSchema, referenceListSchema, residenceCpvSchema } from '../../../domain';
import { answer } from '../../http/envelope';
import { checkedByService } from '../../http/route-schemas';
import { applicationParams } from '../../shared/route-params';
import { answers } from '../../shared/route-responses';
import { fieldVerificationAnswerResponse } from '../../shared/application-responses';
import { REFERENCES_ADDED, saveCpv, saveReferences, type FieldVerificationCall } from './field-verification.service';

type ById = { Params: { id: string } };

/**
 * Field verification (CPV) and references (spec 02 §7), under /api/v1/app/mfi. Whose
 * application it is needs the database, so each service checks access first and then parses the
 * body with the domain's schema (the schemas here document the routes).
 */
export async function fieldVerificationRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): FieldVerificationCall => ({
    tenant: request.tenant,
    user: request.user!,
    db: app.db,
    now: () => app.clock.now(),
  });
  app.post<ById>(
    '/:id/business-cpv-info',
    checkedByService({ params: applicationParams, body: businessCpvSchema, response: answers(fieldVerificationAnswerResponse) }),
    async (request, reply) => answer(reply, await saveCpv(callOf(request), request.params.id, request.body, 'business_place')),
  );
  app.post<ById>(
    '/:id/residence-cpv-info',
    checkedByService({ params: applicationParams, body: residenceCpvSchema, response: answers(fieldVerificationAnswerResponse) }),
    async (request, reply) => answer(reply, await saveCpv(callOf(request), request.params.id, request.body, 'residence')),
  );
  app.patch<ById>(
    '/:id/reference',
    checkedByService({ params: applicationParams, body: referenceListSchema, response: answers(fieldVerificationAnswerResponse) }),
    async (request, reply) => answer(reply, await saveReferences(callOf(request), request.params.id, request.body), REFERENCES_ADDED),
  );
}
