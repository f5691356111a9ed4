// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logoutSession, sendLoginOtp } from '../../../src/app/api/auth.api';
import { setLanguage } from '../../../src/app/i18n/language.store';
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

  it('clear-all removes every session key but the session itself (token, profile, send-only credential, sealed marker)', () => {
    setToken('tok-1');
    setProfile(makeProfile());
    for (const key of Object.values(SESSION_KEYS)) if (key !== 'token' && key !== 'profile') localStorage.setItem(key, '1');
    localStorage.setItem('lang', 'hi');
    clearAll();
    expect(Object.values(SESSION_KEYS).filter((key) => localStorage.getItem(key) !== null)).toEqual([
      'token',
      'profile',
      'send_token',
      'session_sealed',
    ]);
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

  it('an MFI_EMPLOYEE with no allowed designation is logged out, and the login screen says why (issue 31 N3)', async () => {
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
    const reason = 'Invalid role: your designation cannot use this app. Ask your branch to correct it, then sign in again.';
    expect(screen.getByRole('alert').textContent).toBe(reason);
    // In Hindi too.
    await act(() => setLanguage('hi'));
    expect(await screen.findByText(/^अमान्य भूमिका: आपके पद से यह ऐप/)).toBeTruthy();
    await act(() => setLanguage('en'));
    // The next Get OTP clears it; a later visit of the login screen does not say it again.
    vi.mocked(sendLoginOtp).mockResolvedValue({
      success: false,
      message: 'This mobile number is not registered. Please contact us.',
      status_code: 400,
    });
    await userEvent.setup().type(screen.getByLabelText('Mobile number'), '9000000001');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get OTP' }));
    await vi.waitFor(() => expect(sendLoginOtp).toHaveBeenCalled());
    expect(screen.queryByText(reason)).toBeNull();
    teardown();
    renderRoutes('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(screen.queryByText(reason)).toBeNull();
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
