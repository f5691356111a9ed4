import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer } from '../../http/envelope';
import { dated, noBody } from '../../http/route-schemas';
import { todayAt, coApplicantViewResponse } from '../../kernels/records';
import { loadBeforeBody } from '../../http/loaded-before-body';
import { coApplicantBody, type CoApplicantBody } from './co-applicant.input';
import { loadAdd } from './co-applicant-add.service';
import * as z from 'zod/mini';
import { applicationCoApplicantParams, applicationParams, coApplicantParams } from '../../http/route-params';
import { answers } from '../../http/route-responses';

const one = answers(coApplicantViewResponse);
import {
  addCoApplicant,
  getCoApplicant,
  hardcheckCoApplicant,
  listCoApplicants,
  loadCoApplicantFor,
  updateCoApplicant,
  type CoApplicantCall,
} from './co-applicants.service';

type ById = { Params: { id: string } };
type ByCoId = { Params: { coId: string } };
type ByBoth = { Params: { id: string; coId: string } };

/**
 * Co-borrowers and guarantors of an application (docs/application-api.md), under
 * /api/v1/app/mfi. Whose application it is needs the database: a write reads it in
 * preValidation (loadBeforeBody: the add's one query, the record with its application), so
 * another officer is told 404 and a reviewer adding 403 before anything about the body; the route
 * schema (the form's) then validates the body, and the service takes it parsed with what was read.
 */
export async function coApplicantsRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): CoApplicantCall => ({
    tenant: request.tenant,
    user: request.user!,
    deps: { db: app.db, providers: app.providers, now: () => app.clock.now() },
  });
  // The day of the form's age rules is the request's (dated: the schema of the day).
  const today = () => todayAt(app.clock.now());
  const bodyOf = (kind: 'add' | 'replace' | 'update') => dated(today, (day) => coApplicantBody(day, kind));
  // The public applicant flow's guest token reaches these for its own application (access-policy.ts, GUEST).
  const guest = { config: { guest: true } } as const;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const adding = loadBeforeBody((request) =>
    loadAdd(app.db, request.tenant, request.user!, (request.params as ById['Params']).id, request.body),
  );
  const changing = loadBeforeBody((request) =>
    loadCoApplicantFor(callOf(request), (request.params as ByCoId['Params']).coId, 'change-record'),
  );
  const add = (kind: 'add' | 'replace') => ({
    preValidation: adding.preValidation,
    schema: { params: applicationParams, body: bodyOf(kind), response: one },
  });

  typed.post('/:id/co-applicant', { ...guest, ...add('add') }, async (request, reply) =>
    answer(
      reply,
      await addCoApplicant(callOf(request), request.params.id, request.body as CoApplicantBody, 'add', adding.loadedFor(request)),
    ),
  );
  typed.post('/:id/co-applicant/replace', add('replace'), async (request, reply) =>
    answer(
      reply,
      await addCoApplicant(callOf(request), request.params.id, request.body as CoApplicantBody, 'replace', adding.loadedFor(request)),
    ),
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
  typed.patch(
    '/co-applicant/:coId',
    { ...guest, preValidation: changing.preValidation, schema: { params: coApplicantParams, body: bodyOf('update'), response: one } },
    async (request, reply) =>
      answer(reply, await updateCoApplicant(callOf(request), request.params.coId, request.body, changing.loadedFor(request))),
  );
}
