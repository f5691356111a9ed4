import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGREEMENT_MSG } from '../../../domain';
import { AGREEMENT_ROUTES } from '../../../domain/routes/agreement.table';
import { answer } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';
import { accessBeforeBody, requireApplicationRole } from '../../kernels/access';
import { fileBytes, responses } from '../../http/route-responses';
import { agreementFile, makeAgreement, readAgreement, startEsign, verifyEsign, type AgreementCall } from './agreement.service';

/** How long the e-sign provider may take for one signature before it is given up (the step stays retryable). */
export const ESIGN_PROVIDER_TIMEOUT_MS = 20_000;

/**
 * The sanction letter and loan agreement and its e-sign (issue 33, docs/agreement-and-esign.md)
 * under /api/v1/app/mfi/{id}/agreement: the credit manager makes it in APPROVED; the credit
 * manager or the application's officer runs each signer's code; every POST takes an
 * Idempotency-Key (a double tap signs once).
 */
export const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: [requireApplicationRole] };
  const callOf = (request: FastifyRequest): AgreementCall => ({
    db: app.db,
    tenant: request.tenant,
    user: request.user!,
    now: app.clock.now(),
    storage: app.storage,
    esign: app.esign,
    otp: { db: app.db, config: app.config, clock: app.clock, sms: app.sms },
    address: request.ip,
    providerTimeoutMs: ESIGN_PROVIDER_TIMEOUT_MS,
  });
  const R = AGREEMENT_ROUTES;

  app.route({
    ...tableRoute(app, R.read),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await readAgreement(callOf(request), request.params.id)),
  });
  app.route({
    ...tableRoute(app, R.make, { body: noBody }),
    ...signedIn,
    preValidation: accessBeforeBody('agreement-make'),
    handler: async (request, reply) => answer(reply, await makeAgreement(callOf(request), request.params.id), AGREEMENT_MSG.made.en),
  });
  app.route({
    ...tableRoute(app, R.pdf, { response: responses(fileBytes) }),
    ...signedIn,
    handler: async (request, reply) => {
      const made = await agreementFile(callOf(request), request.params.id);
      if (!made.ok) return answer(reply, made);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${made.value.name}"`)
        .header('cache-control', 'no-store')
        .send(made.value.pdf);
    },
  });
  app.route({
    ...tableRoute(app, R.esign),
    ...signedIn,
    preValidation: accessBeforeBody('esign'),
    handler: async (request, reply) =>
      answer(reply, await startEsign(callOf(request), request.params.id, request.body), AGREEMENT_MSG.codeSent.en),
  });
  app.route({
    ...tableRoute(app, R.esignVerify),
    ...signedIn,
    preValidation: accessBeforeBody('esign'),
    handler: async (request, reply) =>
      answer(reply, await verifyEsign(callOf(request), request.params.id, request.body), AGREEMENT_MSG.signed.en),
  });
};
