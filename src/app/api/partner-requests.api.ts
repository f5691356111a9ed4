import type { Envelope, JoinUsRequest } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export type PartnerRequestId = string | number;

export type PartnerRequestSummary = {
  id: PartnerRequestId;
  first_name: string;
  last_name: string;
  mobile: string;
  business_name?: string | null;
  city: string;
  state: string;
  status: string;
  created_at: string;
};

export type PartnerRequestPage = { list: PartnerRequestSummary[]; total_pages: number; total_elements: number };

/** `mime` and `file_url` are null when the stored file is missing. */
export type PartnerDocument = { field: string; file_id: string; mime: string | null; file_url: string | null };

export type PartnerRequestDetail = Omit<JoinUsRequest, 'pan' | 'aadhaar_front' | 'aadhaar_back' | 'gst' | 'cancelled_cheque'> & {
  id: PartnerRequestId;
  status: string;
  reason?: string | null;
  created_at?: string;
  documents: PartnerDocument[];
};

export type PartnerRequestQuery = { status?: string; page: number; size: number };

const base = (id: PartnerRequestId) => `/v1/join-us/requests/${encodeURIComponent(String(id))}`;

/** Branch manager review list; `page` is zero-based (spec 01 §9). */
export function listPartnerRequests({ status, page, size }: PartnerRequestQuery): Promise<Envelope<PartnerRequestPage>> {
  return requestEnvelope(mainApi.get('/v1/join-us/requests', { params: { ...(status ? { status } : {}), page, size } }));
}

export function fetchPartnerRequest(id: PartnerRequestId): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.get(base(id)));
}

export function startPartnerVerification(id: PartnerRequestId): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.post(`${base(id)}/verify`));
}

export function approvePartnerRequest(id: PartnerRequestId): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.post(`${base(id)}/approve`));
}

export function rejectPartnerRequest(id: PartnerRequestId, reason: string): Promise<Envelope<PartnerRequestDetail>> {
  return requestEnvelope(mainApi.post(`${base(id)}/reject`, { reason }));
}
