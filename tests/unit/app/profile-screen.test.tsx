// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceId } from '../../../src/app/session/device-id';
import { logoutSession } from '../../../src/app/api/auth.api';
import { getAppLockState } from '../../../src/app/session/app-lock.store';
import { getProfile, getToken, setProfile, setToken } from '../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';

// The shell's sync runtime is not under test here: started for real it would refresh the bank
// list and business categories over the network, which no server answers in jsdom.
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/auth.api');
vi.mock('../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));

/** The lazy screen (and the Hindi catalogue) load under load too: wait on them with room, not on the default second. */
const SLOW = { timeout: 10_000 };

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('ProfileScreen', () => {
  beforeEach(() => {
    resetDevice();
    setToken('tok-1');
    vi.mocked(logoutSession).mockReset();
  });
  afterEach(teardown);

  it('shows read-only user details and hides empty bank, pincode, city, state and address', async () => {
    setProfile(makeProfile({ bank_name: '', account_number: '', ifsc: '', pincode: '', city: '', state: '', address: '' }));
    renderRoutes('/profile');
    expect(await screen.findByRole('heading', { name: 'User Details' }, SLOW)).toBeTruthy();
    expect(value('Name')).toBe('Ravi Kumar');
    expect(value('Mobile')).toBe('9000000001');
    expect(value('Email')).toBe('ravi@example.com');
    expect(value('Role')).toBe('MFI Employee');
    expect(value('Designation')).toBe('Relationship Officer');
    expect((screen.getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    for (const label of ['Bank name', 'Account number', 'IFSC', 'Pincode', 'City', 'State', 'Address']) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
  });

  it("issue 31 N4: names this phone as the officers' devices list does: model, browser and the end of its server id", async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36');
    setProfile(makeProfile());
    renderRoutes('/profile');
    await screen.findByRole('heading', { name: 'User Details' }, SLOW);
    const code = createHash('sha256').update(`WEB_APP\n${deviceId()}`).digest('hex').slice(-6).toUpperCase();
    await waitFor(() => expect(value('This phone')).toBe(`Android · Chrome 156 (…${code})`));
    expect((screen.getByLabelText('This phone') as HTMLInputElement).readOnly).toBe(true);
    agent.mockRestore();
  });

  it('shows bank, pincode, city, state and address when present', async () => {
    setProfile(
      makeProfile({
        bank_name: 'State Bank of India',
        account_number: '123456789',
        ifsc: 'SBIN0001234',
        pincode: '411001',
        city: 'Pune',
        state: 'Maharashtra',
        address: '12 MG Road',
      }),
    );
    renderRoutes('/profile');
    await screen.findByRole('heading', { name: 'User Details' }, SLOW);
    expect(value('Bank name')).toBe('State Bank of India');
    expect(value('IFSC')).toBe('SBIN0001234');
    expect(value('Pincode')).toBe('411001');
    expect(value('City')).toBe('Pune');
    expect(value('State')).toBe('Maharashtra');
    expect(value('Address')).toBe('12 MG Road');
  });

  it('Logout calls the server, clears the token and profile, and replaces the route with /login even if the call fails', async () => {
    setProfile(makeProfile());
    vi.mocked(logoutSession).mockRejectedValueOnce(new Error('Network Error'));
    renderRoutes('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }, SLOW));
    await settleNavigation();
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'), SLOW);
    expect(logoutSession).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(getProfile().id).toBe(-1);
    expect(currentLocation()).toMatchObject({ pathname: '/login', navigation: 'REPLACE' });
    // The logout also locks the device's data (asynchronously: awaited, so it ends in this test);
    // this test device never set a PIN, so the lock reads 'no-pin' rather than 'unlocked'.
    await waitFor(() => expect(getAppLockState()).toBe('no-pin'), SLOW);
  });

  it('has the language switch, and the Hindi labels', async () => {
    setProfile(makeProfile());
    renderRoutes('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'हिन्दी' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'उपयोगकर्ता विवरण' }, SLOW)).toBeTruthy();
    expect(value('नाम')).toBe('Ravi Kumar');
    expect(screen.getByRole('button', { name: 'लॉग आउट' })).toBeTruthy();
  });
});
