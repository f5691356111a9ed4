import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ProviderUnavailableError, QuotaExceededError } from '../errors';
import { fail, refuseFor } from './envelope';
import { maskMobiles } from '../observability/mask-mobiles';
import { validationMessage } from './route-schemas';
import { byEnglish, carried, said, type Said } from '../messages/message-language';

const CLIENT_MESSAGES: Record<string, Said> = {
  FST_ERR_CTP_INVALID_JSON_BODY: said('input.malformed'),
  FST_ERR_CTP_EMPTY_JSON_BODY: said('input.empty'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: said('text.unsupportedContentTypeSendApplicationJson'),
  FST_ERR_CTP_BODY_TOO_LARGE: said('text.requestBodyIsTooLarge'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: said('text.requestBodyLengthDoesNotMatch'),
  FST_ERR_BAD_URL: said('text.malformedUrl'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: said('text.sendTheFileAsMultipartForm'),
  FST_FILES_LIMIT: said('text.tooManyFilesInOneRequest'),
  FST_PARTS_LIMIT: said('text.tooManyPartsInOneRequest'),
  FST_FIELDS_LIMIT: said('text.tooManyFieldsInOneRequest'),
};

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Quoted values in driver messages ('value "9876543210" is out of range') may be personal data. */
const withoutValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/**
 * What may be logged of an unexpected error: drizzle's query errors carry the query parameters
 * (mobiles, token hashes) in their message, so only the SQL text, the driver's error code and
 * message (quoted values removed) and the stack frames stay.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: 'non-Error thrown' };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const query = (error as { query?: unknown }).query;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 8);
  return {
    type: error.name,
    code: (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code,
    message: maskMobiles(typeof query === 'string' ? `Failed query: ${query}` : error.message),
    cause: cause ? maskMobiles(`${cause.name}: ${withoutValues(cause.message)}`) : undefined,
    stack: frames.join('\n'),
  };
}

/**
 * The one place errors become answers: a route schema's refusal (400, the schema's first
 * message), a provider outage (503), a used-up quota of paid calls (429), body and URL errors
 * (4xx), anything else 500 (logged). Schema refusals, outages and quotas answer in the route's own
 * envelope (`config.refuse`).
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode;
  if (error.code === 'FST_ERR_VALIDATION') return refuseFor(request)(reply, 400, byEnglish(validationMessage(error)));
  if (error instanceof ProviderUnavailableError) return refuseFor(request)(reply, 503, carried(error) ?? error.message);
  if (error instanceof QuotaExceededError) return refuseFor(request)(reply, 429, error.said, error.retryAfterSeconds);
  const tooManyFiles = request.routeOptions.config?.tooManyFiles;
  if (error.code === 'FST_FILES_LIMIT' && tooManyFiles) return fail(reply, 400, tooManyFiles);
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return fail(reply, 413, said('text.theFileIsLargerThanSize', { size: megabytes(request.server.config.uploadMaxBytes) }));
  }
  // The multipart parser (busboy) throws plain errors, without a status, for a body that is not
  // well formed; the input layer knows when it was parsing one (input-hygiene.ts).
  if (status === undefined && request.bodyStage === 'multipart') {
    return fail(reply, 400, said('text.malformedMultipartFormDataBodySend'));
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return fail(
      reply,
      status,
      carried(error) ?? CLIENT_MESSAGES[error.code] ?? (error.message ? byEnglish(error.message) : said('text.badRequest')),
    );
  }
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return fail(reply, 500, said('msg.somethingWentWrong'));
}

export function handleNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return fail(reply, 404, said('text.routeNotFound'));
}
