import type { Envelope, TenantConfig } from '../../domain';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

export function fetchTenantConfig(hostname: string): Promise<Envelope<Partial<TenantConfig>>> {
  return requestEnvelope(mainApi.get(`/public/tenant/hostname/${encodeURIComponent(hostname)}/config`));
}

export function fetchTenantLogo(hostname: string): Promise<Envelope<{ logo_url: string }>> {
  return requestEnvelope(mainApi.get(`/public/tenant/hostname/${encodeURIComponent(hostname)}/logo`));
}
