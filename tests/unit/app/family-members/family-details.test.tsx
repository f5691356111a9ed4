// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setProfile, setToken } from '../../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';
import { APP_ID, db, freshApplication, member, parkedEntry, putMembers } from './family-members-support';

vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../../../src/app/api/applications.api', () => ({ fetchApplication: vi.fn(() => new Promise(() => {})) }));

const addTile = () => screen.queryByRole('link', { name: 'Add Family Member' });

describe("'Add Family Members' (/application/family-details)", () => {
  let appLocalId: string;
  beforeEach(async () => {
    resetDevice();
    appLocalId = await freshApplication();
    setToken('tok-1');
    setProfile(makeProfile());
  });
  afterEach(teardown);

  it('shows the add tile at 5 members and hides it at 6', async () => {
    await putMembers(appLocalId, 5);
    const view = renderRoutes(`/application/family-details?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Add Family Members', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    const tile = addTile();
    expect(tile?.getAttribute('href')).toBe(`/application/family-detail-form?id=${APP_ID}&record_index=5`);

    await db.records.put(member(appLocalId, 6));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(addTile()).toBeNull();
    expect(screen.getByText('A family can have at most 6 members')).toBeTruthy();
    view.unmount();
  });

  it('cards show name, date of birth / gender and the sync state with the server message', async () => {
    await db.records.bulkPut([
      member(appLocalId, 1),
      member(appLocalId, 2, { syncState: 'pending', values: { name: 'Ravi Lal', dob: '2001-01-31', gender: 'MALE' } }),
      member(appLocalId, 3, { syncState: 'needs_attention', values: { name: 'Gita Bai', dob: '1980-12-01', gender: 'OTHER' } }),
    ]);
    await parkedEntry(appLocalId, member(appLocalId, 3).localId, 'A family can have at most 6 members');
    renderRoutes(`/application/family-details?id=${APP_ID}`);
    await settleNavigation();
    const card = async (name: string) => screen.findByRole('article', { name });
    const first = await card('Member 1');
    expect(within(first).getByText('12-05-1990 / Female')).toBeTruthy();
    expect(within(first).getByText('Synced')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Edit Member 1' }).getAttribute('href')).toBe(
      `/application/family-detail-form?id=${APP_ID}&family_member_id=${member(appLocalId, 1).localId}`,
    );
    const second = await card('Ravi Lal');
    expect(within(second).getByText('31-01-2001 / Male')).toBeTruthy();
    expect(within(second).getByText('Waiting to sync')).toBeTruthy();
    const third = await card('Gita Bai');
    expect(await within(third).findByText('Needs attention: A family can have at most 6 members')).toBeTruthy();
  });

  it('Submit without members says why; with one it goes to the business step', async () => {
    const user = userEvent.setup();
    renderRoutes(`/application/family-details?id=${APP_ID}`);
    await settleNavigation();
    expect(await screen.findByText('No family members added yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Add at least one family member to proceed');
    expect(document.activeElement).toBe(alert);
    expect(currentLocation().pathname).toBe('/application/family-details');

    await putMembers(appLocalId, 1);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/application/business');
  });

  it('without a valid application id it says so', async () => {
    renderRoutes('/application/family-details?id=nope');
    await settleNavigation();
    expect(await screen.findByText('Open this screen from an application: the link has no valid application id.')).toBeTruthy();
    expect(addTile()).toBeNull();
  });
});
