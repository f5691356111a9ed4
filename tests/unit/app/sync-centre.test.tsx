// @vitest-environment jsdom
// Outbox entries are plain JSON, so the real device database (fake-indexeddb) serves here.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncBadge } from '../../../src/app/components/sync-badge';
import { getDb } from '../../../src/app/db/db';
import { KV_KEYS, writeKv } from '../../../src/app/db/kv.repository';
import { queueItems } from '../../../src/app/db/outbox.repository';
import { setLanguage } from '../../../src/app/i18n/language.store';
import type { OutboxEntry } from '../../../src/app/db/records';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
import { syncNow } from '../../../src/app/sync/page-sync';
import { makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from './test-utils';
import { TEST_OUTBOX_KEY } from '../sync/outbox-fixtures';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn(async () => 'offline') }));
vi.mock('../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));

const SERVER_ID = '0123456789abcdef0123456789abcdef';
const db = getDb();

async function clearDevice() {
  await Promise.all(db.tables.map((table) => table.clear()));
}

/** An application with a parked upload, a retrying submit and a pending one. */
async function seedOutbox(): Promise<number[]> {
  const now = Date.now();
  await db.applications.add({
    localId: 'app-1',
    serverId: SERVER_ID,
    status: 'DRAFT',
    stage: [],
    syncState: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  await db.fileBlobs.add({ localId: 'file-1', blob: new Blob(['x']) });
  await db.files.add({
    localId: 'file-1',
    name: 'pan.jpg',
    mime: 'image/jpeg',
    size: 1,
    capturedAt: now,
    applicationLocalId: 'app-1',
    field: 'pan_file',
    uploadState: 'failed',
  });
  const seqs = await queueItems(db, [
    {
      label: 'PAN',
      applicationLocalId: 'app-1',
      request: {
        kind: 'upload',
        base: 'main',
        url: '/v1/apply-loan/upload-file',
        fileLocalIds: ['file-1'],
        fields: { application_id: { $app: 'app-1' } },
      },
      effect: { type: 'files-uploaded', fileLocalIds: ['file-1'] },
    },
    {
      label: 'KYC details',
      applicationLocalId: 'app-1',
      request: { kind: 'json', base: 'main', method: 'PUT', url: '/v1/app/mfi/{app}', body: {} },
    },
    { label: 'References', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/x', body: {} } },
  ]);
  await db.outbox.update(seqs[0]!, {
    state: 'needs_attention',
    lastError: 'Application not found',
    lastStatus: 404,
    attempts: 1,
  } satisfies Partial<OutboxEntry>);
  await db.outbox.update(seqs[1]!, {
    state: 'retrying',
    lastError: 'Down for maintenance',
    lastStatus: 503,
    attempts: 2,
    nextAttemptAt: Date.UTC(2026, 10, 22, 8, 35), // 02:05 PM in India, where times are shown
  });
  return seqs;
}

async function openSyncCentre() {
  renderRoutes('/sync');
  await settleNavigation();
  return screen.findByRole('heading', { name: 'Sync centre' });
}

describe('sync centre', () => {
  beforeEach(async () => {
    resetDevice();
    await clearDevice();
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(syncNow).mockClear();
  });
  afterEach(teardown);

  it("says 'Everything is synced' when nothing waits, and the header badge says so too", async () => {
    await openSyncCentre();
    expect(await screen.findByText('Everything is synced', { selector: 'p' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Everything is synced' })).getAttribute('href')).toBe('/sync');
    expect(screen.getByText('Nothing has been synced from this phone yet')).toBeTruthy();
  });

  it('lists pending, retrying (next try, last error) and needs-attention (server message) items per application', async () => {
    await seedOutbox();
    await writeKv(db, KV_KEYS.lastSyncAt, Date.UTC(2026, 10, 21, 4, 0)); // 09:30 AM in India
    await openSyncCentre();
    const group = (await screen.findByRole('heading', { name: `Application ${SERVER_ID}` })).closest('section')!;
    const items = within(group).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Upload: PAN');
    expect(items[0]!.textContent).toContain('Needs attention');
    expect(items[0]!.textContent).toContain('Server says: Application not found');
    expect(items[1]!.textContent).toContain('KYC details');
    expect(items[1]!.textContent).toContain('Retrying');
    expect(items[1]!.textContent).toContain('Next try at 22-11-2026 02:05 PM');
    expect(items[1]!.textContent).toContain('Last error: Down for maintenance');
    const other = screen.getByRole('heading', { name: 'Other items' }).closest('section')!;
    expect(within(other).getByText('Waiting to send')).toBeTruthy();
    expect(within(other).queryByRole('button', { name: 'Retry References' })).toBeNull();
    // The last sync time is its own device-database read, beside the outbox's.
    expect(await screen.findByText('Last successful sync: 21-11-2026 09:30 AM')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '3 items waiting to sync' })).toBeTruthy();
  });

  it('an item sealed for the server shows its kind and size, never its content (English and Hindi)', async () => {
    await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
    const body = { name: 'LAKSHMI DEVI', pan: 'BDVPD4821K', remarks: 'x'.repeat(3000) };
    await queueItems(db, [{ label: 'KYC details', request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/x', body } }]);
    await openSyncCentre();
    const item = (await screen.findAllByTestId('outbox-entry'))[0]!;
    expect(item.textContent).toContain('KYC details');
    expect(within(item).getByTestId('outbox-entry-sealed').textContent).toBe('Sealed for the server, 3 KB');
    expect(item.textContent).not.toContain('LAKSHMI');
    setLanguage('hi');
    expect((await within(item).findByTestId('outbox-entry-sealed')).textContent).toBe('सर्वर के लिए सील किया गया, 3 KB');
    setLanguage('en');
  });

  it('Retry clears the backoff and drains', async () => {
    const [, retrying] = await seedOutbox();
    await openSyncCentre();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry KYC details' }));
    await waitFor(async () => expect((await db.outbox.get(retrying!))!.state).toBe('pending'));
    expect((await db.outbox.get(retrying!))!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    expect(syncNow).toHaveBeenCalled();
  });

  it("one Discard per application, which asks first and lists what is lost; Cancel keeps everything, confirming removes the application's items", async () => {
    const [upload, kyc, other] = await seedOutbox();
    await openSyncCentre();
    const group = (await screen.findByRole('heading', { name: `Application ${SERVER_ID}` })).closest('section')!;
    // No Discard per item: one for the application, one for the other items.
    expect(screen.queryByRole('button', { name: /^Discard Upload/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Discard all/ })).toHaveLength(2);
    expect(within(group).getByText('2 items')).toBeTruthy();
    const discard = within(group).getByRole('button', { name: `Discard all waiting items of Application ${SERVER_ID}` });
    await userEvent.click(discard);
    const dialog = screen.getByRole('alertdialog', { name: 'Discard 2 waiting items?' });
    expect(dialog.textContent).toContain(`These will not reach the server for Application ${SERVER_ID}. This cannot be undone.`);
    const lost = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lost).toEqual(['Photos and documents (1): PAN', 'Steps (1): KYC details']);
    expect(dialog.textContent).toContain('The files stay on this phone but will not be uploaded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.outbox.get(upload!)).toBeDefined();
    // Focus returns to the button that opened the dialog.
    expect(document.activeElement).toBe(discard);

    await userEvent.click(discard);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard all' }));
    await waitFor(async () => expect(await db.outbox.get(upload!)).toBeUndefined());
    expect(await db.outbox.get(kyc!)).toBeUndefined();
    expect(await db.outbox.get(other!)).toBeDefined();
    expect(await db.files.get('file-1')).toMatchObject({
      uploadState: 'failed',
      uploadError: 'The upload was discarded. Choose the file again to send it.',
    });
    await waitFor(() => expect(screen.getByRole('link', { name: '1 item waiting to sync' })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: `Application ${SERVER_ID}` })).toBeNull();
  });

  it('the other items group says only its steps will be lost, no files', async () => {
    await seedOutbox();
    await openSyncCentre();
    const other = (await screen.findByRole('heading', { name: 'Other items' })).closest('section')!;
    await userEvent.click(within(other).getByRole('button', { name: 'Discard all waiting items of Other items' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard 1 waiting item?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Steps (1): References']);
    expect(dialog.textContent).not.toContain('The files stay on this phone');
  });

  it("'Sync now' drains; offline it is disabled and says 'Needs connection'", async () => {
    await openSyncCentre();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    setOnline(false);
    const button = await screen.findByRole('button', { name: 'Sync now' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('Needs connection').id).toBe(button.getAttribute('aria-describedby'));
  });

  it("shows 'Sign in again to send' when the server refused the session", async () => {
    const [seq] = await queueItems(db, [
      { label: 'KYC details', request: { kind: 'json', base: 'main', method: 'PUT', url: '/v1/x', body: {} } },
    ]);
    await db.outbox.update(seq!, { lastError: 'Sign in again to send', lastStatus: 401 });
    await openSyncCentre();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sign in again to send');
  });

  it('shows storage use against the quota, and warns above 90%', async () => {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ usage: 95 * 1024 * 1024, quota: 100 * 1024 * 1024 }) },
    });
    await openSyncCentre();
    expect(await screen.findByText('95.0 MB used of 100.0 MB (95%)')).toBeTruthy();
    expect(screen.getByText('Phone storage is more than 90% full. Sync, then free some space.')).toBeTruthy();
    Object.defineProperty(navigator, 'storage', { configurable: true, value: undefined });
  });
});

describe('header sync badge', () => {
  beforeEach(async () => {
    resetDevice();
    await clearDevice();
  });
  afterEach(teardown);

  /** Renders the badge and records every name it shows, from the first render on. */
  function renderBadge(): string[] {
    const names: string[] = [];
    const record = () => {
      const badge = document.querySelector('[data-testid="sync-badge"]');
      const name = badge?.getAttribute('aria-label');
      if (name && names.at(-1) !== name) names.push(name);
    };
    const observer = new MutationObserver(record);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    render(
      <MemoryRouter>
        <SyncBadge />
      </MemoryRouter>,
    );
    record();
    return names;
  }

  it('after a reload with items waiting, shows a loading state until the outbox is read: never 0 or "synced"', async () => {
    await seedOutbox();
    const names = renderBadge();

    const badge = screen.getByTestId('sync-badge');
    expect(badge.getAttribute('aria-label')).toBe('Checking for items waiting to sync');
    expect(badge.getAttribute('aria-busy')).toBe('true');
    expect(badge.hasAttribute('data-count')).toBe(false);
    expect(badge.querySelector('.sync-badge__count')?.textContent).toBe('…');

    const loaded = await screen.findByRole('link', { name: '3 items waiting to sync' });
    expect(loaded.getAttribute('data-count')).toBe('3');
    expect(loaded.hasAttribute('aria-busy')).toBe(false);
    expect(names).toEqual(['Checking for items waiting to sync', '3 items waiting to sync']);
  });

  it('with nothing waiting, says "Everything is synced" only once the outbox has been read', async () => {
    const names = renderBadge();
    expect(screen.getByTestId('sync-badge').getAttribute('aria-label')).toBe('Checking for items waiting to sync');
    expect((await screen.findByRole('link', { name: 'Everything is synced' })).getAttribute('data-count')).toBe('0');
    expect(names).toEqual(['Checking for items waiting to sync', 'Everything is synced']);
  });

  it('names the loading state in Hindi', async () => {
    setLanguage('hi');
    await seedOutbox();
    renderBadge();
    expect(screen.getByTestId('sync-badge').getAttribute('aria-label')).toBe('सिंक की प्रतीक्षा वाले आइटम देखे जा रहे हैं');
    expect(await screen.findByRole('link', { name: '3 आइटम सिंक होने की प्रतीक्षा में' })).toBeTruthy();
  });
});
