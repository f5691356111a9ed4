import { Blob } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS, uploadTimeoutMs } from '../../../src/app/api/http-rules';
import { createFetchTransport, NetworkError, timeoutFor, type ResolvedRequest } from '../../../src/app/sync/transport';
import { startHttpServer, type HttpTestServer } from '../../support/http-test-server';

// The outbox's transport against a real HTTP server: the same header, deadline and body rules
// as the direct calls (src/app/api/http-rules.ts), and its own contract (any answer resolves;
// only no answer throws NetworkError).

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpServer();
});
afterAll(() => server.close());

const transport = (token: string | null = 'tok-1', jsonTimeoutMs?: number) =>
  createFetchTransport({
    baseUrls: { main: `${server.origin}/api`, verification: `${server.origin}/verification`, banking: `${server.origin}/banking` },
    getToken: async () => token,
    jsonTimeoutMs,
  });
const json: ResolvedRequest = { kind: 'json', base: 'main', method: 'PATCH', url: '/v1/app/mfi/a-1', body: { name: 'LAKSHMI DEVI' } };

describe('outbox transport', () => {
  it('sends the token header and the idempotency key, JSON with its type; no token header when signed out', async () => {
    server.answer({ status: 200, body: { success: true, data: { id: 'a-1' } } });
    expect(await transport()(json, 'key-1')).toEqual({
      status: 200,
      body: { success: true, data: { id: 'a-1' } },
      retryAfter: false,
      replayed: false,
    });
    expect(server.last()).toMatchObject({
      method: 'PATCH',
      url: '/api/v1/app/mfi/a-1',
      headers: { token: 'tok-1', 'idempotency-key': 'key-1', 'content-type': 'application/json' },
    });
    expect(JSON.parse(server.last().body.toString())).toEqual({ name: 'LAKSHMI DEVI' });
    await transport(null)(json, 'key-2');
    expect(server.last().headers).not.toHaveProperty('token');
  });

  it("asks for the server's messages in the app's language when it has one (none in the service worker)", async () => {
    server.answer({ status: 200, body: { success: true, data: {} } });
    const inHindi = createFetchTransport({
      baseUrls: { main: `${server.origin}/api`, verification: `${server.origin}/verification`, banking: `${server.origin}/banking` },
      getToken: async () => 'tok-1',
      getLanguage: () => 'hi',
    });
    await inHindi(json, 'key-3');
    expect(server.last().headers['accept-language']).toBe('hi');
    await transport()(json, 'key-4');
    // Without a language, whatever fetch itself sends (Node's: '*'), never the app's.
    expect(server.last().headers['accept-language']).not.toBe('hi');
  });

  it('resolves every answer, its body read as the direct calls read it (JSON, else the text; empty is null)', async () => {
    server.answer({ status: 422, body: { success: false, message: 'PAN not found', status_code: 422 } });
    expect(await transport()(json, 'k')).toMatchObject({ status: 422, body: { message: 'PAN not found' } });
    server.answer({ status: 502, body: '<html>Bad Gateway</html>' });
    expect(await transport()(json, 'k')).toMatchObject({ status: 502, body: '<html>Bad Gateway</html>' });
    server.answer({ status: 409, body: '', headers: { 'retry-after': '2' } });
    expect(await transport()(json, 'k')).toEqual({ status: 409, body: null, retryAfter: true, replayed: false });
    // The server's word that this is the stored answer of an earlier send under the same key.
    server.answer({ status: 200, body: { success: true, data: { id: 'a-1' } }, headers: { 'idempotent-replayed': 'true' } });
    expect(await transport()(json, 'k')).toMatchObject({ status: 200, replayed: true });
  });

  it('posts an upload as multipart with its fields and files', async () => {
    server.answer({ status: 200, body: { success: true, data: { file_id: 'f-1' } } });
    const upload: ResolvedRequest = {
      kind: 'upload',
      base: 'main',
      url: '/v1/files',
      files: [{ blob: new Blob([new Uint8Array(300)], { type: 'image/jpeg' }) as unknown as globalThis.Blob, name: 'shop.jpg' }],
      fields: { file_type: 'SHOP_PHOTO', skipped: undefined },
    };
    await transport()(upload, 'key-u');
    const body = server.last().body.toString('latin1');
    expect(server.last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toMatch(/name="file_type"\r\n\r\nSHOP_PHOTO\r\n/);
    expect(body).toMatch(/name="file"; filename="shop.jpg"/);
    expect(body).not.toMatch(/skipped/);
    expect(timeoutFor(upload)).toBe(uploadTimeoutMs(300));
    expect(timeoutFor(json)).toBe(REQUEST_TIMEOUT_MS);
  });

  it('no answer is a NetworkError: a dropped connection, or past the deadline', async () => {
    server.answer('drop');
    await expect(transport()(json, 'k')).rejects.toBeInstanceOf(NetworkError);
    server.answer('hang');
    await expect(transport('tok-1', 200)(json, 'k')).rejects.toMatchObject({ name: 'NetworkError', message: 'Request timed out' });
  });
});
