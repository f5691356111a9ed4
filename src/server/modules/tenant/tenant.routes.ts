import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantAssetUrls, tenantFromHostname, type Tenant } from '../../../domain';
import { TENANT_ROUTES } from '../../../domain/routes/tenant.table';
import { failWith, ok } from '../../http/envelope';
import { accept, refuse } from '../../outcome';
import { loadBaseManifest, tenantManifest } from './manifest.service';
import { findTenant, toTenantConfig } from './tenant.service';
import { outboxPublicKey } from '../../keys/outbox-key';
import { errorResponse } from '../../http/route-responses';
import { tableRoute } from '../../http/table-route';

const CACHEABLE = 'public, max-age=300';

async function tenantOf(app: FastifyInstance, tenant: Tenant) {
  const row = await findTenant(app.db, tenant);
  return row ? accept(row) : refuse(404, 'Tenant not found');
}

/** Public tenant branding, by the :hostname path parameter (spec 01 §7). */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...tableRoute(app, TENANT_ROUTES.config),
    handler: async (request, reply) => {
      const row = await tenantOf(app, tenantFromHostname(request.params.hostname));
      if (!row.ok) return failWith(reply, row);
      reply.header('cache-control', CACHEABLE);
      // The outbox key's public half (keys/outbox-key.ts): the app seals its queued requests for it.
      return ok({ ...toTenantConfig(row.value), outbox_key: outboxPublicKey(app.secrets.outboxKey) });
    },
  });

  app.route({
    ...tableRoute(app, TENANT_ROUTES.logo),
    handler: async (request, reply) => {
      reply.header('cache-control', CACHEABLE);
      return ok({ logo_url: tenantAssetUrls(tenantFromHostname(request.params.hostname)).logo_url });
    },
  });
};

/** The installable manifest of the Host's tenant; it replaces the static default file. */
export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sent as text (application/manifest+json), so the schema documents it and checks nothing.
  const route = TENANT_ROUTES.manifest;
  (app as unknown as FastifyInstance).route({
    ...tableRoute(app, route, { response: { 200: route.answer, 404: errorResponse } }),
    handler: async (request, reply) => {
      const row = await tenantOf(app, request.tenant);
      if (!row.ok) return failWith(reply, row);
      const manifest = tenantManifest(await loadBaseManifest(), row.value);
      return reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', CACHEABLE)
        .header('vary', 'Host')
        .send(JSON.stringify(manifest));
    },
  });
};
