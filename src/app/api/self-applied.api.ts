import type { Envelope } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** A submitted self-application waiting for an officer (the branch's "Self-applied" list). */
export type SelfAppliedItem = {
  id: string;
  tracker_id: string | null;
  name: string | null;
  phone: string | null;
  submitted_at: string;
  loan_type: string | null;
};

export function listSelfApplied(): Promise<Envelope<SelfAppliedItem[]>> {
  return requestEnvelope(mainApi.get('/v1/app/mfi/self-applied'));
}

/** A relationship officer takes a self-application over (409 when another officer was first). */
export function takeOverApplication(id: string): Promise<Envelope<{ application_id: string }>> {
  return requestEnvelope(mainApi.post(`/v1/app/mfi/${encodeURIComponent(id)}/take-over`, {}));
}
