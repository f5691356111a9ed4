import type { Envelope, TenantConfig } from '../../domain';
import { pathOf } from '../../domain/routes/route';
import { TENANT_PATHS } from '../../domain/routes/tenant.paths';
import { mainApi } from './clients';
import { requestEnvelope } from './envelope';

// Loaded before the first screen: the paths only (tenant.paths.ts), no zod.

export function fetchTenantConfig(hostname: string): Promise<Envelope<Partial<TenantConfig>>> {
  return requestEnvelope(mainApi.get(pathOf(TENANT_PATHS.config, { hostname })));
}

export function fetchTenantLogo(hostname: string): Promise<Envelope<{ logo_url: string }>> {
  return requestEnvelope(mainApi.get(pathOf(TENANT_PATHS.logo, { hostname })));
}
