import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankAccountChangeSchema, bankAccountSchema } from '../../../domain';
import { answer } from '../../http/envelope';
import { accessBeforeBody } from '../../kernels/access';
import { stepAnswerResponse } from '../../kernels/records';
import { loadBeforeBody } from '../../http/loaded-before-body';
import { applicationParams } from '../../http/route-params';
import { answers } from '../../http/route-responses';
import { changeBankAccount } from './bank-account-change.service';
import { loadBankStep, saveBankAccount, type BankCall } from './bank-account.service';

/**
 * The bank account step of an application (docs/application-api.md), under /api/v1/app/mfi:
 * POST the first create/update call (relationship officer, branch credit manager), PATCH the
 * separate one (branch manager), as for the business step; whose application it is is read in
 * preValidation, before anything about the body.
 */
export async function bankAccountRoutes(app: FastifyInstance): Promise<void> {
  const callOf = (request: FastifyRequest): BankCall => ({
    tenant: request.tenant,
    user: request.user!,
    db: app.db,
    providers: app.providers,
    now: () => app.clock.now(),
  });
  const step = { params: applicationParams, response: answers(stepAnswerResponse) };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [method, action] of [
    ['POST', 'step-first-call'],
    ['PATCH', 'step-second-call'],
  ] as const) {
    const bank = loadBeforeBody((request) => loadBankStep(callOf(request), (request.params as { id: string }).id, action));
    typed.route({
      method,
      url: '/:id/bank-account',
      preValidation: bank.preValidation,
      schema: { ...step, body: bankAccountSchema },
      handler: async (request, reply) =>
        answer(
          reply,
          await saveBankAccount(callOf(request), request.params.id, request.body, action, bank.loadedFor(request)),
          'Bank details submitted successfully!',
        ),
    });
  }
  // "Change account": whoever may change the application gives up its verified account (issue 21 D1).
  typed.post(
    '/:id/bank-account/change',
    { preValidation: accessBeforeBody('change-account'), schema: { ...step, body: bankAccountChangeSchema } },
    async (request, reply) => answer(reply, await changeBankAccount(callOf(request), request.params.id, request.body)),
  );
}
