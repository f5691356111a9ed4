import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggableError } from './error-handler';
import { maskMobiles } from '../observability/mask-mobiles';

/** Never logged in clear, wherever they appear in a log object. */
const REDACT = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.token',
  'headers.authorization',
  'headers.cookie',
  'body.otp',
  'body.mobile',
  'req.body.otp',
  'req.body.mobile',
  '*.otp',
  '*.mobile',
  'body.phone',
  'req.body.phone',
  '*.phone',
];

/** The path without the query string, its mobiles masked (GET .../phone-number/98******10). */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return maskMobiles(q === -1 ? url : url.slice(0, q));
};

/** pino options: redaction, and a request serializer that drops the query string and headers. */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}) {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url ?? '') }),
    },
    ...extra,
  };
}

/**
 * One line per request: method, path without the query string (a mobile number on
 * /api/dev/sms) and with its mobiles masked, status and time. Fastify's own lines would carry the URL and client address.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, path: pathOf(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: loggableError(error) }, 'request failed');
    else request.log.info(line, 'request');
  }
}
