// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleOutboxSync } from '../../../sw/outbox-sync';
import { getDb } from '../../../src/app/db/db';
import { KV_KEYS, readKv, writeKv } from '../../../src/app/db/kv.repository';
import { queueItems } from '../../../src/app/db/outbox.repository';
import type { DrainResult } from '../../../src/app/sync/engine';
import { createSyncRuntime } from '../../../src/app/sync/sync-runtime';

const done = (sent = 0, retrying = 0): Exclude<DrainResult, 'skipped'> => ({ sent, parked: 0, retrying, waiting: 0 });

describe('sync runtime', () => {
  afterEach(() => vi.useRealTimers());

  it('coalesces requests made during a drain into one more drain after it', async () => {
    let release!: () => void;
    const drain = vi.fn(() => new Promise<DrainResult>((resolve) => (release = () => resolve(done(1)))));
    const runtime = createSyncRuntime({ drain, isOnline: () => true });
    const first = runtime.request();
    void runtime.request();
    void runtime.request();
    expect(drain).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(drain).toHaveBeenCalledTimes(2));
    release();
    expect(await first).toEqual(done(1));
    expect(drain).toHaveBeenCalledTimes(2);
    runtime.stop();
  });

  it('does not drain offline, and stays quiet after a 401 until a person asks', async () => {
    let online = false;
    const drain = vi.fn(async () => done());
    const runtime = createSyncRuntime({ drain, isOnline: () => online });
    expect(await runtime.request()).toBe('offline');
    online = true;
    runtime.pause();
    expect(await runtime.request()).toBe('paused');
    expect(drain).not.toHaveBeenCalled();
    await runtime.request({ force: true });
    expect(drain).toHaveBeenCalledTimes(1);
    runtime.stop();
  });

  it('wakes up when the drain says its earliest held entry is due, and soon again when another context held the lock', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const results: DrainResult[] = ['skipped', { ...done(0, 1), nextAttemptAt: 61_000 }, done(1)];
    const drain = vi.fn(async () => results.shift() ?? done());
    const onResult = vi.fn();
    const runtime = createSyncRuntime({ drain, isOnline: () => true, onResult, skippedRetryMs: 2_000 });
    await runtime.request();
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(drain).toHaveBeenCalledTimes(2);
    // now 3 000; the retry is due at 61 000.
    await vi.advanceTimersByTimeAsync(57_999);
    expect(drain).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(drain).toHaveBeenCalledTimes(3);
    expect(onResult).toHaveBeenLastCalledWith(done(1));
    // Nothing waits on time any more: no wake-up, no loop.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(drain).toHaveBeenCalledTimes(3);
    runtime.stop();
  });

  it("after a transient failure, drains again at the entry's own retry time (backoff from 1 s), not after a 5 s floor", async () => {
    vi.useFakeTimers({ now: 0 });
    // One request failed at 0 and backs off 700 ms (1 s base, equal jitter); the rest was sent.
    const results: DrainResult[] = [{ ...done(15, 1), nextAttemptAt: 700 }, done(1)];
    const drain = vi.fn(async () => results.shift() ?? done());
    const runtime = createSyncRuntime({ drain, isOnline: () => true });
    await runtime.request();
    await vi.advanceTimersByTimeAsync(699);
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(drain).toHaveBeenCalledTimes(2);
    runtime.stop();
  });

  it('never loops at 0 ms: a due time already past (the drain outlasted it) wakes after the floor', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const drain = vi.fn(async () => ({ ...done(0, 1), nextAttemptAt: 9_000 }));
    const runtime = createSyncRuntime({ drain, isOnline: () => true, minWakeMs: 250 });
    await runtime.request();
    await vi.advanceTimersByTimeAsync(249);
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(drain).toHaveBeenCalledTimes(2);
    // Even a drain that keeps saying "already due" is asked at most 4 times a second.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(drain.mock.calls.length).toBeLessThanOrEqual(2 + 40);
    runtime.stop();
  });
});

describe('service worker sync event', () => {
  const db = getDb();
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const worker = (windows: { postMessage: (m: unknown) => void }[]) =>
    ({ clients: { matchAll: vi.fn(async () => windows) } }) as unknown as ServiceWorkerGlobalScope;

  it('asks an open page to drain rather than draining itself', async () => {
    const postMessage = vi.fn();
    await queueItems(db, [{ label: 'x', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/x', body: {} } }]);
    await handleOutboxSync(worker([{ postMessage }]));
    expect(postMessage).toHaveBeenCalledWith({ type: 'sahyog-drain' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with no page open, drains with the mirrored token and records the sync time', async () => {
    await writeKv(db, KV_KEYS.sessionToken, 'tok-sw');
    await queueItems(db, [{ label: 'x', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/x', body: { a: 1 } } }]);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, data: {} }), { status: 200 }));
    await handleOutboxSync(worker([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/v1/x');
    expect((init.headers as Record<string, string>).token).toBe('tok-sw');
    expect(await db.outbox.count()).toBe(0);
    expect(typeof (await readKv(db, KV_KEYS.lastSyncAt))).toBe('number');
  });

  it('with no page open, sends each entry in the language chosen when it was queued (the worker reads no localStorage)', async () => {
    await writeKv(db, KV_KEYS.sessionToken, 'tok-sw');
    const stored = new Map([['lang', 'hi']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    await queueItems(db, [{ label: 'hi', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/hi', body: {} } }]);
    stored.set('lang', 'en');
    await queueItems(db, [{ label: 'en', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/en', body: {} } }]);
    // The worker: no localStorage at all.
    vi.stubGlobal('localStorage', undefined);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ success: true, data: {} }), { status: 200 }));
    await handleOutboxSync(worker([]));
    const sent = fetchMock.mock.calls.map(([url, init]) => [
      url,
      (init as RequestInit & { headers: Record<string, string> }).headers['Accept-Language'],
    ]);
    expect(sent).toEqual([
      ['/api/v1/hi', 'hi'],
      ['/api/v1/en', 'en'],
    ]);
  });

  it('told to wipe (the device was marked lost), it sends what it may first, reports what it could not, then deletes the outbox and the token', async () => {
    await writeKv(db, KV_KEYS.sessionToken, 'tok-lost');
    // Queued before the app had the server's key: not sealed for the server, so not sent after the marking.
    await queueItems(db, [{ label: 'x', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/x', body: {} } }]);
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/device-wiped')
        ? new Response(JSON.stringify({ success: true, data: { received: 0 } }), { status: 200 })
        : new Response(JSON.stringify({ success: false, message: 'Session expired' }), { status: 401, headers: { 'sahyog-wipe': '1' } }),
    );
    await handleOutboxSync(worker([]));
    const urls = fetchMock.mock.calls.map(([url]) => url as string);
    expect(urls).toEqual(['/api/v1/x', '/api/v1/user/device-wiped']);
    const report = fetchMock.mock.calls[1]![1] as RequestInit & { headers: Record<string, string> };
    expect([report.headers.token, JSON.parse(report.body as string)]).toEqual(['tok-lost', { unsent: 1 }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await readKv(db, KV_KEYS.sessionToken)).toBeUndefined();
    expect(await readKv(db, KV_KEYS.wipeOutcome)).toEqual({ sent: 0, unsent: 1 });
  });

  it('signed out (no mirrored token), it leaves the outbox alone; a failed drain rejects so the browser retries', async () => {
    await queueItems(db, [{ label: 'x', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/x', body: {} } }]);
    await handleOutboxSync(worker([]));
    expect(fetchMock).not.toHaveBeenCalled();
    await writeKv(db, KV_KEYS.sessionToken, 'tok-sw');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(handleOutboxSync(worker([]))).rejects.toThrow('retry later');
    expect(await db.outbox.count()).toBe(1);
  });
});
