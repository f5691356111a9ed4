// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_DB_NAME, isDeviceDbInUse } from '../../../src/app/db/vault-peek';
import { renderRoutes, teardown } from './test-utils';
import { signedInAfterReload } from './signed-in';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api');

// A low work factor keeps the test fast; the production figure is measured by the bench.
const ITERATIONS = 1_000;
const PIN = '482913';

/** Writes or deletes outbox rows as stored (sealed items need no key): the lock screen only counts them. */
function rawOutbox(write: (store: IDBObjectStore) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DB_NAME);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction('outbox', 'readwrite');
      write(tx.objectStore('outbox'));
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/**
 * A reload's lock screen with items in the outbox: the header's sync badge is behind the lock, so
 * the lock screen says how many wait, read without Dexie (a module registry of its own: this file
 * never opens the device database before the render).
 */
describe('the lock screen counts what waits to be sent', () => {
  beforeEach(async () => {
    await signedInAfterReload(PIN, ITERATIONS);
  });
  afterEach(teardown);

  it('says how many items wait to be sent, read without the device database, and follows the locked drain', async () => {
    const entry = (key: string) => ({ idempotencyKey: key, state: 'pending', nextAttemptAt: 0, attempts: 0, createdAt: 0 });
    await rawOutbox((store) => ['k-1', 'k-2'].forEach((key) => store.add(entry(key))));
    renderRoutes('/');
    const waiting = await screen.findByText(/^2 items on this phone are waiting to be sent\./);
    expect(waiting.getAttribute('role')).toBe('status');
    expect(isDeviceDbInUse()).toBe(false);

    await rawOutbox((store) => store.clear());
    await rawOutbox((store) => store.add(entry('k-3')));
    expect(await screen.findByText(/^1 item on this phone is waiting to be sent\./, {}, { timeout: 10_000 })).toBeTruthy();
    await rawOutbox((store) => store.clear());
    await waitFor(() => expect(screen.getByTestId('lock-waiting').textContent).toBe(''), { timeout: 10_000 });
  });
});
