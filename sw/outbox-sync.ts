import { getDb } from '../src/app/db/db';
import { KV_KEYS, readKv } from '../src/app/db/kv.repository';
import { API_BASES } from '../src/app/sync/api-bases';
import { createSyncEngine } from '../src/app/sync/engine';
import { recordDrain } from '../src/app/sync/record-drain';
import { sendBeforeWipe } from '../src/app/sync/send-before-wipe';
import { DRAIN_MESSAGE_TYPE } from '../src/app/sync/sync-tags';
import { createFetchTransport } from '../src/app/sync/transport';

/** The Background Sync event (not in TypeScript's WebWorker lib). */
export type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance?: boolean };

/**
 * The `sync` event: an open page drains (it has the live session and shows progress); with no
 * page open, the worker drains with the same engine, using the send-only credential the page mirrored into
 * the device database. A drain that left entries to retry rejects, so the browser tries again.
 */
export async function handleOutboxSync(sw: ServiceWorkerGlobalScope): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length > 0) {
    for (const client of windows) client.postMessage({ type: DRAIN_MESSAGE_TYPE });
    return;
  }
  const db = getDb();
  const token = await readKv<string>(db, KV_KEYS.sessionToken);
  if (!token) return; // signed out: the entries wait for the next sign-in
  const owner = await readKv<string>(db, KV_KEYS.sessionOwner);
  let wipe = false;
  const transport = createFetchTransport({ baseUrls: API_BASES, getToken: () => token });
  const engine = createSyncEngine({
    db,
    transport,
    getOwner: () => owner,
    onUnauthorized: (response) => {
      wipe ||= !!response.wipe;
    },
  });
  const result = await engine.drain();
  if (wipe) {
    // The device was marked lost: its sealed items go first, then nothing readable stays, and the token goes.
    await sendBeforeWipe({ db, transport, ...(owner ? { owner } : {}) });
    return;
  }
  await recordDrain(db, result);
  if (result !== 'skipped' && result.retrying > 0) throw new Error('Some outbox entries are still waiting: retry later');
}
