// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logoutSession } from '../../../src/app/api/auth.api';
import { fetchProfile } from '../../../src/app/api/user.api';
import { SESSION_KEYS } from '../../../src/app/session/local-keys';
import { loadProfile } from '../../../src/app/session/profile.service';
import {
  clearAll,
  getApplicationId,
  getProfile,
  getToken,
  needsProfile,
  setApplicationId,
  setProfile,
  setToken,
} from '../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';

vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/auth.api');
vi.mock('../../../src/app/api/user.api');

describe('session storage', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it('application id defaults to -1', () => {
    expect(getApplicationId()).toBe(-1);
    setApplicationId('0123456789abcdef0123456789abcdef');
    expect(getApplicationId()).toBe('0123456789abcdef0123456789abcdef');
  });

  it('clear-all removes every session key but the token and the profile', () => {
    setToken('tok-1');
    setProfile(makeProfile());
    for (const key of Object.values(SESSION_KEYS)) if (key !== 'token' && key !== 'profile') localStorage.setItem(key, '1');
    localStorage.setItem('lang', 'hi');
    clearAll();
    expect(Object.values(SESSION_KEYS).filter((key) => localStorage.getItem(key) !== null)).toEqual(['token', 'profile']);
    expect(localStorage.getItem('lang')).toBe('hi');
  });

  it('needs the profile when a token exists and the id is missing or below 0', () => {
    expect(needsProfile()).toBe(false);
    setToken('tok-1');
    expect(needsProfile()).toBe(true);
    setProfile(makeProfile({ id: 3 }));
    expect(needsProfile()).toBe(false);
    localStorage.setItem(SESSION_KEYS.profile, '{"first_name":"x"}');
    setProfile({ ...makeProfile(), id: undefined as unknown as number });
    expect(needsProfile()).toBe(true);
  });
});

describe('profile loading and the role rule (spec 01 §4)', () => {
  beforeEach(() => {
    resetDevice();
    vi.mocked(fetchProfile).mockReset();
    vi.mocked(logoutSession).mockReset().mockResolvedValue(undefined);
  });
  afterEach(teardown);

  it('a signed-in start without a profile fetches it', async () => {
    setToken('tok-1');
    vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: makeProfile({ id: 11 }) });
    renderRoutes('/profile');
    expect(await screen.findByDisplayValue('Ravi Kumar')).toBeTruthy();
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    expect(getProfile().id).toBe(11);
  });

  it("a failed fetch shows 'Error fetching profile'", async () => {
    setToken('tok-1');
    vi.mocked(fetchProfile).mockResolvedValue({ success: false, message: 'boom', status_code: 500 });
    renderRoutes('/profile');
    expect(await screen.findByText('Error fetching profile')).toBeTruthy();
  });

  it("an MFI_EMPLOYEE with no allowed designation is logged out; 'Invalid role' is only logged", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    setToken('tok-1');
    vi.mocked(fetchProfile).mockResolvedValue({
      success: true,
      data: makeProfile({ mobile: '9000000005', mfi_employee: 'FIELD_ASSISTANT' }),
    });
    renderRoutes('/');
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith('Invalid role'));
    await settleNavigation();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(logoutSession).toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(getProfile().id).toBe(-1);
    expect(currentLocation()).toMatchObject({ pathname: '/login', navigation: 'REPLACE' });
    expect(screen.queryByText('Invalid role')).toBeNull();
  });

  it('an AGENT without a designation stays signed in', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    setToken('tok-1');
    vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: makeProfile({ role: 'AGENT', mfi_employee: null }) });
    await loadProfile();
    expect(info).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-1');
    expect(logoutSession).not.toHaveBeenCalled();
  });

  it('concurrent loads share one request', async () => {
    setToken('tok-1');
    vi.mocked(fetchProfile).mockResolvedValue({ success: true, data: makeProfile() });
    await Promise.all([loadProfile(), loadProfile()]);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
  });
});
