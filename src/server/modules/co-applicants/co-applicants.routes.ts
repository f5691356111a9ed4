import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answer } from '../../http/envelope';
import { checkedByService } from '../../http/route-schemas';
import { todayAt } from '../../shared/application-records';
import { coApplicantBody } from './co-applicant.input';
import * as z from 'zod/mini';
import { noBody } from '../../http/route-schemas';
import { applicationCoApplicantParams, applicationParams, coApplicantParams } from '../../shared/route-params';
import { answers } from '../../shared/route-responses';
import { coApplicantViewResponse } from '../../shared/application-responses';

const one = answers(coApplicantViewResponse);
import {
  addCoApplicant,
  getCoApplicant,
  hardcheckCoApplicant,
  listCoApplicants,
  updateCoApplicant,
  type CoApplicantCall,
} from './co-applicants.service';

type ById = { Params: { id: string } };
type ByCoId = { Params: { coId: string } };
type ByBoth = { Params: { id: string; coId: string } };

/**
 * Co-borrowers and guarantors of an application (docs/application-api.md), under
 * /api/v1/app/mfi. Whose application it is needs the database, so each service checks access
 * first and then parses the body (route-schemas.ts, checkedByService): another officer is told
 * 404 and a reviewer adding 403 before anything about the body.
 */
export async function coApplicantsRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): CoApplicantCall => ({
    tenant: request.tenant,
    user: request.user!,
    deps: { db: app.db, providers: app.providers, now: () => app.clock.now() },
  });
  // The day of the form's age rules is the request's; the document only needs its shape.
  const today = todayAt(app.clock.now());
  // The public applicant flow's guest token reaches these for its own application (access-policy.ts, GUEST).
  const guest = { config: { guest: true } } as const;

  app.post<ById>(
    '/:id/co-applicant',
    { ...guest, ...checkedByService({ params: applicationParams, body: coApplicantBody(today, 'add'), response: one }) },
    async (request, reply) => answer(reply, await addCoApplicant(callOf(request), request.params.id, request.body, 'add')),
  );
  app.post<ById>(
    '/:id/co-applicant/replace',
    checkedByService({ params: applicationParams, body: coApplicantBody(today, 'replace'), response: one }),
    async (request, reply) => answer(reply, await addCoApplicant(callOf(request), request.params.id, request.body, 'replace')),
  );
  app.get<ById>(
    '/:id/co-applicant',
    { ...guest, schema: { params: applicationParams, response: answers(z.array(coApplicantViewResponse)) } },
    async (request, reply) => answer(reply, await listCoApplicants(callOf(request), request.params.id)),
  );
  app.post<ByBoth>(
    '/:id/co-applicant/:coId/hardcheck',
    { schema: { params: applicationCoApplicantParams, body: noBody, response: one } },
    async (request, reply) => answer(reply, await hardcheckCoApplicant(callOf(request), request.params.id, request.params.coId)),
  );
  app.get<ByCoId>('/co-applicant/:coId', { ...guest, schema: { params: coApplicantParams, response: one } }, async (request, reply) =>
    answer(reply, await getCoApplicant(callOf(request), request.params.coId)),
  );
  app.patch<ByCoId>(
    '/co-applicant/:coId',
    { ...guest, ...checkedByService({ params: coApplicantParams, body: coApplicantBody(today, 'update'), response: one }) },
    async (request, reply) => answer(reply, await updateCoApplicant(callOf(request), request.params.coId, request.body)),
  );
}
