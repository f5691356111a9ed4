import type { ApiBase } from '../db/records';

/** A request with every local reference already replaced by a server id. */
export type ResolvedRequest =
  | { kind: 'json'; base: ApiBase; method: 'POST' | 'PUT' | 'PATCH'; url: string; body?: unknown }
  | {
      kind: 'upload';
      base: ApiBase;
      url: string;
      files: { blob: Blob; name: string }[];
      fields: Record<string, unknown>;
      fileField?: 'file' | 'files';
    };

/**
 * `retryAfter`: the answer carried Retry-After (a 409 of a request still running, a 429, a 503).
 * `replayed`: the server replayed a stored answer, which holds only ids and statuses, not the view.
 */
export type TransportResponse = { status: number; body: unknown; retryAfter?: boolean; replayed?: boolean };

/** Thrown when no HTTP answer arrived (offline, DNS, reset, timeout): always retried. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

export type Transport = (request: ResolvedRequest, idempotencyKey: string) => Promise<TransportResponse>;

export type FetchTransportOptions = {
  baseUrls: Record<ApiBase, string>;
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  fetchFn?: typeof fetch;
  jsonTimeoutMs?: number;
};

/** 30 s for JSON; uploads get 30 s plus one second per 10 KB (a slow 2G link moves about that). */
export function timeoutFor(request: ResolvedRequest, jsonTimeoutMs = 30_000): number {
  if (request.kind === 'json') return jsonTimeoutMs;
  const bytes = request.files.reduce((sum, f) => sum + f.blob.size, 0);
  return jsonTimeoutMs + Math.ceil(bytes / 10_240) * 1000;
}

function toFormData(request: Extract<ResolvedRequest, { kind: 'upload' }>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(request.fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  const fieldName = request.fileField ?? (request.files.length > 1 ? 'files' : 'file');
  for (const file of request.files) form.append(fieldName, file.blob, file.name);
  return form;
}

/**
 * fetch-based, so the same engine runs in a page and in the service worker. Answers of any
 * status resolve; only the absence of an answer throws NetworkError.
 */
export function createFetchTransport(options: FetchTransportOptions): Transport {
  const fetchFn = options.fetchFn ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (request, idempotencyKey) => {
    const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
    const token = await options.getToken();
    if (token) headers.token = token;
    let body: BodyInit | undefined;
    if (request.kind === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    } else {
      body = toFormData(request);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutFor(request, options.jsonTimeoutMs));
    let res: Response;
    try {
      res = await fetchFn(options.baseUrls[request.base] + request.url, {
        method: request.kind === 'json' ? request.method : 'POST',
        headers,
        body,
        signal: controller.signal,
      });
    } catch (error) {
      throw new NetworkError(controller.signal.aborted ? 'Request timed out' : error instanceof Error ? error.message : 'Network error');
    } finally {
      clearTimeout(timer);
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // keep the raw text; the engine reports it as the message
    }
    return {
      status: res.status,
      body: parsed,
      retryAfter: res.headers.has('retry-after'),
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  };
}
