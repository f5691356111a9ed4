import * as z from 'zod/mini';

// The answers of the routes, as route schemas (`schema.response`): the OpenAPI document shows
// them, and the zod serializer checks each answer against its status's schema. An object schema
// drops the keys it does not name, so a view is described field by field, or, where it is big
// and loosely shaped (an application, a co-applicant), named as open (z.looseObject) on purpose.

/** The one failure envelope of DECISIONS.md; the verification API adds `statusCode`. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  status_code: z.number(),
  statusCode: z.optional(z.number()),
});

/** The refusals a route may answer: a schema's, the token's, the role's, a record's, the state's, a quota's, a provider's. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 429, 503] as const;

type Schema = z.core.$ZodType;

/** The success envelope around `data`. */
export const okOf = <T extends Schema>(data: T) => z.object({ success: z.literal(true), data, message: z.optional(z.string()) });

/** The success envelope with the envelope's status_code too (a sent OTP's answer, as the spec's login answers). */
export const okWithStatusCode = <T extends Schema>(data: T) => z.extend(okOf(data), { status_code: z.number() });

/** An envelope with a message and no data (logout, an OTP resent). */
export const messageOnly = z.object({ success: z.literal(true), message: z.string(), status_code: z.optional(z.number()) });

/**
 * `schema.response` of a route: its 2xx answer and the shared error envelope for every refusal
 * of ERROR_STATUSES, plus `more` statuses the route also answers (413 of an upload, 422 of a
 * document or a repeated Idempotency-Key).
 */
export function responses(success: Schema, more: readonly number[] = [], status = 200): Record<number, Schema> {
  const answers: Record<number, Schema> = { [status]: success };
  for (const code of [...ERROR_STATUSES, 422, ...more]) answers[code] = errorResponse;
  return answers;
}

/** `responses(okOf(data))`: the usual route, whose data is `data`. */
export const answers = (data: Schema, more: readonly number[] = []) => responses(okOf(data), more);

/** A value the route passes through as stored (free text, a form's own fields). */
export const anyValue = z.unknown();

/** An object the view keeps open: the fields named are checked, every other one is kept. */
export const openObject = <T extends Record<string, Schema>>(shape: T) => z.looseObject(shape);

export const nullableString = z.nullable(z.string());

/** A file's bytes (a download in its own content type, not JSON): documented as binary, sent as they are. */
export const fileBytes = z.string().register(z.globalRegistry, { format: 'binary' });
