// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logoutSession } from '../../../src/app/api/auth.api';
import { getDb } from '../../../src/app/db/db';
import { saveDraft } from '../../../src/app/db/drafts.repository';
import { queueItems } from '../../../src/app/db/outbox.repository';
import { getToken, setProfile, setToken } from '../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';

vi.mock('../../../src/app/api/auth.api');
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));

const db = getDb();
const item = (label: string) => ({
  label,
  request: { kind: 'json' as const, base: 'main' as const, method: 'POST' as const, url: '/v1/x', body: { label } },
});

describe('logout with unsynced items', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((table) => table.clear()));
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(logoutSession).mockReset();
  });
  afterEach(teardown);

  it('asks first with the count; Cancel stays signed in; confirming clears the session only and keeps the outbox and drafts', async () => {
    await queueItems(db, [item('a'), item('b'), item('c')]);
    await saveDraft(db, 'kyc', { mother_name: 'SITA' }, 'app-1');
    renderRoutes('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(dialog.textContent).toContain(
      '3 items not yet synced. They stay on this phone and will send after you sign in again. Log out anyway?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(getToken()).toBe('tok-1');
    expect(logoutSession).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out anyway' }));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(logoutSession).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(3);
    expect(await db.drafts.count()).toBe(1);
  });

  it('says "1 item" for one', async () => {
    await queueItems(db, [item('a')]);
    renderRoutes('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('1 item not yet synced. It stays on this phone');
  });

  it('with nothing waiting, logs out without asking', async () => {
    renderRoutes('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await settleNavigation();
    await waitFor(() => expect(getToken()).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
