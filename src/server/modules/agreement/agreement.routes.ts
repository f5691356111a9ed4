import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agreementViewSchema, esignSentSchema, esignStartSchema, esignVerifySchema } from '../../../domain';
import { answer } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { accessBeforeBody, requireApplicationRole } from '../../kernels/access';
import { applicationParams } from '../../http/route-params';
import { answers, fileBytes, responses } from '../../http/route-responses';
import { agreementFile, makeAgreement, readAgreement, startEsign, verifyEsign, type AgreementCall } from './agreement.service';
import { said } from '../../kernels/messages';

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
  const view = answers(agreementViewSchema);

  app.get('/:id/agreement', { ...signedIn, schema: { params: applicationParams, response: view } }, async (request, reply) =>
    answer(reply, await readAgreement(callOf(request), request.params.id)),
  );
  app.post(
    '/:id/agreement',
    { ...signedIn, preValidation: accessBeforeBody('agreement-make'), schema: { params: applicationParams, body: noBody, response: view } },
    async (request, reply) => answer(reply, await makeAgreement(callOf(request), request.params.id), said('agreement.made')),
  );
  app.get(
    '/:id/agreement/pdf',
    { ...signedIn, schema: { params: applicationParams, response: responses(fileBytes) } },
    async (request, reply) => {
      const made = await agreementFile(callOf(request), request.params.id);
      if (!made.ok) return answer(reply, made);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${made.value.name}"`)
        .header('cache-control', 'no-store')
        .send(made.value.pdf);
    },
  );
  app.post(
    '/:id/agreement/esign',
    {
      ...signedIn,
      preValidation: accessBeforeBody('esign'),
      schema: { params: applicationParams, body: esignStartSchema, response: answers(esignSentSchema) },
    },
    async (request, reply) => answer(reply, await startEsign(callOf(request), request.params.id, request.body), said('agreement.codeSent')),
  );
  app.post(
    '/:id/agreement/esign/verify',
    {
      ...signedIn,
      preValidation: accessBeforeBody('esign'),
      schema: { params: applicationParams, body: esignVerifySchema, response: view },
    },
    async (request, reply) => answer(reply, await verifyEsign(callOf(request), request.params.id, request.body), said('agreement.signed')),
  );
};
