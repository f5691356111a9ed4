// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, HttpError, registerLogoutHandler } from '../../../src/app/api/http-client';
import { uploadJoinUsFile, uploadTimeoutMs } from '../../../src/app/api/join-us.api';
import { getToken, setToken } from '../../../src/app/session/session.storage';
import { resetDevice } from './test-utils';

type Progress = { loaded: number; total: number };

/** Stands in for XMLHttpRequest: records the request; the test drives progress and the answer. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Progress) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-request-id: r-1\r\n';
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const last = () => FakeXhr.all.at(-1)!;
const file = (bytes: number) => Object.assign(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), { name: 'pan.jpg' });
const mainApi = () => createApiClient({ baseURL: '/api', runLogoutHandlerOn401: true, resolveErrorResponses: false });

describe('upload (XMLHttpRequest, for the progress)', () => {
  let handler: ReturnType<typeof vi.fn<() => void>>;
  let unregister: () => void;

  beforeEach(() => {
    resetDevice();
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    handler = vi.fn<() => void>();
    unregister = registerLogoutHandler(handler);
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts the form as is with the same headers, reports progress as a fraction and answers the parsed body', async () => {
    setToken('user-1');
    const form = new FormData();
    form.append('file_type', 'PAN');
    const fractions: number[] = [];
    const pending = mainApi().upload('/v1/join-us/upload-file', form, { onProgress: (f) => fractions.push(f), params: { a: 1 } });
    const xhr = last();
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/v1/join-us/upload-file?a=1', form]);
    expect(xhr.headers).toEqual({ Accept: 'application/json', token: 'user-1' });
    xhr.progress(25, 100);
    xhr.progress(0, 0); // no total known: nothing to report
    xhr.progress(120, 100);
    xhr.respond(200, { success: true, data: { file_id: 'f-1' } });
    const answer = await pending;
    expect(answer).toMatchObject({ status: 200, data: { success: true, data: { file_id: 'f-1' } } });
    expect(answer.headers?.get('x-request-id')).toBe('r-1');
    expect(fractions).toEqual([0.25, 1]);
  });

  it('a 401 on the main API removes the token, logs out and rejects with the answer', async () => {
    setToken('user-1');
    const pending = mainApi()
      .upload('/v1/x', new FormData())
      .catch((e: unknown) => e);
    last().respond(401, { success: false, message: 'Session expired', status_code: 401 });
    const error = (await pending) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.response).toMatchObject({ status: 401, data: { message: 'Session expired' } });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('an error answer that is not JSON is kept as text', async () => {
    const pending = mainApi()
      .upload('/v1/x', new FormData())
      .catch((e: unknown) => e);
    last().respond(413, 'Payload Too Large');
    expect(await pending).toMatchObject({ kind: 'http', response: { status: 413, data: 'Payload Too Large' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('a network failure, an abort through the signal and a timeout reject without response', async () => {
    const failed = mainApi()
      .upload('/v1/x', new FormData())
      .catch((e: unknown) => e);
    last().onerror?.();
    expect(await failed).toMatchObject({ name: 'HttpError', kind: 'network', response: undefined });

    const controller = new AbortController();
    const aborted = mainApi()
      .upload('/v1/x', new FormData(), { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    expect(last().aborted).toBe(true);
    expect(await aborted).toMatchObject({ kind: 'aborted', response: undefined });

    vi.useFakeTimers();
    const slow = mainApi()
      .upload('/v1/x', new FormData(), { timeout: 2_000 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(last().aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(last().aborted).toBe(true);
    expect(await slow).toMatchObject({ kind: 'timeout', response: undefined });
  });

  it('uploadJoinUsFile sends the type and the file with its timeout, and answers the envelope', async () => {
    vi.useFakeTimers();
    const fractions: number[] = [];
    const blob = file(20_480);
    const pending = uploadJoinUsFile(blob, 'PAN', { onProgress: (f) => fractions.push(f) });
    await vi.advanceTimersByTimeAsync(0);
    const xhr = last();
    expect(xhr.url).toBe('/api/v1/join-us/upload-file');
    const form = xhr.body as FormData;
    expect(form.get('file_type')).toBe('PAN');
    expect((form.get('file') as File).name).toBe('pan.jpg');
    xhr.progress(10_240, 20_480);
    // 30 s plus 2 s for 20 KB: still waiting just before the deadline.
    expect(uploadTimeoutMs(blob.size)).toBe(32_000);
    await vi.advanceTimersByTimeAsync(31_999);
    expect(xhr.aborted).toBe(false);
    xhr.respond(200, { success: true, data: { file_id: 'f-9' } });
    await expect(pending).resolves.toEqual({ success: true, data: { file_id: 'f-9' } });
    expect(fractions).toEqual([0.5]);
  });
});
