import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANDATE_MSG } from '../../../domain';
import { MANDATE_ROUTES } from '../../../domain/routes/mandate.table';
import { answer } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { accessBeforeBody, requireApplicationRole } from '../../kernels/access';
import { authoriseMandate, ENACH_TIMEOUT_MS, readMandate, registerMandate, type MandateCall } from './mandate.service';

/**
 * The e-NACH mandate of an application (issue 33, docs/mandate.md) under /api/v1/app/mfi: the
 * credit manager registers it (APPROVED or AGREEMENT_SIGNED) and passes on the borrower's code;
 * the application's readers see where it stands. The policy's answer (404, 403) comes before the
 * body; the state's 409 is the service's, after a replay of a registration is recognised.
 */
export const mandateRoutes: FastifyPluginAsyncZod<{ enachTimeoutMs?: number }> = async (app, options) => {
  const signedIn = { onRequest: [requireApplicationRole] };
  const callOf = (request: FastifyRequest): MandateCall => ({
    db: app.db,
    tenant: request.tenant,
    user: request.user!,
    now: app.clock.now(),
    enach: app.providers.enach,
    timeoutMs: options.enachTimeoutMs ?? ENACH_TIMEOUT_MS,
  });

  const R = MANDATE_ROUTES;

  app.route({
    ...tableRoute(app, R.read),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await readMandate(callOf(request), request.params.id)),
  });
  app.route({
    ...tableRoute(app, R.register),
    ...signedIn,
    preValidation: accessBeforeBody('mandate', true),
    handler: async (request, reply) =>
      answer(reply, await registerMandate(callOf(request), request.params.id, request.body), MANDATE_MSG.sent.en),
  });
  app.route({
    ...tableRoute(app, R.authorise),
    ...signedIn,
    preValidation: accessBeforeBody('mandate', true),
    handler: async (request, reply) =>
      answer(reply, await authoriseMandate(callOf(request), request.params.id, request.body), MANDATE_MSG.registered.en),
  });
};
