import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeKey } from '../../src/server/http/route-access';
import { EXPECTATIONS, STATE_EXPECTATIONS, type Rule } from './helpers/route-expectations';
import { buildWorld, MultipartBody, requestOf, type Caller, type World } from './helpers/route-world';
import { useTestApp } from './helpers/test-app';

// Bad input of every kind, sent to every write route (and the query of every read route), signed
// in as a caller the route lets through and signed out: the answer may be any refusal, never a 5xx.

// Every keyed request of one signed-out address claims a key: without room for them all, the
// per-address limit would answer 429 before the body is read, and the fuzz would reach no route.
const ctx = useTestApp({ config: { idempotencyMaxPublicKeysPerAddress: 1_000_000 } });

const JSON_TYPE = { 'content-type': 'application/json' };

/** Raw bodies: broken, empty, deep, poisoned, with text no person types. */
const RAW_JSON: string[] = [
  '',
  ' ',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\udfff x"}',
  '{"a":["\\ud83d"]}',
  '{"a":1e999}',
  '{"a":-1e999}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '['.repeat(50_000) + ']'.repeat(50_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  `{"a":"${'x'.repeat(900_000)}"}`,
  `{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  '\u0000',
  '\ufeff{}',
];

/** Values put in place of each field of a route's valid body. */
const FIELD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  [],
  {},
  [[[[[]]]]],
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00abc',
  'x'.repeat(900_000),
  '9'.repeat(400),
  '<script>alert(1)</script>',
  "'; drop table applications; --",
  'ΩΩ漢字🙂',
  '../../etc/passwd',
  { $file: 'nope' },
];

const BOUNDARY = 'xFUZZx';
/** Multipart bodies that are not well formed, or carry what no form sends. */
const MULTIPART: { type: string; body: string | Buffer }[] = [
  { type: 'multipart/form-data', body: 'no boundary' },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
  },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nGarbage\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n` },
  { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}--\r\n` },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\na\u0000b\r\n--${BOUNDARY}--\r\n`,
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="application_id"\r\n\r\n${'f'.repeat(32)}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="e.png"\r\n\r\n\r\n--${BOUNDARY}--\r\n`,
  },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body:
      Array.from({ length: 40 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') +
      `--${BOUNDARY}--\r\n`,
  },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00&b=%ED%A0%80' },
  { type: 'application/json; charset=utf-16', body: '{}' },
];

/** Path parameters and query values no client sends. */
const BAD_SEGMENTS = ['%00', '%ED%A0%80', '..%2F..%2Fetc', 'A'.repeat(3000), '%25', '%E0%A4%A', "'or'1'='1", '0'.repeat(32)];

/** The caller a route lets through (its allowed callers include this one; for an application's route, in DRAFT, the world's state). */
function rightCaller(key: string, rule: Rule): Caller {
  const byState = STATE_EXPECTATIONS[key];
  const inDraft = byState && (['owner', 'bcm', 'bm'] as const).find((c) => byState[c]?.DRAFT === 'allowed');
  if (inDraft) return inDraft;
  if (rule === 'branch-manager' || rule === 'partner-request' || rule === 'partner-file' || rule === 'app-bm') return 'bm';
  if (rule === 'app-review' || rule === 'app-bcm') return 'bcm';
  return 'owner';
}

type Sent = { label: string; status: number; body: string };

describe('input fuzz', () => {
  it('no bad input to any route gets a 5xx, signed in or not', async () => {
    const world: World = await buildWorld(ctx.app, ctx.db);
    const sent: Sent[] = [];
    let n = 0;
    const send = async (label: string, options: InjectOptions) => {
      const res = await ctx.app.inject(options);
      n++;
      if (res.statusCode >= 500) sent.push({ label, status: res.statusCode, body: res.body.slice(0, 200) });
    };

    for (const route of ctx.app.routeTable) {
      const key = routeKey(route.method, route.url);
      const expectation = EXPECTATIONS[key];
      expect(expectation, key).toBeDefined();
      const { url, body } = expectation!.call(world);
      for (const caller of ['anonymous', rightCaller(key, expectation!.rule)] as const) {
        const base = requestOf(world, caller, route.method, url);
        const headers = { ...(base.headers as Record<string, string>) };
        const at = `${key} as ${caller}`;
        // Path parameters and query values
        for (const segment of BAD_SEGMENTS) {
          const path = url.split('?')[0]!;
          const mangled = route.url.includes(':') ? path.replace(/\/[^/]+$/, `/${segment}`) : path;
          await send(`${at} path ${segment.slice(0, 20)}`, {
            method: route.method as InjectOptions['method'],
            url: `${mangled}?x=${segment}&mobile=${segment}&file_id=${segment}&tracker_id=${segment}`,
            headers,
          });
        }
        if (route.method === 'GET') continue;
        const keyed = (i: number) => ({ ...headers, 'idempotency-key': `fuzz-${caller}-${n}-${i}` });
        for (const [i, raw] of RAW_JSON.entries()) {
          await send(`${at} raw#${i}`, {
            method: route.method as InjectOptions['method'],
            url,
            headers: { ...keyed(i), ...JSON_TYPE },
            payload: raw,
          });
        }
        for (const [i, item] of MULTIPART.entries()) {
          await send(`${at} multipart#${i}`, {
            method: route.method as InjectOptions['method'],
            url,
            headers: { ...keyed(i), 'content-type': item.type },
            payload: item.body,
          });
        }
        if (body && !(body instanceof MultipartBody)) {
          for (const field of Object.keys(body as object)) {
            for (const [i, value] of FIELD_VALUES.entries()) {
              const payload = JSON.stringify({ ...(body as object), [field]: value });
              await send(`${at} ${field}=#${i}`, {
                method: route.method as InjectOptions['method'],
                url,
                headers: { ...keyed(i), ...JSON_TYPE },
                payload,
              });
            }
          }
        }
      }
    }
    // A Host header no tenant has, and one that is not a name at all.
    for (const host of ['evil.example.com', '%00', 'a'.repeat(300)]) {
      await send(`host ${host.slice(0, 10)}`, {
        method: 'POST',
        url: '/api/v1/auth/send-otp',
        headers: { host, ...JSON_TYPE },
        payload: '{"mobile":"9000000001"}',
      });
    }
    console.log(`input-fuzz: ${n} requests, ${sent.length} answered 5xx`);
    expect(sent).toEqual([]);
    expect(n).toBeGreaterThan(3000);
  }, 240_000);
});
