import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emiStartDate, formatIsoDate, KFS_MSG, parseDate } from '../../../domain';
import { LOAN_OFFER_ROUTES } from '../../../domain/routes/loan-offer.table';
import { answer, ok } from '../../http/envelope';
import { tableRoute } from '../../http/table-route';
import { answerLanguageOf } from '../../kernels/messages';
import { requireApplicationRole } from '../../kernels/access';
import { confirmBreRejection, readBreInputs } from './bre-proposal.service';
import { acknowledgeStatement, resendStatement, sendStatement, statementPdf, type KfsCall } from './kfs-ack.service';
import { computeLoanOffer, updateLoanOffer, type OfferCall } from './loan-offer.service';
import { fileBytes, responses } from '../../http/route-responses';

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

  const R = LOAN_OFFER_ROUTES;

  /** The engine's inputs and the stored offer, read only: opening the offer decides nothing. */
  app.route({
    ...tableRoute(app, R.inputs),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await readBreInputs(callOf(request), request.query.application_id)),
  });
  app.route({
    ...tableRoute(app, R.compute),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await computeLoanOffer(callOf(request), request.body)),
  });
  app.route({
    ...tableRoute(app, R.update),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await updateLoanOffer(callOf(request), request.body), 'Loan offer updated'),
  });
  /** The credit manager confirms the engine's REJECTED proposal: the application moves to REJECTED. */
  app.route({
    ...tableRoute(app, R.confirmRejection),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await confirmBreRejection(callOf(request), request.body), 'Application rejected'),
  });
  const kfsCallOf = (request: FastifyRequest): KfsCall => ({
    ...callOf(request),
    otp: { db: app.db, config: app.config, clock: app.clock, sms: app.sms },
    address: request.ip,
  });
  /** The borrower's acknowledgement of the Key Fact Statement (kfs-ack.service.ts): the credit manager sends it, the borrower's code confirms it. */
  app.route({
    ...tableRoute(app, R.kfsSend),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await sendStatement(kfsCallOf(request), request.body), KFS_MSG.sent.en),
  });
  app.route({
    ...tableRoute(app, R.kfsResend),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await resendStatement(kfsCallOf(request), request.body), KFS_MSG.sent.en),
  });
  app.route({
    ...tableRoute(app, R.kfsAcknowledge),
    ...signedIn,
    handler: async (request, reply) => answer(reply, await acknowledgeStatement(kfsCallOf(request), request.body), KFS_MSG.acknowledged.en),
  });
  /** The statement as a PDF the borrower can keep, in the language asked for (Accept-Language: the app sends the statement's): its bytes, or the shared refusal. */
  app.route({
    ...tableRoute(app, R.kfsPdf, { response: responses(fileBytes) }),
    ...signedIn,
    handler: async (request, reply) => {
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
  });
  /** The EMI start date of a disbursement date (the 20th/21st rule); pure, for the offer screen. */
  app.route({
    ...tableRoute(app, R.emiStartDate),
    ...signedIn,
    handler: async (request) => ok({ emi_start_date: formatIsoDate(emiStartDate(parseDate(request.body.disbursement_date_str)!)) }),
  });
};
