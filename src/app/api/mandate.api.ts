import { pathOf, type Envelope, type MandateAuthoriseBody, type MandateRequestBody, type MandateView } from '../../domain';
import { MANDATE_PATHS as R } from '../../domain/routes/mandate.paths';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// The e-NACH mandate calls (issue 33, docs/mandate.md), online only: never queued. Each POST
// carries an Idempotency-Key fixed by the caller for one tap, so a retry registers once.

const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** `GET /api/v1/app/mfi/:id/mandate`: its state, limits, dates, account (masked), UMRN and attempts. */
export const fetchMandate = (applicationId: string): Promise<Envelope<MandateView>> =>
  requestEnvelope(mainApi.get(pathOf(R.read, { id: applicationId })));

/** `POST /api/v1/app/mfi/:id/mandate`: registers it on the verified account; the bank texts the borrower a code. */
export const registerMandate = (
  applicationId: string,
  idempotencyKey: string,
  body: MandateRequestBody = {},
): Promise<Envelope<MandateView>> => requestEnvelope(mainApi.post(pathOf(R.register, { id: applicationId }), body, keyed(idempotencyKey)));

/** `POST /api/v1/app/mfi/:id/mandate/authorise`: the borrower's code; the bank's UMRN registers it. */
export const authoriseMandate = (
  applicationId: string,
  body: MandateAuthoriseBody,
  idempotencyKey: string,
): Promise<Envelope<MandateView>> => requestEnvelope(mainApi.post(pathOf(R.authorise, { id: applicationId }), body, keyed(idempotencyKey)));
