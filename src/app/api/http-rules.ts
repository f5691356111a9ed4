// The rules every request of the app follows, whether sent at once (api/http-client.ts, axios)
// or queued (sync/transport.ts, fetch, also in the service worker): the deadline, the headers,
// how an answer's body is read and what an answer that never came is called. Kept in one
// module so the two paths cannot drift. Nothing here touches the session, the DOM or axios:
// the service worker imports it.

/** DECISIONS.md overrides the spec's "no timeout": a hung request must not stall the app. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An upload's deadline: 30 s plus one second per 10 KB (a slow 2G link moves about that). */
export function uploadTimeoutMs(bytes: number, baseMs = REQUEST_TIMEOUT_MS): number {
  return baseMs + Math.ceil(bytes / 10_240) * 1000;
}

/** Spec 01 §7: the stored token (or the guest token) travels in a header named `token`. */
export const TOKEN_HEADER = 'token';

/** Spec 01 §7: the login OTP send and resend name the client. */
export const CLIENT_IDENTIFIER_HEADERS: Readonly<Record<string, string>> = { 'client-identifier': 'WEB_APP' };

/** The token header for a token, none without one. */
/**
 * The language the server answers its messages in (issue 21 D5): the app's own, sent with every
 * request; the service worker's drain sends the one each outbox entry was queued in.
 */
export const LANGUAGE_HEADER = 'Accept-Language';
export const languageHeaders = (language: string | null | undefined): Record<string, string> =>
  language ? { [LANGUAGE_HEADER]: language } : {};

export function tokenHeaders(token: string | null | undefined): Record<string, string> {
  return token ? { [TOKEN_HEADER]: token } : {};
}

/** An answer's body: its JSON when it parses, else its text ('' when empty). */
export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string' || body.trim() === '') return body ?? '';
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body; // extractErrorMessage turns a text body into the unparsable-response message
  }
}

/** What the screens and the outbox get to know of an answer. */
export type HttpResponse<T = unknown> = { status: number; data: T };

/** `http`: an answer outside 2xx (in `response`); `network`, `timeout`, `aborted`: no answer at all. */
export type HttpErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

/** The message of a request that got no answer (the outbox records it on the entry). */
export const NO_ANSWER: Record<Exclude<HttpErrorKind, 'http'>, string> = {
  network: 'Network error',
  timeout: 'Request timed out',
  aborted: 'Request aborted',
};

/** The one error the screens see: `response` is set only when the server answered. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly response?: HttpResponse;

  constructor(kind: HttpErrorKind, response?: HttpResponse, options?: { cause?: unknown }) {
    super(kind === 'http' ? `Request failed with status code ${response?.status}` : NO_ANSWER[kind], options);
    this.name = 'HttpError';
    this.kind = kind;
    this.response = response;
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
