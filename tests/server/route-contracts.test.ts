import type { FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeKey, type RouteEntry } from '../../src/server/http/route-access';
import { noBody, unchecked } from '../../src/server/http/route-schemas';
import { ERROR_STATUSES, errorResponse } from '../../src/server/http/route-responses';
import { hostOf } from './helpers/http';
import { useTestApp } from './helpers/test-app';

// Every route's contract is in its schema (issue 18, item 3): path parameters, the body of a
// write, and the answers, the 2xx and the shared error envelope. The walk goes over the route
// table as registered, so a route added without its schemas fails here.

const ctx = useTestApp();

/** The PWA's files and the Swagger UI page's own files are not API routes. */
const isApiRoute = (r: RouteEntry) =>
  r.url !== '/*' && !(r.url.startsWith('/api/docs') && r.url !== '/api/docs/openapi.json') && r.method !== 'HEAD';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Shape = { _zod?: { def?: { shape?: Record<string, unknown> } } };
const keysOf = (schema: unknown) => Object.keys((schema as Shape)?._zod?.def?.shape ?? {}).sort();
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();

/** What a route's schema lacks, in words; empty when its contract is whole. */
function contractGaps(route: RouteEntry): string[] {
  const schema: FastifySchema = route.schema ?? {};
  const gaps: string[] = [];
  const params = pathParams(route.url);
  if (params.length > 0 && !schema.params) gaps.push('no params schema');
  if (params.length > 0 && schema.params && keysOf(schema.params).join() !== params.join()) gaps.push('params schema ≠ path');
  if (WRITES.has(route.method) && !schema.body) gaps.push('no body schema');
  const responses = (schema.response ?? {}) as Record<string, unknown>;
  if (!Object.keys(responses).some((code) => /^2\d\d$/.test(code))) gaps.push('no 2xx response schema');
  for (const [code, answer] of Object.entries(responses)) {
    if (/^[45]\d\d$/.test(code) && answer !== errorResponse) gaps.push(`${code} is not the shared error envelope`);
  }
  // A route that refuses (every route but the document itself) names the shared refusals.
  const refusals = ERROR_STATUSES.filter((code) => responses[code] === errorResponse);
  if (route.url !== '/api/docs/openapi.json' && refusals.length === 0) gaps.push('no error response schema');
  return gaps;
}

/**
 * The routes whose input is still parsed by their service (checkedByService: declared for the
 * document, validated later): the multipart uploads (their fields come from the parts) and the
 * signed file link (any malformed part is a 403 link). The list may only shrink.
 */
const PARSED_BY_SERVICE = new Set([
  'POST /api/v1/apply-loan/upload-file',
  'POST /api/v1/apply-loan/bulk-upload',
  'POST /api/v1/join-us/upload-file',
  'GET /api/v1/files/:id',
]);

describe('every route’s contract is in its schema', () => {
  it('params (with path parameters), body (writes), the 2xx answer and the shared error envelope', () => {
    const routes = ctx.app.routeTable.filter(isApiRoute);
    expect(routes.length).toBeGreaterThan(70);
    const gaps = Object.fromEntries(routes.map((r) => [routeKey(r.method, r.url), contractGaps(r)]).filter(([, g]) => g.length > 0));
    expect(gaps).toEqual({});
    // The figures of issue 18: operations with full request and response schemas, and those the route schema validates.
    const parsedLater = routes.filter((r) => r.validatorCompiler === unchecked).map((r) => routeKey(r.method, r.url));
    expect(parsedLater.filter((key) => !PARSED_BY_SERVICE.has(key))).toEqual([]);
    // Shrinking: a route moved to its schema leaves the list too.
    expect([...PARSED_BY_SERVICE].filter((key) => !parsedLater.includes(key))).toEqual([]);
    console.info(
      `route contracts: ${routes.length - Object.keys(gaps).length} of ${routes.length} operations whole; ` +
        `${routes.length - parsedLater.length} validated by the route schema, ${parsedLater.length} parsed by their service`,
    );
  });

  it('the walk fails on a route without them', () => {
    expect(contractGaps({ method: 'POST', url: '/x/:id', public: false })).toEqual([
      'no params schema',
      'no body schema',
      'no 2xx response schema',
      'no error response schema',
    ]);
    expect(contractGaps({ method: 'GET', url: '/x/:id', public: false, schema: { params: {}, response: { 200: {}, 404: {} } } })).toEqual([
      'params schema ≠ path',
      '404 is not the shared error envelope',
      'no error response schema',
    ]);
    expect(
      contractGaps({ method: 'PUT', url: '/x', public: false, schema: { body: noBody, response: { 200: {}, 401: errorResponse } } }),
    ).toEqual([]);
  });

  it('the OpenAPI document shows every operation’s answers: the 2xx and the refusals', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json', headers: { host: hostOf() } })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const answers = operation.responses ?? {};
        const success = Object.entries(answers).find(([code]) => /^2\d\d$/.test(code))?.[1];
        if (!success?.content) missing.push(`${method.toUpperCase()} ${path}: 2xx`);
        if (path !== '/api/docs/openapi.json' && !Object.keys(answers).some((code) => /^4\d\d$/.test(code))) {
          missing.push(`${method.toUpperCase()} ${path}: refusals`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
