import type { FastifyInstance } from 'fastify';
import { tenantAssetUrls, tenantFromHostname, type Tenant } from '../../../domain';
import { failWith, ok } from '../../http/envelope';
import { accept, refuse } from '../../outcome';
import { loadBaseManifest, tenantManifest } from './manifest.service';
import { findTenant, toTenantConfig } from './tenant.service';

const CACHEABLE = 'public, max-age=300';

async function tenantOf(app: FastifyInstance, tenant: Tenant) {
  const row = await findTenant(app.db, tenant);
  return row ? accept(row) : refuse(404, 'Tenant not found');
}

/** Public tenant branding, by the :hostname path parameter (spec 01 §7). */
export async function tenantRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { hostname: string } }>('/hostname/:hostname/config', async (request, reply) => {
    const row = await tenantOf(app, tenantFromHostname(request.params.hostname));
    if (!row.ok) return failWith(reply, row);
    reply.header('cache-control', CACHEABLE);
    return ok(toTenantConfig(row.value));
  });

  app.get<{ Params: { hostname: string } }>('/hostname/:hostname/logo', async (request, reply) => {
    reply.header('cache-control', CACHEABLE);
    return ok({ logo_url: tenantAssetUrls(tenantFromHostname(request.params.hostname)).logo_url });
  });
}

/** The installable manifest of the Host's tenant; it replaces the static default file. */
export async function manifestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const row = await tenantOf(app, request.tenant);
    if (!row.ok) return failWith(reply, row);
    const manifest = tenantManifest(await loadBaseManifest(), row.value);
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', CACHEABLE)
      .header('vary', 'Host')
      .send(JSON.stringify(manifest));
  });
}
