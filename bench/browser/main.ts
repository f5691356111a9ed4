// Browser-side benchmark entry: the app's own modules, exposed for bench/*.ts to call.
import { SahyogDb } from '../../src/app/db/db';
import { timeDraftSaves } from './draft-saves';
import { compressImage } from '../../src/app/media/compress-image';
import { queueItems, type QueueItem } from '../../src/app/db/outbox.repository';
import { newLocalId } from '../../src/app/db/ids';
import { createSyncEngine } from '../../src/app/sync/engine';
import { createFetchTransport } from '../../src/app/sync/transport';
import { fakePhoto } from './fake-photo';
import './outbox-recovery';
import './device-vault';
import { lock, setPin } from '../../src/app/db/device-vault';
import { KV_KEYS, writeKv } from '../../src/app/db/kv.repository';
import { serverOutboxKey } from './device-vault';

type LongTask = { duration: number };
const longTasks: LongTask[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });

/** A 12 MP JPEG that compresses like a photo: gradients plus noise, quality 0.92. */
async function makePhoto(width = 4000, height = 3000): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#8a5a2b');
  gradient.addColorStop(0.5, '#d9c27a');
  gradient.addColorStop(1, '#2b5a8a');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  const tile = ctx.createImageData(512, 512);
  for (let i = 0; i < tile.data.length; i++) tile.data[i] = i % 4 === 3 ? 60 : Math.random() * 255;
  for (let y = 0; y < height; y += 512) for (let x = 0; x < width; x += 512) ctx.putImageData(tile, x, y);
  for (let i = 0; i < 400; i++) {
    ctx.fillStyle = `hsl(${(i * 37) % 360} 60% 50%)`;
    ctx.fillRect(Math.random() * width, Math.random() * height, 40 + Math.random() * 300, 40 + Math.random() * 300);
  }
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

async function benchCompress(runs = 5) {
  const photo = await makePhoto();
  await compressImage(photo); // warm-up: worker start and code paths
  const results: { ms: number; bytes: number; longestTaskMs: number }[] = [];
  for (let i = 0; i < runs; i++) {
    longTasks.length = 0;
    const t0 = performance.now();
    const out = await compressImage(photo);
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 100)); // let the observer deliver
    const bitmap = await createImageBitmap(out);
    results.push({ ms, bytes: out.size, longestTaskMs: Math.max(0, ...longTasks.map((t) => t.duration)) });
    if (i === 0) Object.assign(results[0]!, { width: bitmap.width, height: bitmap.height });
    bitmap.close();
  }
  return { inputBytes: photo.size, results };
}

async function benchAutosave(saves = 300) {
  const db = new SahyogDb(`bench-${Date.now()}`);
  await db.open();
  const times = await timeDraftSaves(db, saves);
  db.close();
  await db.delete();
  times.sort((a, b) => a - b);
  return { saves, medianMs: times[Math.floor(saves / 2)]!, p95Ms: times[Math.floor(saves * 0.95)]! };
}

/** ~1.6 KB of form values, like a KYC submit. */
const formBody = (i: number) => ({
  seq: i,
  remarks: 'x'.repeat(1200),
  mother_name: 'SITA DEVI',
  category: 'OBC',
  religion: 'Hindu',
  education: '10th Pass',
});

const photoBlobs: Blob[] = [];
function photosFor(count: number): Blob[] {
  while (photoBlobs.length < count) photoBlobs.push(fakePhoto());
  return photoBlobs.slice(0, count);
}

/** Queues the items in a fresh device database, then times one drain of the outbox. */
/**
 * `sealed`: every row (entries, files, photo bytes) encrypted at rest under a PIN's data key;
 * 'outbox' as well, the outbox sealed for the server's key on capture, and the drain run locked.
 */
async function benchEngine(token: string, applicationId: string, submits = 500, photos = 200, sealed: boolean | 'outbox' = false) {
  const db = new SahyogDb(`bench-outbox-${Date.now()}`);
  await db.open();
  if (sealed) await setPin(db, '482913');
  if (sealed === 'outbox') await writeKv(db, KV_KEYS.outboxKey, await serverOutboxKey());
  const localApp = newLocalId();
  await db.applications.add({
    localId: localApp,
    serverId: applicationId,
    status: 'DRAFT',
    stage: [],
    syncState: 'local',
    createdAt: Date.now(),
    updatedAt: Date.now(),
  });
  // As ensureLocalApplication keeps it: the id map a locked drain resolves `{"$app"}` with.
  await db.serverIds.put({ key: `$app:${localApp}`, id: applicationId });
  const blobs = photosFor(photos);
  const items: QueueItem[] = [];
  for (let i = 0; i < submits; i++) {
    items.push({
      label: `submit ${i}`,
      request: { kind: 'json', base: 'main', method: 'POST', url: '/dev/applications', body: formBody(i) },
    });
  }
  for (let i = 0; i < photos; i++) {
    const localId = newLocalId();
    await db.fileBlobs.add({ localId, blob: blobs[i]! });
    await db.files.add({
      localId,
      name: `captured_image${i}.jpg`,
      mime: 'image/jpeg',
      size: blobs[i]!.size,
      capturedAt: Date.now(),
      applicationLocalId: localApp,
      field: 'photo',
      uploadState: 'pending',
    });
    items.push({
      label: `photo ${i}`,
      applicationLocalId: localApp,
      request: {
        kind: 'upload',
        base: 'main',
        url: '/v1/apply-loan/upload-file',
        fileLocalIds: [localId],
        fields: { application_id: { $app: localApp }, file_type: 'SHOP_PHOTO' },
      },
      effect: { type: 'files-uploaded', fileLocalIds: [localId] },
    });
  }
  await queueItems(db, items);
  let networkMs = 0;
  const transport = createFetchTransport({
    baseUrls: { main: '/api', verification: '/verification', banking: '/banking' },
    getToken: () => token,
  });
  const timed: typeof transport = async (request, key) => {
    const t = performance.now();
    try {
      return await transport(request, key);
    } finally {
      networkMs += performance.now() - t;
    }
  };
  // The sealed outbox drains locked (the service worker's, or a locked page's): no data key at all.
  if (sealed === 'outbox') lock(db);
  const engine = createSyncEngine({ db, transport: timed });
  const t0 = performance.now();
  const result = await engine.drain();
  const ms = performance.now() - t0;
  const left = await db.outbox.count();
  const firstLeft = (await db.outbox.toCollection().first())?.lastError;
  db.close();
  await db.delete();
  return { items: submits + photos, result, left, firstLeft, ms, networkMs };
}

/** The same requests sent directly, one after another, each with its own idempotency key. */
async function benchDirect(token: string, applicationId: string, submits = 500, photos = 200) {
  const blobs = photosFor(photos);
  const refused: number[] = [];
  const count = (r: Response) => (r.ok ? r.text() : (refused.push(r.status), r.text()));
  const t0 = performance.now();
  for (let i = 0; i < submits; i++) {
    await fetch('/api/dev/applications', {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(formBody(i)),
    }).then(count);
  }
  for (let i = 0; i < photos; i++) {
    const form = new FormData();
    form.append('application_id', applicationId);
    form.append('file_type', 'SHOP_PHOTO');
    form.append('file', blobs[i]!, `captured_image${i}.jpg`);
    await fetch('/api/v1/apply-loan/upload-file', {
      method: 'POST',
      headers: { token, 'Idempotency-Key': crypto.randomUUID() },
      body: form,
    }).then(count);
  }
  return { items: submits + photos, ms: performance.now() - t0, refused };
}

Object.assign(window, { benchCompress, benchAutosave, benchEngine, benchDirect });
