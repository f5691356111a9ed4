import { pathOf, type Envelope } from '../../domain';
import { JOIN_US_REVIEW_ROUTES, type PartnerRequestDetail, type PartnerRequestPage } from '../../domain/routes/join-us-review.table';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export type {
  PartnerDocument,
  PartnerRequestDetail,
  PartnerRequestPage,
  PartnerRequestSummary,
} from '../../domain/routes/join-us-review.table';

export type PartnerRequestQuery = { status?: string; page: number; size: number };

/** Branch manager review list; `page` is zero-based (spec 01 §9). */
export function listPartnerRequests({ status, page, size }: PartnerRequestQuery): Promise<Envelope<PartnerRequestPage>> {
  return requestEnvelope(mainApi.get(pathOf(JOIN_US_REVIEW_ROUTES.list), { params: { ...(status ? { status } : {}), page, size } }));
}

export function fetchPartnerRequest(id: string): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.get(pathOf(JOIN_US_REVIEW_ROUTES.read, { id })));
}

export function startPartnerVerification(id: string): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.post(pathOf(JOIN_US_REVIEW_ROUTES.verify, { id })));
}

export function approvePartnerRequest(id: string): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.post(pathOf(JOIN_US_REVIEW_ROUTES.approve, { id })));
}

export function rejectPartnerRequest(id: string, reason: string): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.post(pathOf(JOIN_US_REVIEW_ROUTES.reject, { id }), { reason }));
}
