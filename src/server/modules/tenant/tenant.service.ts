import { eq } from 'drizzle-orm';
import { tenantAssetUrls, type Tenant, type TenantConfig } from '../../../domain';
import type { Db } from '../../db/client';
import { tenants, type TenantRow } from '../../db/schema';

export async function findTenant(db: Db, key: Tenant): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.key, key)).limit(1);
  return row ?? null;
}

export function toTenantConfig(row: TenantRow): TenantConfig {
  const urls = tenantAssetUrls(row.key as Tenant); // the seed keys rows by the Tenant values
  return {
    tenant: row.key,
    display_name: row.display_name,
    favicon_url: urls.favicon_url,
    logo_url: urls.logo_url,
    theme_color: row.theme_color,
    terms_url: row.terms_url,
    privacy_url: row.privacy_url,
    contact_url: row.contact_url,
    loan_pricing: row.pricing,
    loan_disclosures: row.disclosures,
    app_lock_idle_minutes: row.app_lock_idle_minutes,
  };
}
