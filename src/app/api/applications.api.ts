import type { Envelope } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** An application as the server shows it (docs/application-api.md "Application view"). */
export type ApplicationView = Record<string, unknown> & {
  id: string;
  tracker_id?: string;
  status: string;
  stage: string[];
  co_applicants?: Record<string, unknown>[];
  family_members?: Record<string, unknown>[];
};

export type PhoneLookup = {
  tracker_id: string;
  id: string;
  stage: string[];
  loan_type?: string;
  phone: string;
  name?: string;
  gender?: string;
  status: string;
};

export function fetchApplication(id: string): Promise<Envelope<ApplicationView>> {
  return requestEnvelope(mainApi.get(`/v1/app/mfi/${encodeURIComponent(id)}`));
}

export function fetchApplicationByPhone(phone: string): Promise<Envelope<PhoneLookup>> {
  return requestEnvelope(mainApi.get(`/v1/app/mfi/phone-number/${encodeURIComponent(phone)}`));
}

/** Bureau check of a rejected co-applicant again (online only: DECISIONS "Needs connection"). */
export function runBureauCheck(applicationId: string, coApplicantId: string): Promise<Envelope<Record<string, unknown>>> {
  return requestEnvelope(mainApi.post(`/v1/app/mfi/${applicationId}/co-applicant/${coApplicantId}/hardcheck`, {}));
}
