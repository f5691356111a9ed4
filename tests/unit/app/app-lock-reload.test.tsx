// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDeviceDbInUse } from '../../../src/app/db/vault-peek';
import { renderRoutes, teardown } from './test-utils';
import { signedInAfterReload } from './signed-in';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api');

// A low work factor keeps the test fast; the production figure is measured by the bench.
const ITERATIONS = 1_000;
const PIN = '482913';

/**
 * The start of a signed-in phone after a reload: a PIN set (and one wrong PIN since), the data key
 * nowhere in memory, and no device database opened by the page yet (this file never calls getDb
 * before the render: a module registry of its own).
 */
describe('app lock after a reload', () => {
  beforeEach(async () => {
    await signedInAfterReload(PIN, ITERATIONS);
  });
  afterEach(teardown);

  it('shows the lock screen without opening the device database; wrong PINs count and the right one opens the app', async () => {
    renderRoutes('/');
    await screen.findByRole('heading', { name: 'Sahyog is locked' });
    expect((await screen.findByText('4 tries left.')).getAttribute('data-testid')).toBe('pin-tries');
    // Neither Dexie nor the header's badge and links, which lead behind the lock.
    expect(isDeviceDbInUse()).toBe(false);
    expect(screen.queryByTestId('sync-badge')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Applications' })).toBeNull();

    const field = screen.getByLabelText('6-digit PIN');
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText('Wrong PIN. 3 tries left.', {}, { timeout: 10_000 });
    expect(screen.queryByRole('article', { name: 'Applications' })).toBeNull();

    await userEvent.type(field, PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByRole('article', { name: 'Applications' }, { timeout: 10_000 });
    expect(isDeviceDbInUse()).toBe(true);
    expect(await screen.findByTestId('sync-badge')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
  });
});
