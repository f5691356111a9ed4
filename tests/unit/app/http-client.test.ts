// @vitest-environment jsdom
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, registerLogoutHandler, REQUEST_TIMEOUT_MS } from '../../../src/app/api/http-client';
import { requestEnvelope } from '../../../src/app/api/envelope';
import { getToken, setGuestToken, setToken } from '../../../src/app/session/session.storage';
import { resetDevice } from './test-utils';

type Reply = { status: number; data: unknown };

/** An adapter that records requests and answers like a server would (axios rejects non-2xx). */
function fakeServer(reply: Reply) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response: AxiosResponse = { status: reply.status, statusText: '', headers: {}, config, data: reply.data };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, {}, response);
  };
  return { adapter, seen };
}

function client(kind: 'main' | 'verification', reply: Reply) {
  const api = createApiClient({
    baseURL: kind === 'main' ? '/api' : '/verification',
    runLogoutHandlerOn401: kind === 'main',
    resolveErrorResponses: kind !== 'main',
  });
  const server = fakeServer(reply);
  api.defaults.adapter = server.adapter;
  return { api, seen: server.seen };
}

const unauthorized = { status: 401, data: { success: false, message: 'Session expired', status_code: 401 } };

describe('API clients', () => {
  let handler: ReturnType<typeof vi.fn<() => void>>;
  let unregister: () => void;

  beforeEach(() => {
    resetDevice();
    handler = vi.fn<() => void>();
    unregister = registerLogoutHandler(handler);
  });
  afterEach(() => unregister());

  it('sends the stored token, else the guest token, in the token header, with a 30 s timeout', async () => {
    setGuestToken('guest-1');
    const { api, seen } = client('main', { status: 200, data: { success: true, data: {} } });
    await api.get('/v1/x');
    expect(new AxiosHeaders(seen[0]!.headers).get('token')).toBe('guest-1');
    setToken('user-1');
    await api.get('/v1/x');
    expect(new AxiosHeaders(seen[1]!.headers).get('token')).toBe('user-1');
    expect(seen[1]!.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('main API 401: removes the token, runs the logout handler and rejects', async () => {
    setToken('user-1');
    const { api } = client('main', unauthorized);
    await expect(api.get('/v1/user/me')).rejects.toBeInstanceOf(AxiosError);
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('main API other errors keep the token and do not log out', async () => {
    setToken('user-1');
    const { api } = client('main', { status: 400, data: { success: false, message: 'Bad', status_code: 400 } });
    await expect(api.get('/v1/x')).rejects.toBeInstanceOf(AxiosError);
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
    ).rejects.toBeInstanceOf(AxiosError);
    await expect(requestEnvelope(client('main', { status: 200, data: '<html>' }).api.get('/x'))).rejects.toMatchObject({
      name: 'UnparsableResponseError',
    });
  });
});

describe('the three clients', () => {
  it('use the bases of DECISIONS.md by default', async () => {
    const { mainApi, verificationApi, bankingApi } = await import('../../../src/app/api/clients');
    expect([mainApi.defaults.baseURL, verificationApi.defaults.baseURL, bankingApi.defaults.baseURL]).toEqual([
      '/api',
      '/verification',
      '/banking',
    ]);
  });

  it('banking resolves errors without running the logout handler', async () => {
    resetDevice();
    const handler = vi.fn<() => void>();
    const unregister = registerLogoutHandler(handler);
    const { bankingApi } = await import('../../../src/app/api/clients');
    setToken('user-1');
    bankingApi.defaults.adapter = fakeServer(unauthorized).adapter;
    await expect(bankingApi.post('/v1/identity', {})).resolves.toMatchObject({ data: unauthorized.data });
    expect(getToken()).toBeNull();
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });
});
