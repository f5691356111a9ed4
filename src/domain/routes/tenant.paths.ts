import { routeTable } from './route';

/**
 * The public tenant branding by method and path only (spec 01 §7): the app loads it before its
 * first screen, without zod (the /login budget); tenant.table.ts adds the schemas.
 */
export const TENANT_PATHS = routeTable({
  config: { method: 'GET', path: '/api/public/tenant/hostname/:hostname/config' },
  logo: { method: 'GET', path: '/api/public/tenant/hostname/:hostname/logo' },
});
