import { pathOf, type AgreementView, type Envelope, type EsignSent } from '../../domain';
import { AGREEMENT_PATHS as R } from '../../domain/routes/agreement.paths';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// The loan agreement and its e-sign (issue 33), online only: never queued. Each POST carries an
// Idempotency-Key the screen keeps until it has an answer, so a double tap or a retry acts once.

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const fetchAgreement = (id: string): Promise<Envelope<AgreementView>> => requestEnvelope(mainApi.get(pathOf(R.read, { id })));
export const makeAgreement = (id: string, key: string): Promise<Envelope<AgreementView>> =>
  requestEnvelope(mainApi.post(pathOf(R.make, { id }), undefined, keyed(key)));
export const sendEsignCode = (id: string, signerId: string, key: string): Promise<Envelope<EsignSent>> =>
  requestEnvelope(mainApi.post(pathOf(R.esign, { id }), { signer_id: signerId }, keyed(key)));
export const verifyEsignCode = (id: string, sessionId: string, otp: string, key: string): Promise<Envelope<AgreementView>> =>
  requestEnvelope(mainApi.post(pathOf(R.esignVerify, { id }), { session_id: sessionId, otp }, keyed(key)));

/** The current PDF (with the signatures so far). */
export async function fetchAgreementPdf(id: string): Promise<Blob> {
  const res = await mainApi.get<Blob>(pathOf(R.pdf, { id }), { responseType: 'blob' });
  return res.data;
}
