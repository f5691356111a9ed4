import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { requireUser } from './auth-guards';

/**
 * The routes anyone may call without signing in, by method and path. Every other route gets the
 * `requireUser` check first (registerRouteAccess), so a route added later is signed-in unless it
 * is named here. tests/server/route-access.test.ts fails on a name here that matches no route.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  // Prometheus scrapes with its own bearer token (METRICS_TOKEN, http/metrics.ts), not a user's.
  'GET /metrics',
  'GET /api/public/tenant/hostname/:hostname/config',
  'GET /api/public/tenant/hostname/:hostname/logo',
  'GET /manifest.webmanifest',
  'POST /api/v1/auth/send-otp',
  'POST /api/v1/auth/resend-otp',
  'POST /api/v1/auth/verify-otp',
  // The public applicant flow's mobile OTP: verify hands out the guest token (apply-loan.routes.ts).
  'POST /api/v1/otp/send',
  'POST /api/v1/otp/resend',
  'POST /api/v1/otp/verify',
  // The partner form (signed out) fills city and state from the pincode too.
  'GET /api/v1/pincode/get-city-state',
  'GET /api/v1/pincode/directory',
  // Reference lists of the business form; the signed-out applicant flow reads them too.
  'GET /api/v1/bank/list',
  'GET /api/v1/mfi/business-category',
  'POST /api/v1/join-us/upload-file',
  'POST /api/v1/join-us/request',
  'GET /api/v1/join-us/track',
  // Tracking an application by its tracker id: the status in words, nothing personal (track.routes.ts).
  'GET /api/v1/track',
  // A signed link: an <img src> cannot send a token; the signature is the permission.
  'GET /api/v1/files/:id',
  // Loopback clients only (dev.routes.ts); not registered in production.
  'GET /api/dev/sms',
  // The OpenAPI document and its page (http/api-docs.ts): a browser opening them sends no token.
  'GET /api/docs/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  // The PWA build (@fastify/static).
  'GET /*',
]);

/** A route, its rule, and its schemas (the contract tests/server/route-contracts.test.ts checks). */
export type RouteEntry = { method: string; url: string; public: boolean; schema?: FastifySchema; validatorCompiler?: unknown };

export const routeKey = (method: string, url: string) => `${method} ${url}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as the route-access test and the fuzz test walk them. */
    routeTable: RouteEntry[];
  }
}

/** Signed-in by default: requireUser runs first on every route that PUBLIC_ROUTES does not name. */
export function registerRouteAccess(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    // A HEAD route (Fastify adds one beside each GET) shares its GET's rule.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => (m === 'HEAD' ? 'GET' : m));
    const entries = [...new Set(methods)].map((method) => ({
      method,
      url: route.url,
      public: PUBLIC_ROUTES.has(routeKey(method, route.url)),
      schema: route.schema,
      validatorCompiler: route.validatorCompiler,
    }));
    for (const entry of entries) {
      if (!app.routeTable.some((r) => r.method === entry.method && r.url === entry.url)) app.routeTable.push(entry);
    }
    if (entries.every((entry) => entry.public)) return;
    // onRequest: a caller without a session is refused before its body is read or parsed.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [requireUser, ...existing];
  });
}
