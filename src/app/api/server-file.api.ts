import type { Envelope } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** Spec 02 §7 "Preview file": a short-lived URL of a server file (online only). */
export const fetchFileUrl = (fileId: string): Promise<Envelope<{ file_url: string }>> =>
  requestEnvelope(mainApi.get('/v1/loan-application/presigned-url', { params: { file_id: fileId } }));
