import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC_ROUTES, routeKey } from './route-access';
import { noBody } from './route-schemas';
import * as z from 'zod/mini';

export const DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = `${DOCS_PREFIX}/openapi.json`;

/** The first segments that name an area of the API, as the document's tags. */
const TAGS: [prefix: string, tag: string][] = [
  ['/api/v1/auth/', 'sign-in'],
  ['/api/v1/user/', 'sign-in'],
  ['/api/v1/validation/', 'borrower mobile'],
  ['/api/v1/app/mfi/', 'applications'],
  ['/verification/v1/', 'verification'],
  ['/api/v1/apply-loan/', 'files'],
  ['/api/v1/loan-application/', 'files'],
  ['/api/v1/files/', 'files'],
  ['/api/v1/join-us/requests', 'partner review'],
  ['/api/v1/join-us/', 'partner registration'],
  ['/api/v1/pincode/', 'pincode'],
  ['/api/public/', 'tenant'],
  ['/manifest.webmanifest', 'tenant'],
  ['/api/dev/', 'development'],
];
const tagOf = (url: string) => TAGS.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'service';
/** The tags in the order the page lists them: the officer's flow first. */
const TAG_ORDER = [...new Set(TAGS.map(([, tag]) => tag)), 'service'];

/**
 * The OpenAPI document of the API, generated from the route schemas (the domain's zod schemas,
 * through fastify-type-provider-zod's transform), at GET /api/docs/openapi.json, and a page
 * that reads it (Swagger UI) at /api/docs. Register before the routes: @fastify/swagger
 * collects them as they are added. Routes outside PUBLIC_ROUTES carry the `token` header as
 * their security requirement.
 *
 * Public, like the PWA's own bundle, which names every route it calls; the document adds the
 * shapes the server already answers in its 400s. The page cannot send a `token` header (a
 * browser sends none when it opens a URL), so a signed-in page could not be opened at all.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sahyog API',
        version: '1',
        description:
          'Loan origination for field officers. Answers: `{success: true, data, message?}`, or `{success: false, message, status_code}` (the verification API adds `statusCode`). Every POST, PUT and PATCH takes an `Idempotency-Key`.',
      },
      tags: TAG_ORDER.map((name) => ({ name })),
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'The session token of POST /api/v1/auth/verify-otp' },
        },
      },
    },
    transform: (document) => {
      const declared = document.schema?.body === noBody ? { ...document, schema: { ...document.schema, body: undefined } } : document;
      const { schema, url } = jsonSchemaTransform(declared);
      const method = [document.route.method].flat()[0] ?? 'GET';
      const signedIn = !PUBLIC_ROUTES.has(routeKey(method === 'HEAD' ? 'GET' : method, document.url));
      return { url, schema: { tags: [tagOf(document.url)], ...(signedIn ? { security: [{ token: [] }] } : {}), ...schema } };
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { deepLinking: true, validatorUrl: null } });
  const documentResponse = {
    200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
  };
  app.get(OPENAPI_PATH, { schema: { tags: ['service'], summary: 'This document', response: documentResponse } }, async () => app.swagger());
}
