import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resumeOf } from '../../../domain';
import { requireDesignation } from '../../http/auth-guards';
import { answer, fail, failWith, ok } from '../../http/envelope';
import { dated } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';
import { loadBeforeBody } from '../../http/loaded-before-body';
import { accessBeforeBody, isCreatorRole, loadApplicationFor, requireApplicationRole } from '../../kernels/access';
import { todayOf, type ApplicationDeps, type StepCall } from './application-deps';
import { applicationPatchBody } from './application-patch.input';
import { updateApplication } from './application-update.service';
import { applicationView, incompleteApplicationView } from './application-view.service';
import { APPLICATION_MSG } from './applications.messages';
import { findNewestDraftByPhone } from './applications.service';
import { countApplications, listApplications } from './applications-list.service';
import { decideDeviation, resubmitApplication } from './review.service';
import { listQueryOf } from '../../../domain/records/application-list.schema';
import { APPLICATION_ROUTES } from '../../../domain/routes/applications.table';
import { borrowerStepBody, loadBorrowerStep, submitBorrowerStep } from './borrower-step.service';
import { loadKycStep, submitKycStep, withBorrowerGender } from './kyc-step.service';

type ById = { Params: { id: string } };

/**
 * The application API (docs/application-api.md) under /api/v1/app/mfi: check the role, call a
 * service, answer the envelope. The writes name their application in the path: whose it is
 * needs the database, so it is checked in preValidation (accessBeforeBody, or the KYC submit's
 * own read, loadBeforeBody) and the route schema, the domain's, then validates the body: another
 * officer is told 404 and a reviewer 403 on the borrower step before anything about the body.
 */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ApplicationDeps = { db: app.db, clock: app.clock, providers: app.providers, aadhaarKey: app.secrets.aadhaarKey };
  const signedIn = { onRequest: [requireDesignation()] };
  // The public applicant flow's guest token reaches these for its own application (access-policy.ts, GUEST).
  const guestToo = { ...signedIn, config: { guest: true as const } };
  const callOf = <Body>(request: FastifyRequest & { body: Body }): StepCall<Body> => ({
    tenant: request.tenant,
    user: request.user!,
    id: (request.params as ById['Params']).id,
    body: request.body,
  });
  // The day of the forms' age rules is the request's (dated: the schema of the day).
  const today = () => todayOf(deps);
  // The KYC submit reads the application with the form's files in one query, before the body; the
  // form's schema then reads the borrower's gender as stored.
  const kyc = loadBeforeBody(async (request) => {
    const loaded = await loadKycStep(app.db, request.tenant, request.user!, (request.params as ById['Params']).id, request.body);
    if (loaded.ok) request.body = withBorrowerGender(request.body, loaded.value.application);
    return loaded;
  });

  // The borrower step reads its application before the body: access first, and the stored verified Aadhaar for a body without one.
  const borrowerRead = loadBeforeBody((request) => loadBorrowerStep(deps, request));

  const R = APPLICATION_ROUTES;

  app.route({
    ...tableRoute(app, R.count),
    ...signedIn,
    handler: async (request) => ok({ count: await countApplications(app.db, request.tenant, request.user!) }),
  });

  // The applications list (issue 13): tenant- and role-scoped, what waits for the caller by default.
  app.route({
    ...tableRoute(app, R.list),
    onRequest: [requireDesignation(), requireApplicationRole],
    handler: async (request) =>
      ok(await listApplications(app.db, request.tenant, request.user!, listQueryOf(request.query), app.clock.now())),
  });

  app.route({
    ...tableRoute(app, R.byPhone),
    onRequest: [requireDesignation(), requireApplicationRole],
    handler: async (request, reply) => {
      const user = request.user!;
      const row = await findNewestDraftByPhone(app.db, request.tenant, request.params.phone, isCreatorRole(user) ? user.id : null);
      if (!row || resumeOf(row.stage).route === null) return fail(reply, 404, APPLICATION_MSG.noIncompleteApplication);
      return ok(incompleteApplicationView(row));
    },
  });

  app.route({
    ...tableRoute(app, R.read),
    ...guestToo,
    handler: async (request, reply) => {
      const access = await loadApplicationFor(app.db, request.tenant, request.user!, request.params.id, 'read');
      if (!access.ok) return failWith(reply, access);
      return ok(await applicationView(app.db, request.tenant, access.application));
    },
  });

  app.route({
    ...tableRoute(app, R.borrower, { body: dated(today, borrowerStepBody) }),
    ...guestToo,
    preValidation: borrowerRead.preValidation,
    handler: async (request, reply) => answer(reply, await submitBorrowerStep(deps, callOf(request))),
  });
  // A review move's 409s are the policy's `review-move` (the body says whether it is one): the service answers them.
  app.route({
    ...tableRoute(app, R.update, { body: dated(today, applicationPatchBody) }),
    ...signedIn,
    preValidation: accessBeforeBody('update-application', true),
    handler: async (request, reply) => answer(reply, await updateApplication(deps, callOf(request))),
  });
  app.route({
    ...tableRoute(app, R.resubmit),
    ...signedIn,
    preValidation: accessBeforeBody('resubmit'),
    handler: async (request, reply) => answer(reply, await resubmitApplication(deps, callOf(request))),
  });
  app.route({
    ...tableRoute(app, R.deviation),
    ...signedIn,
    preValidation: accessBeforeBody('decide-deviation'),
    handler: async (request, reply) => answer(reply, await decideDeviation(deps, callOf(request))),
  });
  app.route({
    ...tableRoute(app, R.kyc),
    ...guestToo,
    preValidation: kyc.preValidation,
    handler: async (request, reply) => answer(reply, await submitKycStep(deps, callOf(request), kyc.loadedFor(request))),
  });
};
