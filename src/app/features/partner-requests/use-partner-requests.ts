import { LIMITS } from '../../../domain';
import {
  fetchPartnerRequest,
  listPartnerRequests,
  type PartnerRequestDetail,
  type PartnerRequestPage,
} from '../../api/partner-requests.api';
import { useLoaded } from '../../components/use-loaded';

export function usePartnerRequestPage(status: string, page: number) {
  return useLoaded<PartnerRequestPage>(`${status}|${page}`, () =>
    listPartnerRequests({ status: status || undefined, page, size: LIMITS.pageSize }),
  );
}

export function usePartnerRequest(id: string) {
  return useLoaded<PartnerRequestDetail>(id, () => fetchPartnerRequest(id));
}
