import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loggableError } from '../../src/server/http/error-handler';
import { RAVI } from './helpers/auth-flow';
import { call, get, hostOf, post } from './helpers/http';
import { multipart, PNG } from './helpers/multipart';
import { useTestApp } from './helpers/test-app';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('answers ok in the envelope', async () => {
    const res = await get(ctx.app, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok' } });
  });
});

describe('unknown routes and methods', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/v1/nothing-here'],
    ['GET', '/some/page'],
    ['DELETE', '/api/health'],
    ['GET', '/api/v1/auth/send-otp'],
  ] as const)('%s %s is a 404 envelope', async (method, url) => {
    const res = await call(ctx.app, method, url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Route not found', status_code: 404 });
  });
});

describe('bad request bodies are 4xx envelopes, never 500', () => {
  const sendRaw = (payload: string, contentType: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/send-otp', payload, headers: { host: hostOf(), 'content-type': contentType } });

  it('malformed JSON', async () => {
    const res = await sendRaw('{"mobile": "9000000001"', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Malformed JSON in request body', status_code: 400 });
  });

  it('empty JSON body', async () => {
    const res = await sendRaw('', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is empty; send a JSON object');
  });

  it('an unsupported content type', async () => {
    const res = await sendRaw('mobile=9000000001', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: 'Unsupported content type; send application/json', status_code: 415 });
  });

  it.each([
    ['text/plain', 'mobile=9000000001'],
    ['application/json', '[1,2]'],
    ['application/json', 'null'],
    ['application/json', '"9000000001"'],
  ])('a body that is not a JSON object (%s %s)', async (type, payload) => {
    const res = await sendRaw(payload, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Request body must be a JSON object', status_code: 400 });
  });

  it('a body over the size limit', async () => {
    const res = await sendRaw(JSON.stringify({ mobile: '9'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Request body is too large', status_code: 413 });
  });

  it('a malformed URL', async () => {
    const res = await ctx.app.inject({ url: '/api/public/tenant/hostname/%E0%A4%A/config', headers: { host: hostOf() } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Malformed URL', status_code: 400 });
  });

  it('no body at all', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/verify-otp', headers: { host: hostOf() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body must be a JSON object');
  });

  it.each([
    ['/api/v1/auth/send-otp', {}, 'Invalid mobile number'],
    ['/api/v1/auth/send-otp', { mobile: 9000000001 }, 'Invalid mobile number'],
    ['/api/v1/auth/resend-otp', {}, 'session_id is required'],
    ['/api/v1/auth/resend-otp', { session_id: 42 }, 'session_id is required'],
    ['/api/v1/auth/verify-otp', { otp: '123456' }, 'session_id is required'],
    ['/api/v1/auth/verify-otp', { session_id: 'a'.repeat(32) }, 'Invalid OTP'],
    ['/api/v1/auth/verify-otp', { session_id: 'a'.repeat(32), otp: 123456 }, 'Invalid OTP'],
  ])('missing or mistyped fields: POST %s %j → %s', async (url, body, message) => {
    const res = await post(ctx.app, url, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, status_code: 400 });
  });
});

describe('multipart bodies that are not well formed', () => {
  const MALFORMED = {
    success: false,
    message: 'Malformed multipart/form-data body: send it with its boundary, complete',
    status_code: 400,
  };
  const upload = (type: string, payload: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/join-us/upload-file', payload, headers: { host: hostOf(), 'content-type': type } });

  it.each([
    ['no boundary', 'multipart/form-data', 'no boundary'],
    [
      'cut short',
      'multipart/form-data; boundary=xB',
      '--xB\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ],
  ])('%s: 400', async (_name, type, payload) => {
    const res = await upload(type, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(MALFORMED);
  });

  it('an error without a status after the body was read is still a 500, not a malformed body', async () => {
    await ctx.rebuild({
      storage: {
        put: async () => {
          throw new Error('disk full');
        },
        get: async () => undefined,
        remove: async () => undefined,
      },
    });
    const { payload, headers } = multipart({ file_type: 'PAN' }, [{ field: 'file', filename: 'pan.png', bytes: PNG, type: 'image/png' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/join-us/upload-file',
      payload,
      headers: { ...headers, host: hostOf() },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong!', status_code: 500 });
  });
});

describe('unexpected errors', () => {
  it('answer 500 "Something went wrong!" without the error or its stack, and log it', async () => {
    const lines: string[] = [];
    const app = await ctx.rebuild({
      logger: { stream: { write: (line: string) => lines.push(line) } },
      smsProvider: {
        send: async () => {
          throw new Error('gateway exploded at /srv/secret-path');
        },
      },
    });
    const res = await post(app, '/api/v1/auth/send-otp', { mobile: RAVI });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Something went wrong!', status_code: 500 });
    expect(res.raw.body).not.toMatch(/exploded|secret-path|at /);
    const logged = lines.map((l) => JSON.parse(l) as { level: number; err?: { message: string } });
    expect(logged.some((l) => l.level === 50 && l.err?.message === 'gateway exploded at /srv/secret-path')).toBe(true);
  });

  it('logs failed queries without their parameters (mobiles, token hashes)', async () => {
    const error = await ctx.db.execute(sql`select ${'9876543210'}::integer / 0`).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain('9876543210'); // drizzle puts params in the message
    expect(JSON.stringify(loggableError(error))).not.toContain('9876543210');
    expect(loggableError(error).message).toMatch(/^Failed query: select \$1::integer/);
  });
});
