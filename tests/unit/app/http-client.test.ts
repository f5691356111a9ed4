// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, HttpError, isHttpError, registerLogoutHandler, REQUEST_TIMEOUT_MS } from '../../../src/app/api/http-client';
import { requestEnvelope } from '../../../src/app/api/envelope';
import { extractErrorMessage } from '../../../src/app/api/error-message';
import { getToken, setGuestToken, setToken } from '../../../src/app/session/session.storage';
import { resetDevice } from './test-utils';

type Reply = { status: number; data: unknown };
type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown; signal: AbortSignal };

/** A fetch that records requests and answers like a server would (JSON unless the data is text). */
function fakeServer(reply: Reply | (() => Promise<Response>)) {
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    seen.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body,
      signal: init.signal!,
    });
    if (typeof reply === 'function') return reply();
    return new Response(typeof reply.data === 'string' ? reply.data : JSON.stringify(reply.data), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen, fetchMock };
}

function client(kind: 'main' | 'verification', reply: Reply) {
  const api = createApiClient({
    baseURL: kind === 'main' ? '/api' : '/verification',
    runLogoutHandlerOn401: kind === 'main',
    resolveErrorResponses: kind !== 'main',
  });
  return { api, ...fakeServer(reply) };
}

/** An answer that never comes; rejects like the browser's fetch when the request's signal aborts. */
function hangUntilAborted(seen: Seen[]) {
  return new Promise<Response>((_, reject) => {
    const signal = seen.at(-1)!.signal;
    signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

const unauthorized = { status: 401, data: { success: false, message: 'Session expired', status_code: 401 } };
const ok = { status: 200, data: { success: true, data: {} } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('API clients', () => {
  let handler: ReturnType<typeof vi.fn<() => void>>;
  let unregister: () => void;

  beforeEach(() => {
    resetDevice();
    handler = vi.fn<() => void>();
    unregister = registerLogoutHandler(handler);
  });
  afterEach(() => unregister());

  it('sends the stored token, else the guest token, in the token header, and asks for JSON', async () => {
    setGuestToken('guest-1');
    const { api, seen } = client('main', ok);
    await api.get('/v1/x');
    expect(seen[0]!.headers).toMatchObject({ token: 'guest-1', Accept: 'application/json' });
    setToken('user-1');
    await api.get('/v1/x');
    expect(seen[1]!.headers.token).toBe('user-1');
    expect(seen[1]!.url).toBe('/api/v1/x');
    expect(seen[1]!.method).toBe('GET');
  });

  it("keeps a token header the caller set, and the caller's other headers", async () => {
    setToken('user-1');
    const { api, seen } = client('main', ok);
    await api.post('/v1/auth/send-otp', {}, { headers: { Token: 'explicit', 'client-identifier': 'WEB_APP' } });
    expect(seen[0]!.headers).toMatchObject({ Token: 'explicit', 'client-identifier': 'WEB_APP' });
    expect(seen[0]!.headers).not.toHaveProperty('token');
  });

  it('serialises params into the query, leaving out undefined and null', async () => {
    const { api, seen } = client('main', ok);
    await api.get('/v1/app/mfi', {
      params: { page: 0, size: 20, search_by: 'Lakshmi Devi & co=1', status: undefined, queue: null, all: false },
    });
    expect(seen[0]!.url).toBe('/api/v1/app/mfi?page=0&size=20&search_by=Lakshmi+Devi+%26+co%3D1&all=false');
    await api.get('/v1/x?a=1', { params: { b: 2 } });
    expect(seen[1]!.url).toBe('/api/v1/x?a=1&b=2');
    await api.get('/v1/x', { params: { gone: undefined } });
    expect(seen[2]!.url).toBe('/api/v1/x');
  });

  it('sends an object as JSON with its Content-Type, a FormData as is, and no body when there is none', async () => {
    const { api, seen } = client('main', ok);
    await api.post('/v1/a', { mobile: '9876543210', n: 1 });
    expect(seen[0]!.body).toBe('{"mobile":"9876543210","n":1}');
    expect(seen[0]!.headers['Content-Type']).toBe('application/json');

    const form = new FormData();
    form.append('file_type', 'PAN');
    await api.patch('/v1/b', form);
    expect(seen[1]!.body).toBe(form);
    expect(seen[1]!.method).toBe('PATCH');
    expect(Object.keys(seen[1]!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');

    await api.put('/v1/user/logout');
    expect(seen[2]!.body).toBeUndefined();
    expect(seen[2]!.method).toBe('PUT');
    expect(Object.keys(seen[2]!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
  });

  it('times out after 30 s by default (an HttpError without response), or after the given timeout', async () => {
    vi.useFakeTimers();
    const { seen } = fakeServer(() => hangUntilAborted(seen));
    const api = createApiClient({ baseURL: '/api', runLogoutHandlerOn401: true, resolveErrorResponses: false });
    const settled = vi.fn();
    const pending = api.get('/v1/slow').then(settled, (error: unknown) => {
      settled();
      throw error;
    });
    pending.catch(() => {});
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending.catch((e: unknown) => e)) as HttpError;
    expect(isHttpError(error)).toBe(true);
    expect(error.kind).toBe('timeout');
    expect(error.response).toBeUndefined();
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(handler).not.toHaveBeenCalled();

    const short = api.put('/v1/user/logout', undefined, { timeout: 5_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await short).toMatchObject({ kind: 'timeout', response: undefined });
  });

  it('a failed fetch (no answer) is an HttpError without response', async () => {
    fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createApiClient({ baseURL: '/api', runLogoutHandlerOn401: true, resolveErrorResponses: true });
    const error = (await api.get('/v1/x').catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.kind).toBe('network');
    expect(error.response).toBeUndefined();
    expect(extractErrorMessage(error)).toBe('Something went wrong!');
    expect(handler).not.toHaveBeenCalled();
  });

  it("aborts through the caller's signal, before or during the request", async () => {
    const { seen, fetchMock } = fakeServer(() => hangUntilAborted(seen));
    const api = createApiClient({ baseURL: '/api', runLogoutHandlerOn401: true, resolveErrorResponses: false });
    const controller = new AbortController();
    const pending = api.get('/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'HttpError', kind: 'aborted', response: undefined });
    expect(seen[0]!.signal.aborted).toBe(true);

    await expect(api.get('/v1/x', { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('main API 401: removes the token, runs the logout handler and rejects with the answer', async () => {
    setToken('user-1');
    const { api } = client('main', unauthorized);
    const error = (await api.get('/v1/user/me').catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.response).toMatchObject({ status: 401, data: unauthorized.data });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('main API other errors keep the token and do not log out', async () => {
    setToken('user-1');
    const { api } = client('main', { status: 400, data: { success: false, message: 'Bad', status_code: 400 } });
    await expect(api.get('/v1/x')).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBe('user-1');
    expect(handler).not.toHaveBeenCalled();
  });

  it('verification API 401: removes the token without the handler, and resolves to the error body', async () => {
    setToken('user-1');
    const { api } = client('verification', unauthorized);
    const answer = await api.post('/v1/verify_pan_lite', { pan: 'BDVPD4821K' });
    expect(answer.data).toEqual(unauthorized.data);
    expect(getToken()).toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });

  it('verification API resolves other errors to their body too', async () => {
    const body = { success: false, message: 'PAN not found', status_code: 422 };
    const { api } = client('verification', { status: 422, data: body });
    await expect(api.post('/v1/verify_pan_lite', {})).resolves.toMatchObject({ status: 422, data: body });
  });

  it('keeps an answer that is not JSON as text', async () => {
    const page = '<html><body>Bad Gateway</body></html>';
    const { api } = client('main', { status: 502, data: page });
    const error = (await api.get('/v1/x').catch((e: unknown) => e)) as HttpError;
    expect(error.response).toMatchObject({ status: 502, data: page });
    expect(extractErrorMessage(error)).toBe('Something went wrong while processing the response.');
    const { api: verification } = client('verification', { status: 200, data: 'plain words' });
    await expect(verification.get('/v1/x')).resolves.toMatchObject({ status: 200, data: 'plain words' });
  });
});

describe('requestEnvelope', () => {
  beforeEach(() => resetDevice());

  it('answers a 4xx failure envelope as a value with its status_code', async () => {
    const { api } = client('main', { status: 400, data: { success: false, message: 'Invalid mobile number', status_code: 400 } });
    await expect(requestEnvelope(api.post('/v1/auth/send-otp', {}))).resolves.toEqual({
      success: false,
      message: 'Invalid mobile number',
      status_code: 400,
    });
  });

  it('throws on 5xx and on a success answer that is not the envelope', async () => {
    await expect(
      requestEnvelope(client('main', { status: 503, data: { success: false, message: 'down' } }).api.get('/x')),
    ).rejects.toBeInstanceOf(HttpError);
    await expect(requestEnvelope(client('main', { status: 200, data: '<html>' }).api.get('/x'))).rejects.toMatchObject({
      name: 'UnparsableResponseError',
    });
  });
});

describe('the three clients', () => {
  it('use the bases of DECISIONS.md by default', async () => {
    const { mainApi, verificationApi, bankingApi } = await import('../../../src/app/api/clients');
    expect([mainApi.baseURL, verificationApi.baseURL, bankingApi.baseURL]).toEqual(['/api', '/verification', '/banking']);
  });

  it('banking resolves errors without running the logout handler', async () => {
    resetDevice();
    const handler = vi.fn<() => void>();
    const unregister = registerLogoutHandler(handler);
    const { bankingApi } = await import('../../../src/app/api/clients');
    setToken('user-1');
    const { seen } = fakeServer(unauthorized);
    await expect(bankingApi.post('/v1/identity', {})).resolves.toMatchObject({ data: unauthorized.data });
    expect(seen[0]!.url).toBe('/banking/v1/identity');
    expect(getToken()).toBeNull();
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });
});
