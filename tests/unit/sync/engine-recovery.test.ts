// @vitest-environment node
// Recovery from transient failures (network error, timeout, 5xx): the entry backs off from 1 s
// and the runtime wakes at that time; what does not depend on it keeps going meanwhile.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SahyogDb } from '../../../src/app/db/db';
import { newLocalId } from '../../../src/app/db/ids';
import { queueItems, type QueueItem } from '../../../src/app/db/outbox.repository';
import { createSyncEngine, memoryLock, type DrainResult } from '../../../src/app/sync/engine';
import { createSyncRuntime } from '../../../src/app/sync/sync-runtime';
import { createFakeServer } from './fake-server';
import { createItem, newApplication, newFile, stepItem, uploadItem, sealWhenAsked } from './outbox-fixtures';

const SERVER_ID = 'a'.repeat(32);
const UNAVAILABLE = { status: 503, body: { success: false, message: 'Service unavailable', status_code: 503 } };

let db: SahyogDb;
let clock: number;
const now = () => clock;

beforeEach(async () => {
  db = new SahyogDb(`test-${newLocalId()}`);
  await db.open();
  await sealWhenAsked(db);
  clock = 1_000_000;
});
afterEach(async () => {
  vi.useRealTimers();
  db.close();
  await db.delete();
});

const dueAt = (result: DrainResult) => (result === 'skipped' ? undefined : result.nextAttemptAt);

describe('sync engine: transient failures', () => {
  it('after one 5xx the retry is due 500 to 1000 ms later (1 s base, equal jitter), and the drain says when', async () => {
    for (const [random, delay] of [
      [0, 500],
      [0.5, 750],
      [1, 1000],
    ] as const) {
      const server = createFakeServer();
      const app = await newApplication(db, clock, SERVER_ID);
      const [seq] = await queueItems(db, [stepItem(app, '/v1/app/mfi/{app}/basic-info')], clock);
      server.setIntercept((n) => (n === 1 ? UNAVAILABLE : undefined));
      const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => random });

      const result = await engine.drain();

      expect(result).toEqual({ sent: 0, parked: 0, retrying: 1, waiting: 0, nextAttemptAt: clock + delay });
      expect(await db.outbox.get(seq!)).toMatchObject({ state: 'retrying', attempts: 1, lastStatus: 503, nextAttemptAt: clock + delay });
      await db.outbox.clear();
    }
  });

  it('one lost answer does not hold up other applications: their entries go in the same drain, and each is applied once', async () => {
    const server = createFakeServer();
    const apps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const app = await newApplication(db, clock);
      apps.push(app);
      const file = await newFile(db, app, clock);
      await queueItems(
        db,
        [createItem(app), uploadItem(app, file), stepItem(app, '/v1/app/mfi/{app}/basic-info', { photo_file: { $file: file } })],
        clock,
      );
    }
    // The first request reaches the server and is applied; its answer is lost on the way back.
    server.setIntercept((n) => (n === 1 ? 'commit-then-drop' : undefined));
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 1 });

    const first = await engine.drain();

    expect(first).toEqual({ sent: 6, parked: 0, retrying: 1, waiting: 0, nextAttemptAt: clock + 1000 });
    expect(server.calls.map((c) => c.url.replace(/[0-9a-f]{32}/, 'ID'))).toEqual([
      '/v1/app/mfi',
      ...['/v1/app/mfi', '/v1/apply-loan/upload-file', '/v1/app/mfi/ID/basic-info'],
      ...['/v1/app/mfi', '/v1/apply-loan/upload-file', '/v1/app/mfi/ID/basic-info'],
    ]);
    // The first application's later entries wait their turn, untouched (no 'Waiting for...').
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.state, e.attempts, e.lastError])).toEqual([
      ['retrying', 1, 'connection reset'],
      ['pending', 0, undefined],
      ['pending', 0, undefined],
    ]);

    clock = dueAt(first)!;
    expect(await engine.drain()).toEqual({ sent: 3, parked: 0, retrying: 0, waiting: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(server.applications).toHaveLength(3);
    expect(server.uploads).toHaveLength(3);
    expect(server.submits).toHaveLength(3);
    expect((await db.applications.get(apps[0]!))!.serverId).toBe(server.applications[0]!.id);
  });

  it("an application's steps stay in order behind a failed one; its other uploads go on, and a step naming a held upload waits for it", async () => {
    const server = createFakeServer();
    const app = await newApplication(db, clock, SERVER_ID);
    const [f1, f2] = [await newFile(db, app, clock), await newFile(db, app, clock)];
    await queueItems(
      db,
      [
        uploadItem(app, f1!),
        uploadItem(app, f2!),
        stepItem(app, '/v1/app/mfi/{app}/basic-info', { photo_file: { $file: f1 }, pan_file: { $file: f2 } }),
        stepItem(app, '/v1/app/mfi/{app}/co-applicant', { name: 'RAVI' }),
      ],
      clock,
    );
    let failed = false;
    server.setIntercept((_, request) => {
      if (failed || request.kind !== 'upload') return undefined;
      failed = true;
      return UNAVAILABLE;
    });
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });

    const first = await engine.drain();
    expect(first).toMatchObject({ sent: 1, retrying: 1, waiting: 0, nextAttemptAt: clock + 500 });
    const label = (url: string) => url.replace(`/v1/app/mfi/${SERVER_ID}/`, '').replace('/v1/apply-loan/', '');
    expect(server.calls.map((c) => label(c.url))).toEqual(['upload-file', 'upload-file']);
    expect((await db.files.get(f2!))!.uploadState).toBe('uploaded');
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.lastError)).toEqual(['Service unavailable', undefined, undefined]);

    clock += 500;
    expect(await engine.drain()).toMatchObject({ sent: 3, retrying: 0 });
    expect(server.calls.map((c) => label(c.url))).toEqual(['upload-file', 'upload-file', 'upload-file', 'basic-info', 'co-applicant']);
    expect(server.submits.map((s) => label(s.url))).toEqual(['basic-info', 'co-applicant']);
    expect(server.submits[0]!.body).toEqual({ photo_file: server.uploads[1]!.id, pan_file: server.uploads[0]!.id });
  });

  it('an entry not due yet no longer stops the drain: independent entries after it go, and the drain says when it is due', async () => {
    const server = createFakeServer();
    const waiting = await newApplication(db, clock, SERVER_ID);
    const other = await newApplication(db, clock, 'b'.repeat(32));
    const [held] = await queueItems(db, [stepItem(waiting, '/v1/app/mfi/{app}/basic-info')], clock);
    await db.outbox.update(held!, { state: 'retrying', attempts: 3, nextAttemptAt: clock + 3_000 });
    await queueItems(db, [stepItem(other, '/v1/app/mfi/{app}/basic-info')], clock);
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock() });

    expect(await engine.drain()).toEqual({ sent: 1, parked: 0, retrying: 1, waiting: 0, nextAttemptAt: clock + 3_000 });
    expect(server.calls.map((c) => c.url)).toEqual([`/v1/app/mfi/${'b'.repeat(32)}/basic-info`]);
  });

  it('two transient failures in a row end the drain (the network is likely down): not one request per application', async () => {
    const server = createFakeServer();
    for (let i = 0; i < 4; i++) await queueItems(db, [createItem(await newApplication(db, clock))], clock);
    server.setIntercept(() => 'drop');
    const engine = createSyncEngine({ db, transport: server.transport, now, lock: memoryLock(), random: () => 0 });

    expect(await engine.drain()).toEqual({ sent: 0, parked: 0, retrying: 2, waiting: 0, nextAttemptAt: clock + 500 });
    expect(server.calls).toHaveLength(2);
    // At the wake-up, the two held ones are due again, and the drain again stops at two.
    clock += 500;
    await engine.drain();
    expect(server.calls).toHaveLength(4);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(2);
  });
});

describe('sync engine and runtime on a fake clock', () => {
  /** Fake setTimeout and Date only: fake-indexeddb runs on the real setImmediate. */
  function fakeClock() {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  }

  /** The engine behind the runtime; `settle` waits (real time) until no drain runs. */
  function startRuntime(server: ReturnType<typeof createFakeServer>, random: () => number) {
    const engine = createSyncEngine({ db, transport: server.transport, lock: memoryLock(), random });
    let running = 0;
    const runtime = createSyncRuntime({
      drain: async () => {
        running++;
        try {
          return await engine.drain();
        } finally {
          running--;
        }
      },
      isOnline: () => true,
    });
    const settle = async () => {
      do await new Promise((resolve) => setImmediate(resolve));
      while (running > 0);
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { runtime, settle };
  }

  /** Runs the runtime's wake-ups until the outbox is empty; returns the clock time it took. */
  async function drainToEmpty(
    runtime: ReturnType<typeof createSyncRuntime>,
    settle: () => Promise<void>,
    limitMs = 120_000,
  ): Promise<number> {
    const start = Date.now();
    void runtime.request();
    for (;;) {
      await settle();
      if ((await db.outbox.count()) === 0 || Date.now() - start > limitMs) break;
      expect(vi.getTimerCount()).toBeGreaterThan(0); // a wake-up is set
      await vi.advanceTimersToNextTimerAsync();
    }
    runtime.stop();
    return Date.now() - start;
  }

  it('after one 5xx the next try comes 500 to 1000 ms later (plus the 20 ms wake slack), not 5 s', async () => {
    fakeClock();
    const server = createFakeServer();
    const app = await newApplication(db, Date.now(), SERVER_ID);
    await queueItems(db, [stepItem(app, '/v1/app/mfi/{app}/basic-info')], Date.now());
    const at: number[] = [];
    server.setIntercept((n) => {
      at.push(Date.now());
      return n === 1 ? UNAVAILABLE : undefined;
    });
    const { runtime, settle } = startRuntime(server, Math.random);

    await drainToEmpty(runtime, settle);

    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(500);
    expect(at[1]! - at[0]!).toBeLessThanOrEqual(1020);
  });

  it('16 items (13 uploads, 3 creates), 6 answers lost after the server applied them: drained in about 2 s of clock, each applied once', async () => {
    fakeClock();
    const server = createFakeServer();
    const items: QueueItem[] = [];
    for (const uploads of [5, 4, 4]) {
      const app = await newApplication(db, Date.now());
      items.push(createItem(app));
      for (let i = 0; i < uploads; i++) items.push(uploadItem(app, await newFile(db, app, Date.now())));
    }
    await queueItems(db, items, Date.now());
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.idempotencyKey);
    // Lose the first answer of entries 1, 4, 7, 10, 13 and 16: two creates and four uploads.
    const toDrop = new Set([0, 3, 6, 9, 12, 15].map((i) => keys[i]!));
    server.setIntercept((n) => {
      const key = server.calls[n - 1]!.key;
      return toDrop.delete(key) ? 'commit-then-drop' : undefined;
    });
    // Worst-case jitter: every first retry waits the full second.
    const { runtime, settle } = startRuntime(server, () => 1);

    const ms = await drainToEmpty(runtime, settle);

    expect(toDrop.size).toBe(0);
    expect(server.calls).toHaveLength(16 + 6);
    expect(server.applications).toHaveLength(3);
    expect(server.uploads).toHaveLength(13);
    // Two rounds of 1 s backoff; a 5 s floor after each lost answer made it about 30 s.
    expect(ms).toBeLessThanOrEqual(2_500);
  });
});
