import type { FastifyInstance, FastifyRequest } from 'fastify';
import { businessCategoryList } from '../../../domain';
import { BUSINESS_LOOKUP_ROUTES } from '../../../domain/routes/business-lookups.table';
import { STEP_ROUTES } from '../../../domain/routes/steps.table';
import { BANKS } from '../../data/banks';
import { answer, ok } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessBeforeBody } from '../../kernels/access';
import { loadBeforeBody } from '../../http/loaded-before-body';
import type { StepCallAction } from '../../kernels/records';
import { loadBusinessStep, saveBusinessDetails, saveEmploymentInfo, type StepCall } from './business-details.service';

type ById = { Params: { id: string } };

/**
 * The business (or employment) step of an application (docs/application-api.md),
 * under /api/v1/app/mfi. As for the part-1 steps, whose application it is needs the database:
 * it is read in preValidation (accessBeforeBody, or the step's own read: loadBeforeBody), before
 * anything about the body; the route schema, the domain's form, then validates the body.
 * POST is the first create/update call (relationship officer, branch credit manager), PATCH the
 * separate one (branch manager): the access policy's step-first-call and step-second-call.
 */
export async function businessRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): StepCall => ({
    tenant: request.tenant,
    user: request.user!,
    db: app.db,
    now: () => app.clock.now(),
  });
  // The public applicant flow's guest token reaches the first calls for its own application (access-policy.ts, GUEST).
  const guest = { config: { guest: true } } as const;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const idOf = (request: FastifyRequest) => (request.params as ById['Params']).id;
  const businessRead = (action: StepCallAction) =>
    loadBeforeBody((request) => loadBusinessStep(callOf(request), idOf(request), request.body, action));

  for (const [route, action, extra] of [
    [STEP_ROUTES.business, 'step-first-call', guest],
    [STEP_ROUTES.businessSecond, 'step-second-call', {}],
  ] as const) {
    const business = businessRead(action);
    typed.route({
      ...tableRoute(app, route),
      ...extra,
      preValidation: business.preValidation,
      handler: async (request, reply) =>
        answer(reply, await saveBusinessDetails(callOf(request), request.params.id, request.body, business.loadedFor(request))),
    });
  }
  // Validated by the route schema, after the access check (404, 403) of preValidation.
  typed.route({
    ...tableRoute(app, STEP_ROUTES.employment),
    ...guest,
    preValidation: accessBeforeBody('change-step'),
    handler: async (request, reply) => answer(reply, await saveEmploymentInfo(callOf(request), request.params.id, request.body)),
  });
}

/**
 * Reference lists the business form reads (spec 01 §7: no payload), public like the pincode
 * lookup: the signed-out applicant flow (/apply-loan/business) needs them too, and the device
 * keeps them for offline use.
 */
export async function businessLookupRoutes(app: FastifyInstance): Promise<void> {
  const lists = { headers: { 'cache-control': 'public, max-age=3600' } };
  app.route({
    ...tableRoute(app, BUSINESS_LOOKUP_ROUTES.banks),
    handler: async (_request, reply) => reply.headers(lists.headers).send(ok(BANKS)),
  });
  app.route({
    ...tableRoute(app, BUSINESS_LOOKUP_ROUTES.categories),
    handler: async (_request, reply) => reply.headers(lists.headers).send(ok(businessCategoryList())),
  });
}
