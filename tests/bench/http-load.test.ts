import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { load, report, type Req } from '../../bench/http-load';

// A tiny target: 200 for every request, except 400 for a path that says so (as the server
// refuses a body past its limits).
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const refused = req.url?.startsWith('/refuse');
      res.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' });
      // A 200 whose body is not the API's answer: a failure in it, or no JSON at all.
      if (req.url === '/failed-in-200') return res.end('{"success":false,"message":"not saved"}');
      if (req.url === '/not-json') return res.end('<html>proxy error</html>');
      res.end(refused ? '{"success":false,"message":"Address must be at most 200 characters"}' : '{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

/** `total` requests, the `refusedAt`th of them to the refusing path. */
const requests = (total: number, refusedAt?: number) => {
  let n = 0;
  return (): Req | undefined => {
    const i = n++;
    if (i >= total) return undefined;
    return { method: 'POST', path: i === refusedAt ? '/refuse' : '/ok', body: '{}' };
  };
};

describe('bench/http-load.ts: a bench prints a figure only when every request it timed was accepted', () => {
  it('prints req/s and percentiles when every answer is 2xx', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const run = await load(port, 'token', requests(40), 30, { clients: 4 });
    expect(run.count).toBe(40);
    const figures = report('all accepted', run);
    expect(figures.rps).toBeGreaterThan(0);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toMatch(
      /^all accepted\s+\d+ req\/s {2}p50 [\d.]+ ms {2}p95 [\d.]+ ms {2}p99 [\d.]+ ms {2}\(40 requests\)$/,
    );
  });

  it('throws, printing nothing, when one timed request of many was refused', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const run = await load(port, 'token', requests(40, 17), 30, { clients: 4 });
    expect(run.statuses.get(400)).toBe(1);
    expect(() => report('one refused', run)).toThrow(
      /^one refused: requests refused \((200×39 400×1|400×1 200×39)\); first: 400 .*Address must be at most 200 characters/,
    );
    expect(log).not.toHaveBeenCalled();
  });

  it('counts a 2xx only with the API answer in its body: success false or no JSON is refused', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    for (const path of ['/failed-in-200', '/not-json']) {
      let n = 0;
      const run = await load(
        port,
        'token',
        () => (n++ < 10 ? { method: 'POST', path: n === 5 ? path : '/ok', body: '{}' } : undefined),
        30,
        {
          clients: 2,
        },
      );
      expect(run.statuses.get(200)).toBe(10);
      expect(() => report(path, run)).toThrow(/requests refused \(200×10\); first: 200 /);
    }
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps only the accepted requests for replays', async () => {
    const kept: Req[] = [];
    await load(port, 'token', requests(10, 3), 30, { clients: 2, keep: kept });
    expect(kept).toHaveLength(9);
    expect(kept.every((r) => r.path === '/ok')).toBe(true);
  });

  it('throws when no request was timed at all', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(() => report('nothing', { count: 0, statuses: new Map(), seconds: 1, latencies: [] })).toThrow('nothing: no request was timed');
    expect(log).not.toHaveBeenCalled();
  });
});
