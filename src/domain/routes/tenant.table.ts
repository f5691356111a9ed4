import * as z from 'zod/mini';
import { routeTable } from './route';
import { TENANT_PATHS } from './tenant.paths';

const hostnameParams = z.object({ hostname: z.string().check(z.maxLength(253)) });

/** TenantConfig of identity/profile.ts, every field (the app's type keeps `outbox_key` optional: a config cached before it had none). */
export const tenantConfigSchema = z.object({
  tenant: z.string(),
  display_name: z.string(),
  favicon_url: z.string(),
  logo_url: z.string(),
  theme_color: z.string(),
  terms_url: z.string(),
  privacy_url: z.string(),
  contact_url: z.string(),
  loan_pricing: z.object({
    interest_rate_pa: z.record(z.string(), z.number()),
    processing_fee_rate: z.number(),
    gst_on_fee_rate: z.number(),
    insurance_rate: z.number(),
  }),
  loan_disclosures: z.object({
    contingent_charges: z.object({
      penal_charge_per_instalment: z.number(),
      bounce_charge: z.number(),
      foreclosure_charge_rate: z.number(),
      gst_rate: z.number(),
    }),
    insurer_name: z.string(),
    grievance_officer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
    cooling_off_days: z.number(),
  }),
  app_lock_idle_minutes: z.number(),
  outbox_key: z.object({
    kid: z.string(),
    jwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
  }),
});

/**
 * Public tenant branding by the :hostname path parameter, and the installable manifest of the
 * Host's tenant (it replaces the static default file; sent as text, so its schema documents it).
 */
export const TENANT_ROUTES = routeTable({
  config: { ...TENANT_PATHS.config, params: hostnameParams, answer: tenantConfigSchema },
  logo: { ...TENANT_PATHS.logo, params: hostnameParams, answer: z.object({ logo_url: z.string() }) },
  manifest: {
    method: 'GET',
    path: '/manifest.webmanifest',
    answer: z.looseObject({ name: z.string(), short_name: z.string(), start_url: z.string() }),
  },
});
