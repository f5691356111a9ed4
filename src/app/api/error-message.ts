import { MSG } from '../../domain';
import { isHttpError } from './http-client';

/** Thrown when an answer arrived but is not the JSON envelope. */
export class UnparsableResponseError extends Error {
  constructor() {
    super(MSG.unparsableResponse);
    this.name = 'UnparsableResponseError';
  }
}

/**
 * Spec 01 §8: the text to show for a failed call. Accepts an HttpError, a thrown error or
 * a response body. The body's `message` is used; when that text embeds a JSON-like object
 * with a `message` or `detail` string, the inner text is used; else 'Something went wrong!'.
 * An answer that is not JSON gives 'Something went wrong while processing the response.'.
 */
export function extractErrorMessage(error: unknown): string {
  if (error instanceof UnparsableResponseError) return MSG.unparsableResponse;
  let body: unknown = error;
  if (isHttpError(error)) {
    if (!error.response) return MSG.somethingWentWrong;
    body = error.response.data;
  } else if (error instanceof Error) {
    return MSG.somethingWentWrong;
  }
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') return MSG.somethingWentWrong;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return MSG.unparsableResponse;
    }
  }
  const message = readMessage(body);
  return message ? unwrapEmbeddedMessage(message) : MSG.somethingWentWrong;
}

function readMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
}

/** `Error: {"message":"Bank down"}` gives `Bank down`; `{'detail': 'x'}` gives `x`. */
export function unwrapEmbeddedMessage(text: string, depth = 0): string {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start || depth > 3) return text;
  const chunk = text.slice(start, end + 1);
  for (const candidate of [chunk, pythonToJson(chunk)]) {
    try {
      const inner = innerText(JSON.parse(candidate) as unknown);
      if (inner) return unwrapEmbeddedMessage(inner, depth + 1);
    } catch {
      // Not JSON in this spelling: try the next one, then the pattern below.
    }
  }
  const match = /["']?(?:message|detail)["']?\s*:\s*(["'])((?:\\.|(?!\1).)*)\1/.exec(chunk);
  return match?.[2]?.trim() || text;
}

function innerText(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ['message', 'detail'] as const) {
    const field = record[key];
    if (typeof field === 'string' && field.trim() !== '') return field.trim();
  }
  return null;
}

function pythonToJson(text: string): string {
  return text
    .replace(/'/g, '"')
    .replace(/\bNone\b/g, 'null')
    .replace(/\bTrue\b/g, 'true')
    .replace(/\bFalse\b/g, 'false');
}
