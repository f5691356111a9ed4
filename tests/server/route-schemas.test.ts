import { describe, expect, it } from 'vitest';
import {
  borrowerSchema,
  coApplicantSchema,
  familyMemberSchema,
  firstMessage,
  joinUsRejectSchema,
  joinUsRequestSchema,
  kycSchema,
  nameMatcherBody,
  requestAadhaarOtpBody,
  sendOtpBody,
  validationVerifyBody,
  verifyOtpBody,
} from '../../src/domain';
import { applications } from '../../src/server/db/schema';
import { PUBLIC_ROUTES, routeKey } from '../../src/server/http/route-access';
import { SECURITY_HEADERS } from '../../src/server/http/security-headers';
import { ProviderUnavailableError } from '../../src/server/errors';
import { ARJUN, KAVITA, login, RAVI } from './helpers/auth-flow';
import { call, get, hostOf, post } from './helpers/http';
import { EXPECTATIONS } from './helpers/route-expectations';
import { MultipartBody, type World } from './helpers/route-world';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';
import { minimalReplayBody } from '../../src/domain/records/replay-body';

// The route schemas: the OpenAPI document is generated from them and lists every route, and a
// body, query or path they refuse is answered as the routes answered it by hand (status 400, the
// schema's first message, the route's own envelope), after the caller's role was checked.

const ctx = useTestApp();

type Operation = {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
  security?: unknown[];
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const today = { year: 2026, month: 1, day: 15 };

/** A world whose values are placeholders: the expectations' requests, for their paths, queries and bodies. */
const placeholders = new Proxy({}, { get: (_target, key) => `{${String(key)}}` }) as World;

/** The page's own files (Swagger UI hides them); the API's routes are every other one but the PWA's. */
// GET /metrics is the operators' (Prometheus, behind its own token), hidden from the API's document on purpose.
const isApiRoute = (key: string) =>
  key !== 'GET /*' && key !== 'GET /metrics' && !(key.startsWith('GET /api/docs') && key !== 'GET /api/docs/openapi.json');

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is served at /api/docs/openapi.json, and lists every route with its body, query and security', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/openapi.json', headers: { host: hostOf() } });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    expect(doc.openapi).toBe('3.1.0');

    const routes = ctx.app.routeTable.map((r) => routeKey(r.method, r.url)).filter(isApiRoute);
    expect(routes.length).toBeGreaterThan(40);
    const listed = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(routes.map((key) => key.replace(/ .*/, (path) => openApiPath(path))).sort());

    for (const key of routes) {
      const [method, url] = key.split(' ') as [string, string];
      const operation = doc.paths[openApiPath(url)]![method.toLowerCase()]!;
      const { url: example, body } = EXPECTATIONS[key]!.call(placeholders);
      if (body instanceof MultipartBody) {
        const schema = operation.requestBody?.content['multipart/form-data']?.schema;
        expect(Object.keys(schema?.properties ?? {}), `${key}: its multipart fields`).toEqual(
          expect.arrayContaining([body.field, ...Object.keys(body.fields)]),
        );
      } else if (body !== undefined) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        expect(Object.keys(schema?.properties ?? {}).length, `${key}: its body's fields`).toBeGreaterThan(0);
      } else {
        expect(operation.requestBody, `${key} takes no body`).toBeUndefined();
      }
      const query = [...new URL(example, 'http://x').searchParams.keys()];
      const documented = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(documented, `${key}: its query`).toEqual(expect.arrayContaining(query));
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParams.sort(), `${key}: its path parameters`).toEqual([...url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort());
      expect(operation.security, `${key}: the token it needs`).toEqual(PUBLIC_ROUTES.has(key) ? undefined : [{ token: [] }]);
    }
  });

  it('the body schemas are the domain’s: every field of its schema, with its limits and choices', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/openapi.json', headers: { host: hostOf() } })).json() as OpenApi;
    const body = (path: string, method = 'post') =>
      doc.paths[path]![method]!.requestBody!.content['application/json']!.schema as Record<string, any>;
    const DECLARED: [path: string, method: string, schema: { shape: object }][] = [
      ['/api/v1/auth/send-otp', 'post', sendOtpBody],
      ['/api/v1/auth/verify-otp', 'post', verifyOtpBody],
      ['/api/v1/validation/mobile/otp/verify', 'post', validationVerifyBody],
      ['/api/v1/join-us/request', 'post', joinUsRequestSchema],
      ['/api/v1/join-us/requests/{id}/reject', 'post', joinUsRejectSchema],
      ['/verification/v1/request_aadhaar_otp', 'post', requestAadhaarOtpBody],
      ['/verification/v1/name_matcher', 'post', nameMatcherBody],
      ['/api/v1/app/mfi/{id}', 'put', borrowerSchema(today)],
      ['/api/v1/app/mfi/{id}/basic-info', 'patch', kycSchema],
      ['/api/v1/app/mfi/{id}/co-applicant', 'post', coApplicantSchema(today)],
      ['/api/v1/app/mfi/{id}/family-member', 'post', familyMemberSchema(today)],
    ];
    for (const [path, method, schema] of DECLARED) {
      expect(Object.keys(body(path, method).properties), `${method} ${path}`).toEqual(expect.arrayContaining(Object.keys(schema.shape)));
    }
    expect(body('/api/v1/auth/send-otp').properties.mobile).toEqual({ type: 'string', maxLength: 10, pattern: '^[6-9][0-9]{9}$' });
    expect(body('/api/v1/auth/send-otp').required).toEqual(['mobile']);
    expect(body('/api/v1/validation/mobile/otp/verify').properties.purpose.enum).toEqual(['APPLY_LOAN_MFI']);
    expect(body('/api/v1/app/mfi/{id}', 'put').properties).toHaveProperty('terms_accepted');
    expect(body('/api/v1/app/mfi/{id}', 'patch').required ?? []).toEqual([]);
  });

  it('the page at /api/docs runs under the app’s Content Security Policy: scripts from this origin only', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await ctx.app.inject({ url, headers: { host: hostOf() } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self';");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      // No inline script: every <script> loads a file of this origin.
      const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const [, attributes, inline] of scripts) {
        expect(attributes).toMatch(/src="(\.\/|\/api\/docs\/)static\//);
        expect(inline!.trim()).toBe('');
      }
    }
    expect(SECURITY_HEADERS.contentSecurityPolicy.directives.scriptSrc).toEqual(["'self'"]);
    const bundle = await ctx.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js', headers: { host: hostOf() } });
    expect(bundle.statusCode).toBe(200);
    const initializer = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js', headers: { host: hostOf() } });
    expect(initializer.body).toContain("resolveUrl('./json')");
  });
});

describe('a body, query or path the route schema refuses', () => {
  const refusal = (message: string) => ({ success: false, message, status_code: 400 });

  it.each([
    ['/api/v1/auth/send-otp', {}, 'Invalid mobile number'],
    ['/api/v1/auth/send-otp', { mobile: '12345' }, 'Invalid mobile number'],
    ['/api/v1/auth/resend-otp', { session_id: 42 }, 'session_id is required'],
    ['/api/v1/auth/verify-otp', { session_id: 'a'.repeat(32), otp: '12' }, 'Invalid OTP'],
    ['/api/v1/join-us/request', { first_name: 'A' }, firstMessage(joinUsRequestSchema.safeParse({ first_name: 'A' }).error)],
  ])('%s %j: 400 with the schema’s first message', async (url, body, message) => {
    const res = await post(ctx.app, url, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
  });

  it('the message is the domain schema’s own', () => {
    expect(firstMessage(sendOtpBody.safeParse({}).error)).toBe('Invalid mobile number');
    expect(firstMessage(validationVerifyBody.safeParse({ session_id: 's', otp: '123456', purpose: 'X' }).error)).toBe(
      'purpose must be APPLY_LOAN_MFI',
    );
  });

  it.each([
    ['[1,2]', 'application/json'],
    ['"9000000001"', 'application/json'],
    ['mobile=9000000001', 'text/plain'],
  ])('a body that is not a JSON object (%s): "Request body must be a JSON object"', async (payload, type) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      payload,
      headers: { host: hostOf(), 'content-type': type },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('Request body must be a JSON object'));
  });

  it('queries and paths: the pincode, the partner request id, the file id, the borrower’s phone', async () => {
    expect((await get(ctx.app, '/api/v1/pincode/get-city-state?pincode=012345')).body).toEqual(refusal('Invalid pincode'));
    expect((await get(ctx.app, '/api/v1/join-us/track?tracker_id=12')).body).toEqual(refusal('Invalid mobile'));
    const manager = await login(ctx.app, ARJUN);
    expect((await get(ctx.app, '/api/v1/join-us/requests/xyz', { token: manager })).body).toEqual(
      refusal('Request id must be 32 lowercase hex characters'),
    );
    expect((await get(ctx.app, '/api/v1/join-us/requests?size=0', { token: manager })).body).toEqual(
      refusal('size must be a whole number from 1 to 100'),
    );
    const reject = await post(ctx.app, `/api/v1/join-us/requests/${'a'.repeat(32)}/reject`, { reason: ' ' }, { token: manager });
    expect(reject.body).toEqual(refusal('Enter the reason for rejection'));
    const officer = await login(ctx.app, RAVI);
    expect((await get(ctx.app, '/api/v1/loan-application/presigned-url?file_id=nope', { token: officer })).body).toEqual(
      refusal('file_id must be 32 lowercase hex characters'),
    );
    expect((await get(ctx.app, '/api/v1/app/mfi/phone-number/12345', { token: officer })).body).toEqual(refusal('Invalid mobile number'));
  });

  it('the verification API answers in its own envelope', async () => {
    const token = await login(ctx.app, RAVI);
    const applicationId = await createApplication(ctx.app, token);
    const pan = await post(ctx.app, '/verification/v1/verify_pan_lite', { pan: 'nope', application_id: applicationId }, { token });
    expect(pan.status).toBe(400);
    expect(pan.body).toEqual({ success: false, statusCode: 400, status_code: 400, message: 'Invalid PAN' });
    const values = [{ value: 'A B', source: 'INPUT' }];
    const match = await post(ctx.app, '/verification/v1/name_matcher', { application_id: applicationId, values }, { token });
    expect(match.body).toEqual({
      success: false,
      statusCode: 400,
      status_code: 400,
      message: firstMessage(nameMatcherBody.safeParse({ application_id: applicationId, values }).error),
    });
    expect(match.body.message).toBe('values must list at least two names');
  });

  it('a caller whose role takes no part is refused (403) before its body is looked at', async () => {
    const agent = await login(ctx.app, KAVITA);
    const validation = await post(ctx.app, '/api/v1/validation/mobile/otp/send', { mobile: 'not a mobile' }, { token: agent });
    expect(validation.status).toBe(403);
    const verification = await post(ctx.app, '/verification/v1/verify_pan_lite', [1, 2], { token: agent });
    expect(verification.body).toEqual({ success: false, statusCode: 403, status_code: 403, message: 'You are not allowed to do this.' });
    const link = await get(ctx.app, '/api/v1/loan-application/presigned-url?file_id=nope', { token: agent });
    expect(link.status).toBe(403);
    const review = await get(ctx.app, '/api/v1/join-us/requests/xyz', { token: agent });
    expect(review.status).toBe(403);
  });

  it('a refused body sent with an Idempotency-Key is remembered for the key like any answer', async () => {
    const headers = { 'idempotency-key': 'bad-body-1' };
    // A public route's (sign-in routes never store answers: idempotency.test.ts).
    const first = await post(ctx.app, '/api/v1/join-us/request', { mobile: '12345' }, { headers });
    const again = await post(ctx.app, '/api/v1/join-us/request', { mobile: '12345' }, { headers });
    expect(first.status).toBe(400);
    expect(again.raw.body).toBe(minimalReplayBody(first.raw.body));
    expect(again.headers['idempotent-replayed']).toBe('true');
    const corrected = await post(ctx.app, '/api/v1/join-us/request', { mobile: RAVI }, { headers });
    expect(corrected.status).toBe(422);
  });
});

describe('a provider outage', () => {
  it('is 503 in the verification API’s envelope, and records nothing', async () => {
    await ctx.rebuild({ providers: { pan: { verifyPan: async () => Promise.reject(new ProviderUnavailableError('PAN')) } } });
    const token = await login(ctx.app, RAVI);
    const applicationId = await createApplication(ctx.app, token);
    const res = await call(
      ctx.app,
      'POST',
      '/verification/v1/verify_pan_lite',
      { pan: 'BDVPD4821K', application_id: applicationId },
      { token },
    );
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      statusCode: 503,
      status_code: 503,
      message: 'PAN verification is not available right now. Please try again later.',
    });
    const [row] = await ctx.db.select({ data: applications.data }).from(applications);
    expect((row!.data as Record<string, unknown>).verifications).toBeUndefined();
  });
});
