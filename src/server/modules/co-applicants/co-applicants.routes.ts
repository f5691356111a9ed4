import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer } from '../../http/envelope';
import { dated, noBody } from '../../http/route-schemas';
import { todayAt } from '../../kernels/records';
import { loadBeforeBody } from '../../http/loaded-before-body';
import { tableRoute } from '../../http/table-route';
import { CO_APPLICANT_ROUTES } from '../../../domain/routes/co-applicants.table';
import { coApplicantBody, type CoApplicantBody } from './co-applicant.input';
import { loadAdd } from './co-applicant-add.service';
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
  const R = CO_APPLICANT_ROUTES;
  const add = (kind: 'add' | 'replace') => ({ ...tableRoute(app, R[kind], { body: bodyOf(kind) }), preValidation: adding.preValidation });

  typed.route({
    ...add('add'),
    ...guest,
    handler: async (request, reply) =>
      answer(
        reply,
        await addCoApplicant(callOf(request), request.params.id, request.body as CoApplicantBody, 'add', adding.loadedFor(request)),
      ),
  });
  typed.route({
    ...add('replace'),
    handler: async (request, reply) =>
      answer(
        reply,
        await addCoApplicant(callOf(request), request.params.id, request.body as CoApplicantBody, 'replace', adding.loadedFor(request)),
      ),
  });
  typed.route({
    ...tableRoute(app, R.list),
    ...guest,
    handler: async (request, reply) => answer(reply, await listCoApplicants(callOf(request), request.params.id)),
  });
  typed.route({
    ...tableRoute(app, R.hardcheck, { body: noBody }),
    handler: async (request, reply) => answer(reply, await hardcheckCoApplicant(callOf(request), request.params.id, request.params.coId)),
  });
  typed.route({
    ...tableRoute(app, R.read),
    ...guest,
    handler: async (request, reply) => answer(reply, await getCoApplicant(callOf(request), request.params.coId)),
  });
  typed.route({
    ...tableRoute(app, R.update, { body: bodyOf('update') }),
    ...guest,
    preValidation: changing.preValidation,
    handler: async (request, reply) =>
      answer(reply, await updateCoApplicant(callOf(request), request.params.coId, request.body, changing.loadedFor(request))),
  });
}
