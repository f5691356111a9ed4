// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { setGuestToken } from '../../../../src/app/session/session.storage';
import { currentLocation, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// The shell's sync runtime is not under test here (see route-guards.test.tsx).
vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));

const ID = 'c'.repeat(32);
const db = getDb();

describe("public flow: 'Check my application' (issue 31 N6)", () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(teardown);

  it('opens Track with the tracker id filled and the way back to this application', async () => {
    setGuestToken('guest-1');
    const localId = await ensureLocalApplication(db, ID);
    await db.applications.update(localId, { tracker_id: 'SAH2611000123' });
    const user = userEvent.setup();
    renderRoutes(`/apply-loan/success?id=${ID}`);
    await settleNavigation();
    await user.click(await screen.findByRole('link', { name: 'Check my application' }, { timeout: 10_000 }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Track Application', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/apply-loan/track');
    expect((screen.getByLabelText('Tracker id (external loan id)') as HTMLInputElement).value).toBe('SAH2611000123');
    expect(screen.getByRole('link', { name: 'Back to my application' }).getAttribute('href')).toBe(`/apply-loan/success?id=${ID}`);
  });
});
