import { getGuestToken, getToken, removeToken } from '../session/session.storage';

// A small fetch client for the direct API calls (issue 10: axios was 20 KB of the precache).
// Uploads that report progress go through XMLHttpRequest (fetch has none over HTTP/1.1); both
// paths share the headers, the deadline, the 401 rule and the error mapping below.

/** DECISIONS.md overrides the spec's "no timeout": a hung request must not stall the app. */
export const REQUEST_TIMEOUT_MS = 30_000;

export type ApiClientOptions = {
  baseURL: string;
  /** Main API: a 401 runs the registered logout handler (spec 01 §4). */
  runLogoutHandlerOn401: boolean;
  /** Verification and banking APIs: an HTTP error resolves with its response (body in `.data`). */
  resolveErrorResponses: boolean;
};

/** `data` is the body parsed as JSON when it parses, else its text. */
export type HttpResponse<T = unknown> = { status: number; data: T; headers?: Headers };

/** Query values; undefined and null are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  params?: QueryParams;
  headers?: Record<string, string>;
  /** Milliseconds; REQUEST_TIMEOUT_MS by default. */
  timeout?: number;
  signal?: AbortSignal;
};

export type UploadRequestOptions = RequestOptions & {
  /** 0..1 as the bytes leave the phone. */
  onProgress?: (fraction: number) => void;
};

/** `http`: an answer outside 2xx (in `response`); `network`, `timeout`, `aborted`: no answer at all. */
export type HttpErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

const DESCRIPTIONS: Record<Exclude<HttpErrorKind, 'http'>, string> = {
  network: 'Network error',
  timeout: 'Request timed out',
  aborted: 'Request aborted',
};

/** The one error of the client: `response` is set only when the server answered. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly response?: HttpResponse;

  constructor(kind: HttpErrorKind, response?: HttpResponse, options?: { cause?: unknown }) {
    super(kind === 'http' ? `Request failed with status code ${response?.status}` : DESCRIPTIONS[kind], options);
    this.name = 'HttpError';
    this.kind = kind;
    this.response = response;
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

export type ApiClient = {
  readonly baseURL: string;
  get<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  /** POST of a form through XMLHttpRequest, for the upload progress. */
  upload<T = unknown>(url: string, form: FormData, options?: UploadRequestOptions): Promise<HttpResponse<T>>;
};

let logoutHandler: (() => void) | null = null;

/** The app registers its local logout here; the main API runs it on a 401. */
export function registerLogoutHandler(handler: () => void): () => void {
  logoutHandler = handler;
  return () => {
    if (logoutHandler === handler) logoutHandler = null;
  };
}

type Outgoing = { method: string; url: string; headers: Record<string, string>; body?: FormData | Blob | string; signal: AbortSignal };
type Incoming = { status: number; text: string; headers: Headers };
type Send = (request: Outgoing) => Promise<Incoming>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  async function request<T>(send: Send, method: string, url: string, body: unknown, config: RequestOptions = {}) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: Outgoing['body'];
    if (body instanceof FormData || body instanceof Blob) {
      payload = body; // the browser sets the multipart boundary
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    Object.assign(headers, config.headers);
    const token = getToken() ?? getGuestToken();
    if (token && !Object.keys(headers).some((name) => name.toLowerCase() === 'token')) headers.token = token;

    const outgoing = { method, url: buildUrl(options.baseURL, url, config.params), headers, body: payload };
    const incoming = await withDeadline(send, outgoing, config.timeout ?? REQUEST_TIMEOUT_MS, config.signal);
    const response: HttpResponse<T> = { status: incoming.status, data: parseBody(incoming.text) as T, headers: incoming.headers };
    if (response.status >= 200 && response.status < 300) return response;
    if (response.status === 401) {
      removeToken();
      if (options.runLogoutHandlerOn401) logoutHandler?.();
    }
    if (options.resolveErrorResponses) return response;
    throw new HttpError('http', response);
  }

  return {
    baseURL: options.baseURL,
    get: (url, config) => request(sendWithFetch, 'GET', url, undefined, config),
    post: (url, body, config) => request(sendWithFetch, 'POST', url, body, config),
    put: (url, body, config) => request(sendWithFetch, 'PUT', url, body, config),
    patch: (url, body, config) => request(sendWithFetch, 'PATCH', url, body, config),
    upload: (url, form, config = {}) => request(sendWithXhr(config.onProgress), 'POST', url, form, config),
  };
}

/** Like axios: an absolute url ignores the base; params are appended, without undefined and null. */
function buildUrl(base: string, url: string, params: QueryParams = {}): string {
  const absolute = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
  const full = absolute ? url : url ? `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}` : base;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  return text ? `${full}${full.includes('?') ? '&' : '?'}${text}` : full;
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // extractErrorMessage turns a text body into the unparsable-response message
  }
}

/** Runs `send` under the timeout and the caller's signal; any failure without an answer becomes an HttpError. */
async function withDeadline(send: Send, request: Omit<Outgoing, 'signal'>, timeout: number, signal?: AbortSignal): Promise<Incoming> {
  if (signal?.aborted) throw new HttpError('aborted');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await send({ ...request, signal: controller.signal });
  } catch (error) {
    throw new HttpError(timedOut ? 'timeout' : signal?.aborted ? 'aborted' : 'network', undefined, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

const sendWithFetch: Send = async ({ method, url, headers, body, signal }) => {
  const res = await fetch(url, { method, headers, body, signal });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

function sendWithXhr(onProgress?: (fraction: number) => void): Send {
  return ({ method, url, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      if (onProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.total) onProgress(Math.min(1, event.loaded / event.total));
        };
      }
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, headers: headersOf(xhr.getAllResponseHeaders()) });
      xhr.onerror = () => reject(new Error('XMLHttpRequest failed'));
      xhr.onabort = () => reject(new Error('XMLHttpRequest aborted'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body ?? null);
    });
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}
