import type { CoolingOffExitRequest, CoolingOffView, DisbursementView, Envelope } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// The payout and the cooling-off exit (issue 34), online only: never queued. Each write carries
// an Idempotency-Key fixed for the tap, so a retry of the same tap is a replay.

const base = (applicationId: string) => `/v1/app/mfi/${encodeURIComponent(applicationId)}`;
const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** `GET /api/v1/app/mfi/:id/disbursement`: the payout's state, amount, account (masked), UTR and times. */
export const fetchDisbursement = (applicationId: string): Promise<Envelope<DisbursementView>> =>
  requestEnvelope(mainApi.get(`${base(applicationId)}/disbursement`));

/** `POST .../disbursement`: the maker's request, for the statement's disbursement date. */
export const requestDisbursement = (
  applicationId: string,
  disbursementDate: string,
  idempotencyKey: string,
): Promise<Envelope<DisbursementView>> =>
  requestEnvelope(mainApi.post(`${base(applicationId)}/disbursement`, { disbursement_date: disbursementDate }, keyed(idempotencyKey)));

/** `POST .../disbursement/approve`: the checker's approval; answers the payout's state. */
export const approveDisbursement = (applicationId: string, idempotencyKey: string): Promise<Envelope<DisbursementView>> =>
  requestEnvelope(mainApi.post(`${base(applicationId)}/disbursement/approve`, {}, keyed(idempotencyKey)));

/** `GET .../cooling-off-exit`: the amount payable today, with its working. */
export const fetchCoolingOff = (applicationId: string): Promise<Envelope<CoolingOffView>> =>
  requestEnvelope(mainApi.get(`${base(applicationId)}/cooling-off-exit`));

/** `POST .../cooling-off-exit`: the receipt of the amount payable; the loan is cancelled. */
export const recordCoolingOffExit = (
  applicationId: string,
  body: CoolingOffExitRequest,
  idempotencyKey: string,
): Promise<Envelope<CoolingOffView>> =>
  requestEnvelope(mainApi.post(`${base(applicationId)}/cooling-off-exit`, body, keyed(idempotencyKey)));
