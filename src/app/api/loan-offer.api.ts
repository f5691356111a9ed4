import {
  APPLICATION_ROUTES,
  pathOf,
  type BreInputsView,
  type Envelope,
  type KfsAcknowledgeRequest,
  type KfsAcknowledgement,
  type KfsLanguage,
  type KfsResendRequest,
  type KfsSendRequest,
  type KfsSent,
  type LoanOfferUpdate,
  type LoanOfferView,
} from '../../domain';
import { LOAN_OFFER_PATHS as R } from '../../domain/routes/loan-offer.paths';
import type { EmiStartDateAnswer } from '../../domain/routes/loan-offer.table';
import type { ApplicationView } from './applications.api';
import { mainApi } from './clients';
import { languageHeaders } from './http-rules';
import { requestEnvelope } from './envelope';

// The loan offer calls (spec 02 §7), online only (DECISIONS "Needs connection"): never queued.

/** `GET /api/v1/bureau/bre`: the engine's inputs (CPV figures, surplus and its parts) and the stored offer; computes nothing. */
export const fetchBreInputs = (applicationId: string): Promise<Envelope<BreInputsView>> =>
  requestEnvelope(mainApi.get(pathOf(R.inputs), { params: { application_id: applicationId } }));

/** `POST /api/v1/bureau/bre/confirm-rejection`: the credit manager confirms the engine's proposed rejection. */
export const confirmBreRejection = (applicationId: string, idempotencyKey: string): Promise<Envelope<LoanOfferView>> =>
  requestEnvelope(
    mainApi.post(pathOf(R.confirmRejection), { application_id: applicationId }, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );

/** `POST /api/v1/bureau/bre`: the stored offer (skip_cache false) or a fresh computation. */
export const fetchLoanOffer = (applicationId: string, skipCache: boolean): Promise<Envelope<LoanOfferView>> =>
  requestEnvelope(mainApi.post(pathOf(R.compute), { application_id: applicationId, skip_cache: skipCache }));

/** `PATCH /api/v1/bureau/bre`: an edit, or the acceptance; the key makes a retry of the same acceptance a replay. */
export const updateLoanOffer = (body: LoanOfferUpdate, idempotencyKey?: string): Promise<Envelope<LoanOfferView>> =>
  requestEnvelope(mainApi.patch(pathOf(R.update), body, idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined));

/** `POST /api/v1/bureau/get-emi-start-date-from-disbursement-date`. */
export const fetchEmiStartDate = (disbursementDate: string): Promise<Envelope<EmiStartDateAnswer>> =>
  requestEnvelope(mainApi.post(pathOf(R.emiStartDate), { disbursement_date_str: disbursementDate }));

/** The final submit: `PATCH /api/v1/app/mfi/:id {status: 'APPROVED'}` (the credit manager, after the acceptance). */
export const approveApplication = (applicationId: string, idempotencyKey: string): Promise<Envelope<ApplicationView>> =>
  requestEnvelope(
    mainApi.patch(
      pathOf(APPLICATION_ROUTES.update, { id: applicationId }),
      { status: 'APPROVED' },
      { headers: { 'Idempotency-Key': idempotencyKey } },
    ),
  );

/** `POST /api/v1/bureau/bre/kfs/send`: texts the statement shown (its number, in its language) and a code to the borrower. */
export const sendKfs = (body: KfsSendRequest): Promise<Envelope<KfsSent>> => requestEnvelope(mainApi.post(pathOf(R.kfsSend), body));

/** `POST /api/v1/bureau/bre/kfs/resend`: a new code for the same statement. */
export const resendKfs = (body: KfsResendRequest): Promise<Envelope<KfsSent>> => requestEnvelope(mainApi.post(pathOf(R.kfsResend), body));

/** `POST /api/v1/bureau/bre/kfs/acknowledge`: the borrower's code, with the device's position. */
export const acknowledgeKfs = (body: KfsAcknowledgeRequest): Promise<Envelope<KfsAcknowledgement>> =>
  requestEnvelope(mainApi.post(pathOf(R.kfsAcknowledge), body));

/** `GET /api/v1/bureau/bre/kfs/pdf`: the statement as a PDF in its language (asked with Accept-Language). */
export async function fetchKfsPdf(applicationId: string, language: KfsLanguage): Promise<Blob> {
  const res = await mainApi.get<Blob>(pathOf(R.kfsPdf), {
    params: { application_id: applicationId },
    headers: languageHeaders(language),
    responseType: 'blob',
  });
  return res.data;
}
