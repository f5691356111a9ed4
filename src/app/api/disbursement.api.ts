import { pathOf, type CoolingOffExitRequest, type CoolingOffView, type DisbursementView, type Envelope } from '../../domain';
import { DISBURSEMENT_PATHS as R } from '../../domain/routes/disbursement.paths';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// The payout and the cooling-off exit (issue 34), online only: never queued. Each write carries
// an Idempotency-Key fixed for the tap, so a retry of the same tap is a replay.

const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** `GET /api/v1/app/mfi/:id/disbursement`: the payout's state, amount, account (masked), UTR and times. */
export const fetchDisbursement = (applicationId: string): Promise<Envelope<DisbursementView>> =>
  requestEnvelope(mainApi.get(pathOf(R.read, { id: applicationId })));

/** `POST .../disbursement`: the maker's request, for the statement's disbursement date. */
export const requestDisbursement = (
  applicationId: string,
  disbursementDate: string,
  idempotencyKey: string,
): Promise<Envelope<DisbursementView>> =>
  requestEnvelope(mainApi.post(pathOf(R.request, { id: applicationId }), { disbursement_date: disbursementDate }, keyed(idempotencyKey)));

/** `POST .../disbursement/approve`: the checker's approval; answers the payout's state. */
export const approveDisbursement = (applicationId: string, idempotencyKey: string): Promise<Envelope<DisbursementView>> =>
  requestEnvelope(mainApi.post(pathOf(R.approve, { id: applicationId }), {}, keyed(idempotencyKey)));

/** `GET .../cooling-off-exit`: the amount payable today, with its working. */
export const fetchCoolingOff = (applicationId: string): Promise<Envelope<CoolingOffView>> =>
  requestEnvelope(mainApi.get(pathOf(R.coolingOff, { id: applicationId })));

/** `POST .../cooling-off-exit`: the receipt of the amount payable; the loan is cancelled. */
export const recordCoolingOffExit = (
  applicationId: string,
  body: CoolingOffExitRequest,
  idempotencyKey: string,
): Promise<Envelope<CoolingOffView>> => requestEnvelope(mainApi.post(pathOf(R.exit, { id: applicationId }), body, keyed(idempotencyKey)));
