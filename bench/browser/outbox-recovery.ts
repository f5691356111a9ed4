// Browser side of bench/outbox-recovery.ts: a queue of 16 items in the browser's real IndexedDB
// (3 applications created by a JSON POST, each followed by its photo uploads naming it by
// `{"$app"}`), drained by the app's own sync engine and runtime (wake-ups at each entry's backoff).
import { SahyogDb } from '../../src/app/db/db';
import { newLocalId } from '../../src/app/db/ids';
import { queueItems, type QueueItem } from '../../src/app/db/outbox.repository';
import { createSyncEngine } from '../../src/app/sync/engine';
import { createSyncRuntime } from '../../src/app/sync/sync-runtime';
import { createFetchTransport } from '../../src/app/sync/transport';
import { fakePhoto } from './fake-photo';

let db: SahyogDb | undefined;

/** Queues the items in a fresh device database; returns their idempotency keys in queue order. */
async function benchRecoveryQueue(uploadsPerApplication: number[] = [5, 4, 4]): Promise<string[]> {
  db = new SahyogDb(`bench-recovery-${Date.now()}`);
  await db.open();
  const now = Date.now();
  const items: QueueItem[] = [];
  for (const [i, uploads] of uploadsPerApplication.entries()) {
    const app = newLocalId();
    await db.applications.add({ localId: app, status: 'DRAFT', stage: [], syncState: 'local', createdAt: now, updatedAt: now });
    items.push({
      label: `application ${i + 1}`,
      applicationLocalId: app,
      request: {
        kind: 'json',
        base: 'main',
        method: 'POST',
        url: '/dev/applications',
        body: { bench: 'outbox-recovery', application: i + 1 },
      },
      effect: { type: 'application-created', applicationLocalId: app, idPath: 'data.application_id' },
    });
    for (let j = 0; j < uploads; j++) {
      const localId = newLocalId();
      const blob = fakePhoto();
      await db.fileBlobs.add({ localId, blob });
      await db.files.add({
        localId,
        name: `captured_image${i}_${j}.jpg`,
        mime: 'image/jpeg',
        size: blob.size,
        capturedAt: now,
        applicationLocalId: app,
        field: 'photo',
        uploadState: 'pending',
      });
      items.push({
        label: `photo ${i + 1}.${j + 1}`,
        applicationLocalId: app,
        request: {
          kind: 'upload',
          base: 'main',
          url: '/v1/apply-loan/upload-file',
          fileLocalIds: [localId],
          fields: { application_id: { $app: app }, file_type: 'SHOP_PHOTO' },
        },
        effect: { type: 'files-uploaded', fileLocalIds: [localId] },
      });
    }
  }
  await queueItems(db, items, now);
  return (await db.outbox.orderBy('seq').toArray()).map((e) => e.idempotencyKey);
}

/**
 * A drain may last two of the product's own deadlines (an upload of 300 KB waits 60 s for its
 * answer, and two transient failures in a row end a drain): the run is only called stalled when
 * no drain has ended for longer than that and a margin. A fixed 120 s limit was shorter than two
 * upload deadlines and stopped runs that were still progressing on a loaded machine.
 */
const STALL_MS = 2 * 60_000 + 30_000;
/** However it goes, the run ends by then. */
const CAP_MS = 600_000;

/** Starts the runtime and times it until the outbox is empty, or until it stalled (STALL_MS without a drain) or CAP_MS. */
async function benchRecoveryDrain(token: string, stallMs = STALL_MS, capMs = CAP_MS) {
  const local = db!;
  const transport = createFetchTransport({
    baseUrls: { main: '/api', verification: '/verification', banking: '/banking' },
    getToken: () => token,
  });
  const engine = createSyncEngine({ db: local, transport });
  const drains: unknown[] = [];
  let t0 = 0;
  let finish!: (why: 'empty' | 'parked' | 'stalled' | 'cap') => void;
  const finished = new Promise<'empty' | 'parked' | 'stalled' | 'cap'>((resolve) => (finish = resolve));
  let stall = setTimeout(() => finish('stalled'), stallMs);
  const cap = setTimeout(() => finish('cap'), capMs);
  const runtime = createSyncRuntime({
    drain: engine.drain,
    isOnline: () => true,
    onResult: async (result) => {
      drains.push({ ms: Math.round(performance.now() - t0), ...(result === 'skipped' ? { skipped: true } : result) });
      clearTimeout(stall);
      stall = setTimeout(() => finish('stalled'), stallMs);
      const left = await local.outbox.count();
      if (left === 0) finish('empty');
      // Parked entries wait for a person, not for a retry: nothing more will go.
      else if (left === (await local.outbox.where('state').equals('needs_attention').count())) finish('parked');
    },
  });
  t0 = performance.now();
  void runtime.request();
  const ended = await finished;
  const ms = performance.now() - t0;
  clearTimeout(stall);
  clearTimeout(cap);
  runtime.stop();
  const left = await local.outbox.count();
  // What is left, and why: each entry's state, tries and last answer (the bench's error prints them).
  const leftEntries = (await local.outbox.toArray()).map((e) => ({
    label: e.label,
    state: e.state,
    attempts: e.attempts,
    lastStatus: e.lastStatus,
    lastError: e.lastError,
    dueInMs: Math.round(e.nextAttemptAt - Date.now()),
  }));
  const serverIds = (await local.applications.toArray()).map((a) => a.serverId ?? null);
  const uploaded = await local.files.where('uploadState').equals('uploaded').count();
  local.close();
  await local.delete();
  db = undefined;
  return { ms, ended, left, leftEntries, drains, serverIds, uploaded };
}

Object.assign(window, { benchRecoveryQueue, benchRecoveryDrain });
