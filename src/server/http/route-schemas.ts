import type { FastifyError, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { CalendarDate } from '../../domain';
import { notAnObject } from './envelope';
import { isObject } from '../../domain/shared/is-object';

// Route schemas are the domain's zod schemas, through fastify-type-provider-zod: they validate
// the request before the handler (typed input), and @fastify/swagger describes the routes from
// them (GET /api/docs/openapi.json). A refusal answers 400 with the schema's first message,
// mapped once in error-handler.ts.

const PART_NAMES: Record<string, string> = { body: 'Request body', querystring: 'Query', params: 'Path parameters', headers: 'Headers' };

/**
 * The zod provider's validator, after the check every request part shares: a body that is not
 * a JSON object (an array, a string, none at all) is refused with "Request body must be a JSON
 * object" before the schema's own messages, as the routes answered it before they had schemas.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  if (route.schema === noBody) return ignored;
  const ofToday = DATED.get(route.schema);
  const validate = ofToday ? (data: unknown) => zodValidatorCompiler({ ...route, schema: ofToday() })(data) : zodValidatorCompiler(route);
  const what = PART_NAMES[route.httpPart ?? 'body'] ?? 'Request';
  // A schema that takes nothing (z.optional: a body that may be left out) is given nothing.
  const optional = (route.schema as { _zod?: { optin?: string } })._zod?.optin === 'optional';
  return (data: unknown) => (isObject(data) || (data === undefined && optional) ? validate(data) : { error: new Error(notAnObject(what)) });
};

const DATED = new WeakMap<object, () => $ZodType>();

/**
 * A route schema with a rule of the calendar (a borrower's age, a date not in the future): the
 * schema of the day `today()` names, made again when the day changes, validates each request; the
 * one returned (of the day the route was registered) is what the OpenAPI document shows.
 */
export function dated<T extends $ZodType>(today: () => CalendarDate, make: (today: CalendarDate) => T): T {
  let day = JSON.stringify(today());
  let current = make(today());
  const declared = current;
  DATED.set(declared, () => {
    const now = today();
    const key = JSON.stringify(now);
    if (key !== day) [day, current] = [key, make(now)];
    return current;
  });
  return declared;
}

/** The message of a schema refusal: the first issue's (the spec shows one message at a time). */
export function validationMessage(error: FastifyError): string {
  return hasZodFastifySchemaValidationErrors(error) ? (error.validation[0]?.message ?? error.message) : error.message;
}

/**
 * The body schema of a write that takes no body (logout, a hard check, a partner request's
 * verify or approve): whatever is sent is ignored, and the OpenAPI document shows no body
 * (api-docs.ts). Declared, so that every write names what it takes (route-contracts.test.ts).
 */
export const noBody = z.optional(z.unknown());

const ignored = () => ({ value: undefined });

/** The validator of a checkedByService route: the request part is the service's to parse. */
export const unchecked = () => (data: unknown) => ({ value: data });

/**
 * A route whose input its service checks with the same domain schema, later than a route schema
 * would: the fields of multipart parts (the uploads), and the signed file link (any malformed
 * part is a 403 link). The schema is declared for the OpenAPI document only; the input stays
 * `unknown` to the handler. A write whose access needs the database checks it in preValidation
 * instead (accessBeforeBody, loadBeforeBody) and is validated by its route schema.
 */
export function checkedByService(schema: {
  body?: $ZodType;
  querystring?: $ZodType;
  params?: $ZodType;
  consumes?: string[];
  response?: Record<number, $ZodType>;
}) {
  return { schema: schema as FastifySchema & { body?: unknown; querystring?: unknown; params?: unknown }, validatorCompiler: unchecked };
}
