import { languageHeaders, NO_ANSWER, parseBody, REQUEST_TIMEOUT_MS, tokenHeaders, uploadTimeoutMs } from '../api/http-rules';
import { conditionHeaders, DEVICE_WIPE_HEADER, type WriteCondition } from '../../domain';
import { SEALED_CONTENT_TYPE, SEALED_FIELD, type SealedEnvelope } from '../../domain/identity/sealed-envelope';
import type { ApiBase } from '../db/records';

/**
 * A request with every local reference already replaced by a server id; `language`: the one chosen
 * when it was queued (the outbox entry's).
 */
export type ResolvedRequest =
  | {
      kind: 'json';
      base: ApiBase;
      method: 'POST' | 'PUT' | 'PATCH';
      url: string;
      body?: unknown;
      /** A versioned write's condition, sent as headers (a sealed request carries it sealed). */
      condition?: WriteCondition;
      sealed?: SealedEnvelope;
      language?: string;
    }
  | {
      kind: 'upload';
      base: ApiBase;
      url: string;
      /** Sealed: the sealed files, and `fields` empty (they travel in the envelope). */
      files: { blob: Blob; name: string }[];
      fields: Record<string, unknown>;
      sealed?: SealedEnvelope;
      fileField?: 'file' | 'files';
      language?: string;
    };

/**
 * `retryAfter`: the answer carried Retry-After (a 409 of a request still running, a 429, a 503).
 * `replayed`: the server replayed a stored answer, which holds only ids and statuses, not the view.
 */
export type TransportResponse = { status: number; body: unknown; retryAfter?: boolean; replayed?: boolean; wipe?: boolean };

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
  /**
   * The app's language now, for the server's messages (an open page's); without it (the service
   * worker) each request goes in the language it was queued in.
   */
  getLanguage?: () => string | undefined;
  fetchFn?: typeof fetch;
  jsonTimeoutMs?: number;
};

/** The deadlines of http-rules.ts: 30 s for JSON, plus one second per 10 KB for an upload. */
export function timeoutFor(request: ResolvedRequest, jsonTimeoutMs = REQUEST_TIMEOUT_MS): number {
  if (request.kind === 'json') return jsonTimeoutMs;
  return uploadTimeoutMs(
    request.files.reduce((sum, f) => sum + f.blob.size, 0),
    jsonTimeoutMs,
  );
}

function toFormData(request: Extract<ResolvedRequest, { kind: 'upload' }>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(request.fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (request.sealed) form.append(SEALED_FIELD, JSON.stringify(request.sealed));
  const fieldName = request.fileField ?? (request.files.length > 1 ? 'files' : 'file');
  for (const file of request.files) form.append(fieldName, file.blob, file.name);
  return form;
}

/**
 * fetch-based, so the same engine runs in a page and in the service worker (which has no
 * XMLHttpRequest, so no axios). The headers, the deadline and the reading of a body follow
 * http-rules.ts, like the direct calls. Answers of any status resolve; only the absence of an
 * answer throws NetworkError.
 */
export function createFetchTransport(options: FetchTransportOptions): Transport {
  const fetchFn = options.fetchFn ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (request, idempotencyKey) => {
    const headers: Record<string, string> = {
      'Idempotency-Key': idempotencyKey,
      ...tokenHeaders(await options.getToken()),
      ...languageHeaders(options.getLanguage?.() ?? request.language),
    };
    let body: BodyInit | undefined;
    if (request.kind === 'json' && request.sealed) {
      headers['content-type'] = SEALED_CONTENT_TYPE;
      body = JSON.stringify(request.sealed);
    } else if (request.kind === 'json') {
      headers['content-type'] = 'application/json';
      if (request.condition) Object.assign(headers, conditionHeaders(request.condition));
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
      throw new NetworkError(controller.signal.aborted ? NO_ANSWER.timeout : error instanceof Error ? error.message : NO_ANSWER.network);
    } finally {
      clearTimeout(timer);
    }
    const text = await res.text().catch(() => '');
    return {
      status: res.status,
      // An empty body is null here (the engine reads null as "no message"); else JSON or the text.
      body: text ? parseBody(text) : null,
      retryAfter: res.headers.has('retry-after'),
      replayed: res.headers.get('idempotent-replayed') === 'true',
      // A 401 for a session the server revoked (device lost): the device's data is to go.
      ...(res.headers.get(DEVICE_WIPE_HEADER) === '1' ? { wipe: true } : {}),
    };
  };
}
