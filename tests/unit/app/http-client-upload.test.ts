// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mainApi } from '../../../src/app/api/clients';
import { registerLogoutHandler } from '../../../src/app/api/http-client';
import { uploadTimeoutMs } from '../../../src/app/api/http-rules';
import { uploadJoinUsFile } from '../../../src/app/api/join-us.api';
import { getToken, setToken } from '../../../src/app/session/session.storage';
import { startHttpServer, type HttpTestServer } from '../../support/http-test-server';
import { resetDevice } from './test-utils';

// Uploads go through the same axios client as every call (its XMLHttpRequest adapter reports
// the progress), against a real HTTP server.

const file = (bytes: number) => Object.assign(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), { name: 'pan.jpg' });

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpServer();
});
afterAll(() => server.close());

describe('upload of a join-us document', () => {
  let handler: ReturnType<typeof vi.fn<() => void>>;
  let unregister: () => void;

  beforeEach(() => {
    resetDevice();
    handler = vi.fn<() => void>();
    unregister = registerLogoutHandler(handler);
  });
  afterEach(() => unregister());

  it('posts the type and the file as multipart with the token, reports progress as a fraction and answers the envelope', async () => {
    setToken('user-1');
    server.answer({ status: 200, body: { success: true, data: { file_id: 'f-1' } } });
    const fractions: number[] = [];
    const answer = await uploadJoinUsFile(file(20_480), 'PAN', { onProgress: (f) => fractions.push(f) });
    expect(answer).toEqual({ success: true, data: { file_id: 'f-1' } });
    const request = server.last();
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/join-us/upload-file', headers: { token: 'user-1' } });
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request.body.toString('latin1');
    expect(body).toMatch(/name="file_type"\r\n\r\nPAN\r\n/);
    expect(body).toMatch(/name="file"; filename="pan.jpg"\r\nContent-Type: image\/jpeg\r\n\r\n/);
    expect(request.body.length).toBeGreaterThan(20_480);
    // Every fraction within 0..1, rising, and the last one all of it.
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions.every((f, i) => f > 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]!))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });

  it('has the deadline of the outbox for its size: 30 s plus a second per 10 KB', async () => {
    expect(uploadTimeoutMs(20_480)).toBe(32_000);
    const timeouts: (number | undefined)[] = [];
    const id = mainApi.interceptors.request.use((config) => {
      timeouts.push(config.timeout);
      return config;
    });
    try {
      server.answer({ status: 200, body: { success: true, data: { file_id: 'f-2' } } });
      await uploadJoinUsFile(file(20_480), 'PAN');
    } finally {
      mainApi.interceptors.request.eject(id);
    }
    expect(timeouts).toEqual([32_000]);
  });

  it('a 401 removes the token, logs out and answers the failure envelope', async () => {
    setToken('user-1');
    server.answer({ status: 401, body: { success: false, message: 'Session expired', status_code: 401 } });
    expect(await uploadJoinUsFile(file(100), 'PAN')).toEqual({ success: false, message: 'Session expired', status_code: 401 });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('an error answer that is not JSON is kept as text', async () => {
    server.answer({ status: 413, body: 'Payload Too Large' });
    expect(await uploadJoinUsFile(file(100), 'PAN').catch((e: unknown) => e)).toMatchObject({
      kind: 'http',
      response: { status: 413, data: 'Payload Too Large' },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('a dropped connection and an abort through the signal reject without response', async () => {
    server.answer('drop');
    expect(await uploadJoinUsFile(file(100), 'PAN').catch((e: unknown) => e)).toMatchObject({
      name: 'HttpError',
      kind: 'network',
      response: undefined,
    });

    server.answer('hang');
    const controller = new AbortController();
    const count = server.received.length;
    const aborted = uploadJoinUsFile(file(100), 'PAN', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.received).toHaveLength(count + 1));
    controller.abort();
    expect(await aborted).toMatchObject({ kind: 'aborted', response: undefined });
  });
});
