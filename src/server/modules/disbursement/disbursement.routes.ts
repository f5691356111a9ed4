import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DISBURSEMENT_ROUTES } from '../../../domain/routes/disbursement.table';
import { answer } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { tableRoute } from '../../http/table-route';
import { accessBeforeBody } from '../../kernels/access';
import { quoteCoolingOffExit, recordCoolingOffExit } from './cooling-off.service';
import { approvalMessage, approveDisbursement, readDisbursement, requestDisbursement, type DisbursementCall } from './disbursement.service';
import { said } from '../../kernels/messages';

/**
 * The payout and the cooling-off exit under /api/v1/app/mfi/:id (issue 34): the maker's request
 * (credit manager), the checker's approval (branch manager, never the maker), the payout's state,
 * and the borrower's exit in the cooling-off period. Each write takes an Idempotency-Key like
 * every POST (idempotency.plugin.ts); the access policy answers before the body is read.
 */
export const disbursementRoutes: FastifyPluginAsyncZod = async (app) => {
  const callOf = (request: FastifyRequest): DisbursementCall => ({
    db: app.db,
    payouts: app.payouts,
    sms: app.sms,
    clock: app.clock,
    config: app.config,
    log: (line) => app.log.warn(line),
    tenant: request.tenant,
    user: request.user!,
  });

  const R = DISBURSEMENT_ROUTES;

  app.route({
    ...tableRoute(app, R.read),
    handler: async (request, reply) => answer(reply, await readDisbursement(callOf(request), request.params.id)),
  });
  app.route({
    ...tableRoute(app, R.request),
    preValidation: accessBeforeBody('disburse'),
    handler: async (request, reply) =>
      answer(reply, await requestDisbursement(callOf(request), request.params.id, request.body), said('disbursement.requested')),
  });
  app.route({
    ...tableRoute(app, R.approve, { body: noBody }),
    preValidation: accessBeforeBody('approve-disbursement'),
    handler: async (request, reply) => {
      const approved = await approveDisbursement(callOf(request), request.params.id);
      return answer(reply, approved, approved.ok ? approvalMessage(approved.value) : undefined);
    },
  });
  app.route({
    ...tableRoute(app, R.coolingOff),
    handler: async (request, reply) => answer(reply, await quoteCoolingOffExit(callOf(request), request.params.id)),
  });
  app.route({
    ...tableRoute(app, R.exit),
    preValidation: accessBeforeBody('cooling-off-exit'),
    handler: async (request, reply) =>
      answer(reply, await recordCoolingOffExit(callOf(request), request.params.id, request.body), said('disbursement.cancelled')),
  });
};
