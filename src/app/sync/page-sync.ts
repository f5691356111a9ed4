import { refreshBankList, refreshBusinessCategories } from '../api/business-lookups.api';
import { fetchPincodeDirectory } from '../api/pincode.api';
import { getDb } from '../db/db';
import { ensurePincodeDirectory } from '../db/pincodes.repository';
import { mirrorSessionOwner, mirrorSessionToken } from '../db/session-mirror';
import { KV_KEYS, readKv } from '../db/kv.repository';
import { getLanguage } from '../i18n/language.store';
import {
  getGuestToken,
  getProfile,
  getSendToken,
  getToken,
  hasStaffSession,
  isSessionSealed,
  subscribeSession,
} from '../session/session.storage';
import { API_BASES } from './api-bases';
import { createSyncEngine } from './engine';
import { recordDrain } from './record-drain';
import { onQueued } from './sync-signal';
import { createSyncRuntime, type RuntimeResult, type SyncRuntime } from './sync-runtime';
import { isDrainMessage, OUTBOX_SYNC_TAG } from './sync-tags';
import { createFetchTransport } from './transport';

/** What the service worker drains with (mirrored into the device database): never the session token (issue 31 S3). */
export const getWorkerToken = (): string | null => (hasStaffSession() ? getSendToken() : getGuestToken());

/** What the outbox sends with: the session token while unlocked, else the send-only credential, else the guest's. */
export const getOutboxToken = (): string | null => getToken() ?? (isSessionSealed() ? getSendToken() : null) ?? getGuestToken();

/** The foreground timer: while the page is visible, a drain every 30 s. */
export const FOREGROUND_INTERVAL_MS = 30_000;

let current: SyncRuntime | undefined;

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/** Background Sync, where it exists: the service worker drains even after the page closes. */
export async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported, or refused: the page's own triggers remain.
  }
}

/**
 * Starts the one sync engine of this page (signed in only; loaded lazily after sign-in). It
 * drains on start, `online`, the page becoming visible, a 30 s foreground timer, a wake-up at
 * the earliest retry, every enqueue, and a message from the service worker. Returns `stop`.
 */
export function startPageSync(onDeviceWipe?: () => void, options: { unlocked?: boolean } = {}): () => void {
  if (typeof indexedDB === 'undefined') return () => {};
  current?.stop();
  const db = getDb();
  // The service worker delivers with the send-only credential (or the guest's token): never the session token.
  void mirrorSessionToken(getWorkerToken());
  // Locked, the profile is sealed: whose items these are is the owner mirrored while unlocked.
  let mirroredOwner: string | undefined;
  const known = () => (getProfile().id >= 0 ? String(getProfile().id) : undefined);
  const owner = async () => known() ?? (mirroredOwner ??= await readKv<string>(db, KV_KEYS.sessionOwner).catch(() => undefined));
  const mirrorOwner = () => {
    const id = known();
    if (id) void mirrorSessionOwner((mirroredOwner = id));
  };
  mirrorOwner();
  const offSession = subscribeSession(() => {
    mirrorOwner();
    void mirrorSessionToken(getWorkerToken());
  });
  // Once per device: the pincode directory, so pincode lookup works offline. Its parse and its
  // write to IndexedDB are one long task: when the page is idle, not while the dashboard paints.
  // The bank list and business categories too (refreshed at each start while online), so a
  // business or bank form first opened offline still has them.
  // They are sealed with the data key: only unlocked.
  if (options.unlocked !== false) {
    whenIdle(() => {
      void ensurePincodeDirectory(db, fetchPincodeDirectory);
      if (online()) void Promise.all([refreshBankList(), refreshBusinessCategories()]);
    });
  }
  const transport = createFetchTransport({ baseUrls: API_BASES, getToken: getOutboxToken, getLanguage });
  // A 401 leaves the entry untouched ('Sign in again to send' in the sync centre) and pauses
  // the automatic drains: no logout loop, no request loop.
  const engine = createSyncEngine({
    db,
    transport,
    getOwner: owner,
    onUnauthorized: (response) => {
      runtime.pause();
      if (response.wipe) onDeviceWipe?.();
    },
  });
  const runtime = createSyncRuntime({
    drain: engine.drain,
    isOnline: online,
    onResult: async (result) => {
      await recordDrain(db, result);
      if (result !== 'skipped' && result.retrying > 0) void registerBackgroundSync();
    },
  });
  current = runtime;
  const request = () => void runtime.request();
  const onVisible = () => document.visibilityState === 'visible' && request();
  const onMessage = (event: MessageEvent) => isDrainMessage(event.data) && request();
  const timer = setInterval(() => document.visibilityState !== 'hidden' && request(), FOREGROUND_INTERVAL_MS);
  const offQueued = onQueued(() => {
    request();
    void registerBackgroundSync();
  });
  window.addEventListener('online', request);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  navigator.serviceWorker?.startMessages();
  request();

  return () => {
    runtime.stop();
    if (current === runtime) current = undefined;
    clearInterval(timer);
    offQueued();
    offSession();
    window.removeEventListener('online', request);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    if (!hasStaffSession() && !getGuestToken()) {
      void mirrorSessionToken(null);
      void mirrorSessionOwner(null);
    }
  };
}

/** 'Sync now': a person asked, so a pause after a 401 does not hold it back. */
export function syncNow(): Promise<RuntimeResult | 'stopped'> {
  return current ? current.request({ force: true }) : Promise.resolve('stopped');
}

/** Runs `task` once the page is idle (within 5 s at the latest); at once where idle callbacks do not exist. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5000 });
  else task();
}
