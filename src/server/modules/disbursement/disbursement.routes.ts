import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { coolingOffExitSchema, disbursementRequestSchema, PAYOUT_STATES } from '../../../domain';
import { answer } from '../../http/envelope';
import { noBody } from '../../http/route-schemas';
import { accessBeforeBody } from '../../kernels/access';
import { applicationParams } from '../../http/route-params';
import { answers, nullableString } from '../../http/route-responses';
import { quoteCoolingOffExit, recordCoolingOffExit } from './cooling-off.service';
import { approvalMessage, approveDisbursement, readDisbursement, requestDisbursement, type DisbursementCall } from './disbursement.service';
import { said } from '../../kernels/messages';

const nullableNumber = z.nullable(z.number());

const disbursementView = z.object({
  state: z.enum(PAYOUT_STATES),
  application_status: z.string(),
  reference: nullableString,
  amount: nullableNumber,
  account: nullableString,
  ifsc: nullableString,
  beneficiary_name: nullableString,
  disbursement_date: nullableString,
  utr: nullableString,
  requested_at: nullableString,
  requested_by: nullableNumber,
  approved_at: nullableString,
  approved_by: nullableNumber,
  settled_at: nullableString,
  failure_reason: nullableString,
  failed_attempts: z.number(),
  cooling_off_last_day: nullableString,
  cancelled: z.boolean(),
  planned: z.nullable(z.object({ amount: z.number(), disbursement_date: z.string(), account: nullableString, ifsc: nullableString })),
});

const coolingOffView = z.object({
  principal: z.number(),
  interest: z.number(),
  total: z.number(),
  days_held: z.number(),
  apr_percent: z.number(),
  disbursement_date: z.string(),
  exit_date: z.string(),
  last_day: z.string(),
  within_window: z.boolean(),
  working: z.string(),
  receipt_reference: nullableString,
  recorded_at: nullableString,
});

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

  app.get('/:id/disbursement', { schema: { params: applicationParams, response: answers(disbursementView) } }, async (request, reply) =>
    answer(reply, await readDisbursement(callOf(request), request.params.id)),
  );
  app.post(
    '/:id/disbursement',
    {
      preValidation: accessBeforeBody('disburse'),
      schema: { params: applicationParams, body: disbursementRequestSchema, response: answers(disbursementView) },
    },
    async (request, reply) =>
      answer(reply, await requestDisbursement(callOf(request), request.params.id, request.body), said('disbursement.requested')),
  );
  app.post(
    '/:id/disbursement/approve',
    {
      preValidation: accessBeforeBody('approve-disbursement'),
      schema: { params: applicationParams, body: noBody, response: answers(disbursementView) },
    },
    async (request, reply) => {
      const approved = await approveDisbursement(callOf(request), request.params.id);
      return answer(reply, approved, approved.ok ? approvalMessage(approved.value) : undefined);
    },
  );
  app.get('/:id/cooling-off-exit', { schema: { params: applicationParams, response: answers(coolingOffView) } }, async (request, reply) =>
    answer(reply, await quoteCoolingOffExit(callOf(request), request.params.id)),
  );
  app.post(
    '/:id/cooling-off-exit',
    {
      preValidation: accessBeforeBody('cooling-off-exit'),
      schema: { params: applicationParams, body: coolingOffExitSchema, response: answers(coolingOffView) },
    },
    async (request, reply) =>
      answer(reply, await recordCoolingOffExit(callOf(request), request.params.id, request.body), said('disbursement.cancelled')),
  );
};
