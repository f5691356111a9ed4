import {
  APPLICATION_ROUTES,
  CO_APPLICANT_ROUTES,
  pathOf,
  type ApplicationView,
  type Envelope,
  type IncompleteApplicationView,
} from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

/** An application as the server shows it (docs/application-api.md "Application view"): the route table's answer. */
export type { ApplicationView } from '../../domain';
export type PhoneLookup = IncompleteApplicationView;

export function fetchApplication(id: string): Promise<Envelope<ApplicationView>> {
  return requestEnvelope(mainApi.get(pathOf(APPLICATION_ROUTES.read, { id })));
}

export function fetchApplicationByPhone(phone: string): Promise<Envelope<PhoneLookup>> {
  return requestEnvelope(mainApi.get(pathOf(APPLICATION_ROUTES.byPhone, { phone })));
}

/** Bureau check of a rejected co-applicant again (online only: DECISIONS "Needs connection"). */
export function runBureauCheck(applicationId: string, coApplicantId: string): Promise<Envelope<Record<string, unknown>>> {
  return requestEnvelope(mainApi.post(pathOf(CO_APPLICANT_ROUTES.hardcheck, { id: applicationId, coId: coApplicantId }), {}));
}
