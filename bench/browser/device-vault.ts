// Browser side of bench/device-vault.ts: the device vault's costs in the real IndexedDB.
import { PIN_ITERATIONS } from '../../src/app/crypto/data-key';
import { sealValue } from '../../src/app/crypto/sealed-value';
import { sealForServer } from '../../src/app/crypto/server-seal';
import type { OutboxPublicKey } from '../../src/domain/identity/sealed-envelope';
import { SahyogDb } from '../../src/app/db/db';
import { timeDraftSaves } from './draft-saves';
import { lock, setPin, unlock } from '../../src/app/db/device-vault';

const PIN = '482913';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A vault under the production work factor, with a few list rows for the dashboard's first read. */
async function vaultDb(): Promise<SahyogDb> {
  const db = new SahyogDb(`bench-vault-${Date.now()}`);
  await db.open();
  await setPin(db, PIN);
  return db;
}

/** PIN to unlocked, plus the dashboard's first read of sealed rows: ms per try. */
async function benchUnlock(tries = 3) {
  const db = await vaultDb();
  await db.listRows.bulkPut(
    Array.from({ length: 50 }, (_, i) => ({
      key: `o:${i}`,
      owner: 'o',
      id: `${i}`,
      name: 'LAKSHMI DEVI',
      seenAt: 0,
      updated_at: `${i}`,
    })) as never,
  );
  const times: number[] = [];
  for (let i = 0; i < tries; i++) {
    lock(db);
    const t0 = performance.now();
    const result = await unlock(db, PIN);
    if (!result.ok) throw new Error('unlock failed');
    await db.listRows.where('[owner+updated_at]').between(['o', ''], ['o', '\uffff']).toArray();
    times.push(performance.now() - t0);
  }
  db.close();
  await db.delete();
  return { iterations: PIN_ITERATIONS, medianMs: median(times), times };
}

/** PBKDF2-SHA-256 alone, at a given work factor: ms. */
async function benchPbkdf2(iterations: number) {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(PIN), 'PBKDF2', false, ['deriveBits']);
  const t0 = performance.now();
  await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: new Uint8Array(16), iterations, hash: 'SHA-256' }, base, 256);
  return performance.now() - t0;
}

/** Sealing a 150 KB photo row with the data key: median ms. */
async function benchSealPhoto(runs = 50) {
  const db = await vaultDb();
  const data = new Uint8Array(150 * 1024);
  for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, Math.min(data.length, i + 65536)));
  const blob = new Blob([data], { type: 'image/jpeg' });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await sealValue(db.vault.key!, { localId: `p${i}`, blob }, 'sahyog:fileBlobs');
    times.push(performance.now() - t0);
  }
  // And the whole write through the sealed table, as a capture does.
  const writes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await db.fileBlobs.put({ localId: `p${i}`, blob });
    writes.push(performance.now() - t0);
  }
  db.close();
  await db.delete();
  return { sealMedianMs: median(times), writeMedianMs: median(writes) };
}

/** The bench server's outbox public key, as the app gets it with the tenant config. */
export async function serverOutboxKey(): Promise<OutboxPublicKey> {
  const res = await fetch(`/api/public/tenant/hostname/${location.hostname}/config`);
  return ((await res.json()) as { data: { outbox_key: OutboxPublicKey } }).data.outbox_key;
}

/** Sealing a 150 KB photo upload for the server (ECDH P-256 + HKDF + AES-GCM, as a capture queues it): median ms. */
async function benchSealForServer(runs = 50) {
  const key = await serverOutboxKey();
  const data = new Uint8Array(150 * 1024);
  for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, Math.min(data.length, i + 65536)));
  const blob = new Blob([data], { type: 'image/jpeg' });
  const json = { url: '/v1/apply-loan/upload-file', fields: { file_type: 'SHOP_PHOTO' }, names: ['photo.jpg'], types: ['image/jpeg'] };
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    await sealForServer(key, { method: 'POST', idempotencyKey: crypto.randomUUID(), json, files: [blob] });
    if (i >= 5) times.push(performance.now() - t0); // after a warm-up
  }
  return { medianMs: median(times) };
}

/** The 60-field draft autosave of bench/draft-autosave.ts, on a sealed database: median ms. */
async function benchSealedAutosave(saves = 300) {
  const db = await vaultDb();
  const times = await timeDraftSaves(db, saves);
  db.close();
  await db.delete();
  return { saves, medianMs: median(times) };
}

Object.assign(window, { benchUnlock, benchPbkdf2, benchSealPhoto, benchSealedAutosave, benchSealForServer });
