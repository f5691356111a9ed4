import type { Tenant } from '../policy/enums';

/**
 * Per-tenant branding defaults: the server's tenant config answers with these, and the app
 * falls back to them on a first start without network. Theme colours all keep at least
 * 4.5:1 contrast against white text.
 */
export const TENANT_BRANDING: Record<Tenant, { display_name: string; theme_color: string }> = {
  sahyog: { display_name: 'Sahyog', theme_color: '#0f766e' },
  catfin: { display_name: 'CatFin', theme_color: '#7c3aed' },
  capitalneed: { display_name: 'CapitalNeed', theme_color: '#1d4ed8' },
  acfl: { display_name: 'ACFL', theme_color: '#b45309' },
};

/** Static assets of a tenant, served from `public/tenants/<tenant>/`. */
export function tenantAssetUrls(tenant: Tenant) {
  const base = `/tenants/${tenant}`;
  return {
    logo_url: `${base}/logo.svg`,
    favicon_url: `${base}/favicon.svg`,
    icon_192_url: `${base}/icon-192.png`,
    icon_512_url: `${base}/icon-512.png`,
  };
}

/** The default terms and privacy pages served by the app (tenants without their own site). */
export const DEFAULT_TERMS_URL = '/terms.html';
export const DEFAULT_PRIVACY_URL = '/privacy.html';
