import { minimalReplayBody } from '../../../src/domain/records/replay-body';
import type { ResolvedRequest, Transport, TransportResponse } from '../../../src/app/sync/transport';
import { openSealedJson, openSealedUpload } from '../../../src/server/http/sealed-requests';
import { TEST_OUTBOX_RING } from './outbox-fixtures';

/** A request sealed for the server, opened as the API does (sealed-requests.ts): the rest of the fake sees it clear. */
async function opened(request: ResolvedRequest, key: string): Promise<ResolvedRequest> {
  if (!request.sealed) return request;
  if (request.kind === 'json') {
    const { body } = openSealedJson(TEST_OUTBOX_RING, request.sealed, { method: request.method, path: request.url, idempotencyKey: key });
    return { ...request, sealed: undefined, body };
  }
  const files = await Promise.all(request.files.map(async (f) => Buffer.from(await f.blob.arrayBuffer())));
  const upload = openSealedUpload(TEST_OUTBOX_RING, JSON.stringify(request.sealed), files, { path: request.url, idempotencyKey: key });
  return {
    ...request,
    sealed: undefined,
    fields: upload.fields,
    files: upload.files.map((f) => ({ blob: new Blob([new Uint8Array(f.bytes)], { type: f.type }), name: f.name })),
  };
}

type Stored = { fingerprint: string; response?: TransportResponse };

/**
 * An in-memory stand-in for the API's idempotency behaviour (DECISIONS.md): same key and body
 * replays the first answer as the server keeps it (status, envelope, ids and statuses only:
 * replay-body.ts); same key, other body 422; a repeat while running 409.
 */
export function createFakeServer() {
  const keys = new Map<string, Stored>();
  const applications: { id: string; body: unknown }[] = [];
  const uploads: { id: string; name: string; size: number; fields: Record<string, unknown> }[] = [];
  const submits: { url: string; body: unknown }[] = [];
  const calls: { url: string; key: string; request: ResolvedRequest }[] = [];
  let counter = 0;
  /** Per-call hook: return a response to answer without committing, or 'commit-then-drop'. */
  let intercept: ((call: number, request: ResolvedRequest) => TransportResponse | 'drop' | 'commit-then-drop' | undefined) | undefined;

  function fingerprint(request: ResolvedRequest): string {
    return request.kind === 'json'
      ? JSON.stringify([request.method, request.url, request.body])
      : JSON.stringify([request.url, request.fields, request.files.map((f) => [f.name, f.blob.size])]);
  }

  function handle(request: ResolvedRequest): TransportResponse {
    if (request.kind === 'upload') {
      const files = request.files.map((f) => {
        const id = `f${++counter}`;
        uploads.push({ id, name: f.name, size: f.blob.size, fields: request.fields });
        return { file_id: id };
      });
      return { status: 200, body: { success: true, data: files.length > 1 ? { files } : files[0] } };
    }
    if (request.url === '/v1/app/mfi') {
      const id = String(++counter).padStart(32, '0');
      applications.push({ id, body: request.body });
      return { status: 200, body: { success: true, data: { application_id: id, status: 'DRAFT' } } };
    }
    const body = request.body as { reject?: boolean } | undefined;
    if (body?.reject) return { status: 422, body: { success: false, message: 'PAN does not match', status_code: 422 } };
    submits.push({ url: request.url, body: request.body });
    if (request.url.endsWith('/co-applicant')) {
      const checks = { decision: 'REJECTED', rejected: true, reasons: ['OVERDUE_AMOUNT'] };
      return {
        status: 200,
        body: { success: true, data: { id: `c${++counter}`, name: 'VIKRAM JOSHI', status: 'REJECTED', approval_checks: checks } },
      };
    }
    return { status: 200, body: { success: true, data: { status: 'DRAFT', stage: ['KYC'] } } };
  }

  const transport: Transport = async (sent, key) => {
    const request = await opened(sent, key);
    calls.push({ url: request.url, key, request });
    const action = intercept?.(calls.length, request);
    if (action === 'drop') throw new (await import('../../../src/app/sync/transport')).NetworkError('offline');
    if (action && action !== 'commit-then-drop') return action;
    const stored = keys.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint(request))
        return { status: 422, body: { success: false, message: 'Idempotency-Key reused with another request', status_code: 422 } };
      if (!stored.response)
        return {
          status: 409,
          retryAfter: true,
          body: { success: false, message: 'A request with this Idempotency-Key is in progress', status_code: 409 },
        };
      const kept = minimalReplayBody(JSON.stringify(stored.response.body));
      return { ...stored.response, body: kept ? JSON.parse(kept) : '', replayed: true };
    }
    const entry: Stored = { fingerprint: fingerprint(request) };
    keys.set(key, entry);
    await Promise.resolve();
    entry.response = handle(request);
    if (action === 'commit-then-drop') throw new (await import('../../../src/app/sync/transport')).NetworkError('connection reset');
    return entry.response;
  };

  return {
    transport,
    applications,
    uploads,
    submits,
    calls,
    setIntercept: (fn: typeof intercept) => {
      intercept = fn;
    },
  };
}
