import type { FastifyInstance, FastifyReply } from 'fastify';
import { tenantAssetUrls, tenantFromHostname, type Tenant } from '../../../domain';
import { fail, ok } from '../../http/envelope';
import { loadBaseManifest, tenantManifest } from './manifest.service';
import { findTenant, toTenantConfig } from './tenant.service';

const CACHEABLE = 'public, max-age=300';

async function tenantOr404(app: FastifyInstance, reply: FastifyReply, tenant: Tenant) {
  const row = await findTenant(app.db, tenant);
  if (!row) fail(reply, 404, 'Tenant not found');
  return row;
}

/** Public tenant branding, by the :hostname path parameter (spec 01 §7). */
export async function tenantRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { hostname: string } }>('/hostname/:hostname/config', async (request, reply) => {
    const row = await tenantOr404(app, reply, tenantFromHostname(request.params.hostname));
    if (!row) return reply;
    reply.header('cache-control', CACHEABLE);
    return ok(toTenantConfig(row));
  });

  app.get<{ Params: { hostname: string } }>('/hostname/:hostname/logo', async (request, reply) => {
    reply.header('cache-control', CACHEABLE);
    return ok({ logo_url: tenantAssetUrls(tenantFromHostname(request.params.hostname)).logo_url });
  });
}

/** The installable manifest of the Host's tenant; it replaces the static default file. */
export async function manifestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const row = await tenantOr404(app, reply, request.tenant);
    if (!row) return reply;
    const manifest = tenantManifest(await loadBaseManifest(), row);
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', CACHEABLE)
      .header('vary', 'Host')
      .send(JSON.stringify(manifest));
  });
}
