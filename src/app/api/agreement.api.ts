import type { AgreementView, Envelope, EsignSent } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// The loan agreement and its e-sign (issue 33), online only: never queued. Each POST carries an
// Idempotency-Key the screen keeps until it has an answer, so a double tap or a retry acts once.

const base = (id: string) => `/v1/app/mfi/${encodeURIComponent(id)}/agreement`;
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const fetchAgreement = (id: string): Promise<Envelope<AgreementView>> => requestEnvelope(mainApi.get(base(id)));
export const makeAgreement = (id: string, key: string): Promise<Envelope<AgreementView>> =>
  requestEnvelope(mainApi.post(base(id), undefined, keyed(key)));
export const sendEsignCode = (id: string, signerId: string, key: string): Promise<Envelope<EsignSent>> =>
  requestEnvelope(mainApi.post(`${base(id)}/esign`, { signer_id: signerId }, keyed(key)));
export const verifyEsignCode = (id: string, sessionId: string, otp: string, key: string): Promise<Envelope<AgreementView>> =>
  requestEnvelope(mainApi.post(`${base(id)}/esign/verify`, { session_id: sessionId, otp }, keyed(key)));

/** The current PDF (with the signatures so far). */
export async function fetchAgreementPdf(id: string): Promise<Blob> {
  const res = await mainApi.get<Blob>(`${base(id)}/pdf`, { responseType: 'blob' });
  return res.data;
}
