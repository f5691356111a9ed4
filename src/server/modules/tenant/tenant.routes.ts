import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { tenantAssetUrls, tenantFromHostname, type Tenant } from '../../../domain';
import { failWith, ok } from '../../http/envelope';
import { accept, refuse } from '../../outcome';
import { loadBaseManifest, tenantManifest } from './manifest.service';
import { findTenant, toTenantConfig } from './tenant.service';
import { outboxPublicKey } from '../../keys/outbox-key';
import { answers, errorResponse } from '../../http/route-responses';
import { said } from '../../kernels/messages';

const hostnameParams = z.object({ hostname: z.string().check(z.maxLength(253)) });

/** TenantConfig of domain/identity/profile.ts, every field. */
const tenantConfigResponse = z.object({
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

const CACHEABLE = 'public, max-age=300';

async function tenantOf(app: FastifyInstance, tenant: Tenant) {
  const row = await findTenant(app.db, tenant);
  return row ? accept(row) : refuse(404, said('text.tenantNotFound'));
}

/** Public tenant branding, by the :hostname path parameter (spec 01 §7). */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hostname/:hostname/config',
    { schema: { params: hostnameParams, response: answers(tenantConfigResponse) } },
    async (request, reply) => {
      const row = await tenantOf(app, tenantFromHostname(request.params.hostname));
      if (!row.ok) return failWith(reply, row);
      reply.header('cache-control', CACHEABLE);
      // The outbox key's public half (keys/outbox-key.ts): the app seals its queued requests for it.
      return ok({ ...toTenantConfig(row.value), outbox_key: outboxPublicKey(app.secrets.outboxKey) });
    },
  );

  app.get(
    '/hostname/:hostname/logo',
    { schema: { params: hostnameParams, response: answers(z.object({ logo_url: z.string() })) } },
    async (request, reply) => {
      reply.header('cache-control', CACHEABLE);
      return ok({ logo_url: tenantAssetUrls(tenantFromHostname(request.params.hostname)).logo_url });
    },
  );
};

/** The installable manifest of the Host's tenant; it replaces the static default file. */
export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sent as text (application/manifest+json), so the schema documents it and checks nothing.
  const manifestResponse = { 200: z.looseObject({ name: z.string(), short_name: z.string(), start_url: z.string() }), 404: errorResponse };
  (app as unknown as FastifyInstance).get('/manifest.webmanifest', { schema: { response: manifestResponse } }, async (request, reply) => {
    const row = await tenantOf(app, request.tenant);
    if (!row.ok) return failWith(reply, row);
    const manifest = tenantManifest(await loadBaseManifest(), row.value);
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', CACHEABLE)
      .header('vary', 'Host')
      .send(JSON.stringify(manifest));
  });
};
