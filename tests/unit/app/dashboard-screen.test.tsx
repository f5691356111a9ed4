// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/app/api/http-client';
import { fetchApplicationCount, fetchProfile } from '../../../src/app/api/user.api';
import { SESSION_KEYS } from '../../../src/app/session/local-keys';
import { getCachedCount, setApplicationId, setCachedCount, setProfile, setToken } from '../../../src/app/session/session.storage';
import { currentLocation, flush, makeProfile, renderRoutes, resetDevice, setOnline, settleNavigation, teardown } from './test-utils';

// The shell's sync runtime is not under test here: started for real it would refresh the bank
// list and business categories over the network, which no server answers in jsdom.
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api');

async function showDashboard(profile = makeProfile(), count = 3) {
  setToken('tok-1');
  setProfile(profile);
  vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: profile });
  vi.mocked(fetchApplicationCount).mockResolvedValue({ success: true, data: { count } });
  renderRoutes('/');
  const card = await screen.findByRole('article', { name: 'Applications' });
  await flush();
  return card;
}

describe('DashboardScreen', () => {
  beforeEach(() => {
    resetDevice();
    vi.mocked(fetchProfile).mockReset();
    vi.mocked(fetchApplicationCount).mockReset();
  });
  afterEach(teardown);

  it('shows the count, a View button to /applications, and the creator actions for a RELATIONSHIP_OFFICER', async () => {
    const card = await showDashboard(makeProfile({ mfi_employee: 'RELATIONSHIP_OFFICER' }), 4);
    expect(within(card).getByText('4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Application' }).getAttribute('href')).toBe('/application/mobile');
    expect(screen.getByRole('link', { name: 'Complete Application' }).getAttribute('href')).toBe('/application/complete-application');
    await userEvent.click(within(card).getByRole('button', { name: 'View' }));
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/applications');
  });

  it.each([
    ['BRANCH_CREDIT_MANAGER', 'MFI_EMPLOYEE'],
    ['BRANCH_MANAGER', 'MFI_EMPLOYEE'],
    [null, 'AGENT'],
  ] as const)('hides Create and Complete Application for %s (%s)', async (designation, role) => {
    await showDashboard(makeProfile({ mfi_employee: designation, role }));
    expect(screen.queryByRole('link', { name: 'Create Application' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Complete Application' })).toBeNull();
  });

  it('disables View at 0', async () => {
    const card = await showDashboard(makeProfile(), 0);
    expect(within(card).getByText('0')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'View' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('on load fetches the profile and the count, caches the count, and clears the flow keys only', async () => {
    localStorage.setItem(SESSION_KEYS.kycFormData, '{"pan":"x"}');
    localStorage.setItem(SESSION_KEYS.guestToken, 'guest');
    setApplicationId('0123456789abcdef0123456789abcdef');
    await showDashboard(makeProfile(), 5);
    expect(fetchProfile).toHaveBeenCalled();
    expect(fetchApplicationCount).toHaveBeenCalled();
    expect(getCachedCount()).toBe(5);
    expect(localStorage.getItem(SESSION_KEYS.kycFormData)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.applicationId)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.guestToken)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe('tok-1');
    expect(localStorage.getItem(SESSION_KEYS.profile)).not.toBeNull();
  });

  it('offline: shows the last known count, makes no call and shows no error', async () => {
    setCachedCount(9);
    setOnline(false);
    setToken('tok-1');
    setProfile(makeProfile());
    renderRoutes('/');
    const card = await screen.findByRole('article', { name: 'Applications' });
    await flush();
    expect(within(card).getByText('9')).toBeTruthy();
    expect(screen.getByText('Offline: showing the last known count')).toBeTruthy();
    expect(fetchApplicationCount).not.toHaveBeenCalled();
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });

  it('a request that gets no answer keeps the cached count without an error toast', async () => {
    setCachedCount(2);
    setToken('tok-1');
    setProfile(makeProfile());
    vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: makeProfile() });
    vi.mocked(fetchApplicationCount).mockRejectedValue(new HttpError('network'));
    renderRoutes('/');
    const card = await screen.findByRole('article', { name: 'Applications' });
    await flush();
    expect(within(card).getByText('2')).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
  });

  it('header: profile icon link on /, home icon link elsewhere, logo to /', async () => {
    await showDashboard();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Sahyog home' }).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'User Details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
  });
});
