// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  HttpError,
  isHttpError,
  registerLogoutHandler,
  REQUEST_TIMEOUT_MS,
  type LogoutHandler,
} from '../../../src/app/api/http-client';
import { requestEnvelope } from '../../../src/app/api/envelope';
import { extractErrorMessage } from '../../../src/app/api/error-message';
import { sendLoginOtp } from '../../../src/app/api/auth.api';
import { bankingApi, mainApi, verificationApi } from '../../../src/app/api/clients';
import { setLanguage } from '../../../src/app/i18n/language.store';
import { getToken, setGuestToken, setToken } from '../../../src/app/session/session.storage';
import { startHttpServer, type HttpTestServer } from '../../support/http-test-server';
import { resetDevice } from './test-utils';

// The axios clients against a real HTTP server, through jsdom's XMLHttpRequest.

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpServer();
});
afterAll(() => server.close());

const unauthorized = { status: 401, body: { success: false, message: 'Session expired', status_code: 401 } };
const ok = { status: 200, body: { success: true, data: {} } };
const main = () => createApiClient({ baseURL: '/api', runLogoutHandlerOn401: true, resolveErrorResponses: false });
const verification = () => createApiClient({ baseURL: '/verification', runLogoutHandlerOn401: false, resolveErrorResponses: true });

describe('API clients', () => {
  let handler: ReturnType<typeof vi.fn<() => void>>;
  let unregister: () => void;

  beforeEach(() => {
    resetDevice();
    server.answer(ok);
    handler = vi.fn<() => void>();
    unregister = registerLogoutHandler(handler);
  });
  afterEach(() => unregister());

  it('sends the stored token, else the guest token, in the token header, and asks for JSON', async () => {
    setGuestToken('guest-1');
    const api = main();
    await api.get('/v1/x');
    expect(server.last().headers).toMatchObject({ token: 'guest-1', accept: 'application/json' });
    setToken('user-1');
    await api.get('/v1/x');
    expect(server.last()).toMatchObject({ method: 'GET', url: '/api/v1/x', headers: { token: 'user-1' } });
  });

  it("asks for the server's messages in the app's language (Accept-Language, issue 21 D5)", async () => {
    const api = main();
    await setLanguage('en');
    await api.get('/v1/x');
    expect(server.last().headers['accept-language']).toBe('en');
    await setLanguage('hi');
    await api.get('/v1/x');
    expect(server.last().headers['accept-language']).toBe('hi');
    await setLanguage('en');
  });

  it("keeps a token header the caller set, and the caller's other headers", async () => {
    setToken('user-1');
    await main().post('/v1/auth/send-otp', {}, { headers: { Token: 'explicit', 'client-identifier': 'WEB_APP' } });
    expect(server.last().headers).toMatchObject({ token: 'explicit', 'client-identifier': 'WEB_APP' });
  });

  it('the login OTP send names the client (spec 01 §7)', async () => {
    await sendLoginOtp({ mobile: '9000000001', hostname: 'localhost' });
    expect(server.last()).toMatchObject({ url: '/api/v1/auth/send-otp', headers: { 'client-identifier': 'WEB_APP' } });
    await main().get('/v1/user/me');
    expect(server.last().headers).not.toHaveProperty('client-identifier');
  });

  it('serialises params into the query, leaving out undefined and null', async () => {
    const api = main();
    await api.get('/v1/app/mfi', {
      params: { page: 0, size: 20, search_by: 'Lakshmi Devi & co=1', status: undefined, queue: null, all: false },
    });
    expect(server.last().url).toBe('/api/v1/app/mfi?page=0&size=20&search_by=Lakshmi+Devi+%26+co%3D1&all=false');
    await api.get('/v1/x?a=1', { params: { b: 2 } });
    expect(server.last().url).toBe('/api/v1/x?a=1&b=2');
    await api.get('/v1/x', { params: { gone: undefined } });
    expect(server.last().url).toBe('/api/v1/x');
  });

  it('sends an object as JSON with its Content-Type, a FormData as multipart, and no body when there is none', async () => {
    const api = main();
    await api.post('/v1/a', { mobile: '9876543210', n: 1 });
    expect(server.last().body.toString()).toBe('{"mobile":"9876543210","n":1}');
    expect(server.last().headers['content-type']).toMatch(/^application\/json/);

    const form = new FormData();
    form.append('file_type', 'PAN');
    await api.patch('/v1/b', form);
    expect(server.last().method).toBe('PATCH');
    expect(server.last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.last().body.toString()).toMatch(/name="file_type"\r\n\r\nPAN\r\n/);

    await api.put('/v1/user/logout');
    expect(server.last()).toMatchObject({ method: 'PUT', url: '/api/v1/user/logout' });
    expect(server.last().body.length).toBe(0);
    expect(server.last().headers).not.toHaveProperty('content-type');
  });

  it('has a 30 s deadline by default; past its deadline a request is an HttpError without response', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    expect([main().defaults.timeout, mainApi.defaults.timeout, verificationApi.defaults.timeout, bankingApi.defaults.timeout]).toEqual([
      30_000, 30_000, 30_000, 30_000,
    ]);
    server.answer('hang');
    const started = Date.now();
    const error = (await main()
      .put('/v1/user/logout', undefined, { timeout: 300 })
      .catch((e: unknown) => e)) as HttpError;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'timeout', response: undefined });
    expect(extractErrorMessage(error)).toBe('Something went wrong!');
    expect(handler).not.toHaveBeenCalled();
  });

  it('a request that gets no answer (the connection dropped) is an HttpError without response', async () => {
    server.answer('drop');
    const api = createApiClient({ baseURL: '/api', runLogoutHandlerOn401: true, resolveErrorResponses: true });
    const error = (await api.get('/v1/x').catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.kind).toBe('network');
    expect(error.response).toBeUndefined();
    expect(extractErrorMessage(error)).toBe('Something went wrong!');
    expect(handler).not.toHaveBeenCalled();
  });

  it("aborts through the caller's signal, during the request or before it is sent", async () => {
    server.answer('hang');
    const api = main();
    const controller = new AbortController();
    const count = server.received.length;
    const pending = api.get('/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.received).toHaveLength(count + 1));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'HttpError', kind: 'aborted', response: undefined });

    await expect(api.get('/v1/x', { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(server.received).toHaveLength(count + 1);
  });

  it('main API 401: removes the token, runs the logout handler and rejects with the answer', async () => {
    setToken('user-1');
    server.answer(unauthorized);
    const error = (await main()
      .get('/v1/user/me')
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.response).toMatchObject({ status: 401, data: unauthorized.body });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('main API other errors keep the token and do not log out', async () => {
    setToken('user-1');
    server.answer({ status: 400, body: { success: false, message: 'Bad', status_code: 400 } });
    await expect(main().get('/v1/x')).rejects.toBeInstanceOf(HttpError);
    expect(getToken()).toBe('user-1');
    expect(handler).not.toHaveBeenCalled();
  });

  it('verification API 401: removes the token without the handler, and resolves to the error body', async () => {
    setToken('user-1');
    server.answer(unauthorized);
    const answer = await verification().post('/v1/verify_pan_lite', { pan: 'BDVPD4821K' });
    expect(answer.data).toEqual(unauthorized.body);
    expect(getToken()).toBeNull();
    expect(handler).not.toHaveBeenCalled();
  });

  it('verification API resolves other errors to their body too, but a request without answer still rejects', async () => {
    const body = { success: false, message: 'PAN not found', status_code: 422 };
    server.answer({ status: 422, body });
    await expect(verification().post('/v1/verify_pan_lite', {})).resolves.toMatchObject({ status: 422, data: body });
    server.answer('drop');
    await expect(verification().post('/v1/verify_pan_lite', {})).rejects.toMatchObject({ name: 'HttpError', kind: 'network' });
  });

  it('keeps an answer that is not JSON as text', async () => {
    const page = '<html><body>Bad Gateway</body></html>';
    server.answer({ status: 502, body: page });
    const error = (await main()
      .get('/v1/x')
      .catch((e: unknown) => e)) as HttpError;
    expect(error.response).toMatchObject({ status: 502, data: page });
    expect(extractErrorMessage(error)).toBe('Something went wrong while processing the response.');
    server.answer({ status: 200, body: 'plain words' });
    await expect(verification().get('/v1/x')).resolves.toMatchObject({ status: 200, data: 'plain words' });
  });
});

describe('requestEnvelope', () => {
  beforeEach(() => resetDevice());

  it('answers a 4xx failure envelope as a value with its status_code', async () => {
    server.answer({ status: 400, body: { success: false, message: 'Invalid mobile number', status_code: 400 } });
    await expect(requestEnvelope(main().post('/v1/auth/send-otp', {}))).resolves.toEqual({
      success: false,
      message: 'Invalid mobile number',
      status_code: 400,
    });
  });

  it('throws on 5xx and on a success answer that is not the envelope', async () => {
    server.answer({ status: 503, body: { success: false, message: 'down' } });
    await expect(requestEnvelope(main().get('/x'))).rejects.toBeInstanceOf(HttpError);
    server.answer({ status: 200, body: '<html>' });
    await expect(requestEnvelope(main().get('/x'))).rejects.toMatchObject({ name: 'UnparsableResponseError' });
  });
});

describe('the three clients', () => {
  it('use the bases of DECISIONS.md by default', () => {
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
    setToken('user-1');
    server.answer(unauthorized);
    await expect(bankingApi.post('/v1/identity', {})).resolves.toMatchObject({ data: unauthorized.body });
    expect(server.last().url).toBe('/banking/v1/identity');
    expect(getToken()).toBeNull();
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });

  it('a 401 with the wipe header runs the logout handler with the wipe and the revoked token (to send the queued items first)', async () => {
    resetDevice();
    const handler = vi.fn<LogoutHandler>();
    const unregister = registerLogoutHandler(handler);
    setToken('user-1');
    server.answer({ ...unauthorized, headers: { 'sahyog-wipe': '1', 'access-control-expose-headers': 'sahyog-wipe' } });
    await expect(mainApi.get('/v1/user/me')).rejects.toMatchObject({ kind: 'http', response: { status: 401 } });
    expect(handler).toHaveBeenCalledWith({ wipe: true, token: 'user-1' });
    expect(getToken()).toBeNull();
    unregister();
  });

  it('main runs the logout handler on a 401', async () => {
    resetDevice();
    const handler = vi.fn<() => void>();
    const unregister = registerLogoutHandler(handler);
    setToken('user-1');
    server.answer(unauthorized);
    await expect(mainApi.get('/v1/user/me')).rejects.toMatchObject({ kind: 'http', response: { status: 401 } });
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });
});
