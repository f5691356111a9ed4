import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  breInputsQuerySchema,
  breRequestSchema,
  confirmRejectionSchema,
  emiStartDateRequestSchema,
  emiStartDate,
  formatIsoDate,
  kfsAcknowledgeSchema,
  kfsAcknowledgementSchema,
  kfsResendSchema,
  kfsSendSchema,
  kfsSentSchema,
  loanOfferUpdateSchema,
  parseDate,
} from '../../../domain';
import { answer, ok } from '../../http/envelope';
import { answerLanguageOf, said } from '../../kernels/messages';
import { requireApplicationRole } from '../../kernels/access';
import * as z from 'zod/mini';
import { confirmBreRejection, readBreInputs } from './bre-proposal.service';
import { acknowledgeStatement, resendStatement, sendStatement, statementPdf, type KfsCall } from './kfs-ack.service';
import { computeLoanOffer, updateLoanOffer, type OfferCall } from './loan-offer.service';
import { answers, fileBytes, openObject, responses } from '../../http/route-responses';

// The offer and the engine's inputs are big views of the domain's types (LoanOfferView,
// BreInputsView): open objects, so that no field the offer screen reads is dropped.
const offerView = openObject({ decision: z.string(), key_facts: z.nullable(openObject({})), updated_info: openObject({}) });
const breInputsView = z.object({
  inputs: z.nullable(openObject({})),
  missing: z.array(z.string()),
  offer: z.nullable(offerView),
  offer_current: z.boolean(),
});

/**
 * The loan offer under /api/v1/bureau (spec 02 §7, DECISIONS.md "Business rules engine and loan
 * offer"): a designation that takes no part in applications is refused before the body is read;
 * the body's schema; then whose application it is (another officer's or tenant's 404) and the role
 * (reviewers compute and read, the branch credit manager edits, accepts and confirms the engine's
 * rejection; an officer 403).
 */
export const loanOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: [requireApplicationRole] };
  const callOf = (request: FastifyRequest): OfferCall => ({
    db: app.db,
    tenant: request.tenant,
    user: request.user!,
    now: app.clock.now(),
    breScore: app.providers.breScore,
  });

  /** The engine's inputs and the stored offer, read only: opening the offer decides nothing. */
  app.get(
    '/bre',
    { ...signedIn, schema: { querystring: breInputsQuerySchema, response: answers(breInputsView) } },
    async (request, reply) => answer(reply, await readBreInputs(callOf(request), request.query.application_id)),
  );
  app.post('/bre', { ...signedIn, schema: { body: breRequestSchema, response: answers(offerView) } }, async (request, reply) =>
    answer(reply, await computeLoanOffer(callOf(request), request.body)),
  );
  app.patch('/bre', { ...signedIn, schema: { body: loanOfferUpdateSchema, response: answers(offerView) } }, async (request, reply) =>
    answer(reply, await updateLoanOffer(callOf(request), request.body), 'Loan offer updated'),
  );
  /** The credit manager confirms the engine's REJECTED proposal: the application moves to REJECTED. */
  app.post(
    '/bre/confirm-rejection',
    { ...signedIn, schema: { body: confirmRejectionSchema, response: answers(offerView) } },
    async (request, reply) => answer(reply, await confirmBreRejection(callOf(request), request.body), 'Application rejected'),
  );
  const kfsCallOf = (request: FastifyRequest): KfsCall => ({
    ...callOf(request),
    otp: { db: app.db, config: app.config, clock: app.clock, sms: app.sms },
    address: request.ip,
  });
  /** The borrower's acknowledgement of the Key Fact Statement (kfs-ack.service.ts): the credit manager sends it, the borrower's code confirms it. */
  app.post('/bre/kfs/send', { ...signedIn, schema: { body: kfsSendSchema, response: answers(kfsSentSchema) } }, async (request, reply) =>
    answer(reply, await sendStatement(kfsCallOf(request), request.body), said('kfs.sent')),
  );
  app.post(
    '/bre/kfs/resend',
    { ...signedIn, schema: { body: kfsResendSchema, response: answers(kfsSentSchema) } },
    async (request, reply) => answer(reply, await resendStatement(kfsCallOf(request), request.body), said('kfs.sent')),
  );
  app.post(
    '/bre/kfs/acknowledge',
    { ...signedIn, schema: { body: kfsAcknowledgeSchema, response: answers(kfsAcknowledgementSchema) } },
    async (request, reply) => answer(reply, await acknowledgeStatement(kfsCallOf(request), request.body), said('kfs.acknowledged')),
  );
  /** The statement as a PDF the borrower can keep, in the language asked for (Accept-Language: the app sends the statement's): its bytes, or the shared refusal. */
  app.get(
    '/bre/kfs/pdf',
    { ...signedIn, schema: { querystring: breInputsQuerySchema, response: responses(fileBytes) } },
    async (request, reply) => {
      const made = await statementPdf(
        callOf(request),
        app.documents,
        request.query.application_id,
        answerLanguageOf(request.headers['accept-language']),
      );
      if (!made.ok) return answer(reply, made);
      return reply
        .header('content-type', 'application/pdf')
        .header('vary', 'Accept-Language')
        .header('content-disposition', `attachment; filename="${made.value.name}"`)
        .header('cache-control', 'no-store')
        .send(made.value.pdf);
    },
  );
  /** The EMI start date of a disbursement date (the 20th/21st rule); pure, for the offer screen. */
  app.post(
    '/get-emi-start-date-from-disbursement-date',
    { ...signedIn, schema: { body: emiStartDateRequestSchema, response: answers(z.object({ emi_start_date: z.string() })) } },
    async (request) => ok({ emi_start_date: formatIsoDate(emiStartDate(parseDate(request.body.disbursement_date_str)!)) }),
  );
};
