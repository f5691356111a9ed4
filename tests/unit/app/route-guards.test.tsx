// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setGuestToken, setProfile, setToken } from '../../../src/app/session/session.storage';
import { currentLocation, makeProfile, renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';

// The shell's sync runtime is not under test here: started for real it would refresh the bank
// list and business categories over the network, which no server answers in jsdom.
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));
vi.mock('../../../src/app/api/user.api', () => ({
  fetchProfile: vi.fn(() => new Promise(() => {})),
  fetchApplicationCount: vi.fn(() => new Promise(() => {})),
}));

describe('route guards (spec 01 §2)', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it.each(['/', '/profile', '/applications', '/application/mobile', '/application/success/loan-offers'])(
    'signed out, %s goes to /login with replace',
    async (path) => {
      renderRoutes(path);
      await settleNavigation();
      expect(currentLocation()).toMatchObject({ pathname: '/login', navigation: 'REPLACE' });
      expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    },
  );

  it.each(['/login', '/join-us', '/join-us/track', '/apply-loan/mobile', '/apply-loan/track'])(
    'signed in, %s goes to / with replace',
    async (path) => {
      setToken('tok-1');
      setProfile(makeProfile());
      renderRoutes(path);
      await settleNavigation();
      expect(currentLocation()).toMatchObject({ pathname: '/', navigation: 'REPLACE' });
      expect(await screen.findByRole('heading', { name: 'Applications' })).toBeTruthy();
    },
  );

  it('signed out, /apply-loan/mobile starts the public flow: language first, then the mobile, step 1 of 6', async () => {
    renderRoutes('/apply-loan/mobile');
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/apply-loan/mobile');
    expect(await screen.findByRole('heading', { name: 'Apply for a loan' })).toBeTruthy();
    expect(screen.getByText('Choose your language')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeTruthy();
  });

  it.each(['/apply-loan/kyc', '/apply-loan/co-applicants', '/apply-loan/business', '/apply-loan/reference-details', '/apply-loan/success'])(
    'without a guest token, %s goes back to the mobile step',
    async (path) => {
      renderRoutes(`${path}?id=${'a'.repeat(32)}`);
      await settleNavigation();
      expect(currentLocation()).toMatchObject({ pathname: '/apply-loan/mobile', navigation: 'REPLACE' });
    },
  );

  it.each([
    ['/application/kyc', '/apply-loan/kyc'],
    ['/application/family-details', '/apply-loan/business'],
    ['/application/bank-account-details', '/apply-loan/reference-details'],
    ['/application/success/loan-offers', '/apply-loan/success'],
  ])('with a guest token, a staff step’s way on (%s) leads to the public step %s, the application kept', async (from, to) => {
    setGuestToken('guest-1');
    const id = 'b'.repeat(32);
    renderRoutes(`${from}?id=${id}`);
    await settleNavigation();
    expect(currentLocation()).toMatchObject({ pathname: to, search: `?id=${id}`, navigation: 'REPLACE' });
  });

  it('with a guest token, a staff-only screen is still /login', async () => {
    setGuestToken('guest-1');
    renderRoutes('/applications');
    await settleNavigation();
    expect(currentLocation()).toMatchObject({ pathname: '/login', navigation: 'REPLACE' });
  });

  it('signed out, the public track screen renders', async () => {
    renderRoutes('/apply-loan/track');
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/apply-loan/track');
    expect(await screen.findByRole('heading', { name: 'Track Application' })).toBeTruthy();
  });

  it('signed in, the field verification screen renders (no signed-in placeholder is left)', async () => {
    setToken('tok-1');
    setProfile(makeProfile());
    renderRoutes('/application/cpv-info');
    expect(await screen.findByRole('heading', { name: 'Field Verification (CPV)' })).toBeTruthy();
    expect(currentLocation().pathname).toBe('/application/cpv-info');
  });

  it('covers every route of the spec, each with its screen', () => {
    const built = [
      'mobile',
      'kyc',
      'co-applicants',
      'co-applicant-details',
      'family-details',
      'family-detail-form',
      'rejection',
      'business',
      'bank-account-details',
      'success',
      'employment',
      'personal-discussion',
      'loan-offer',
      'success/loan-offers',
      'final-submit',
      'complete-application',
      'track',
      'cpv-info',
      'references',
      'reference-details',
    ]
      .map((s) => `/application/${s}`)
      .concat('/applications');
    const routes = readFileSync('src/app/routes.tsx', 'utf8');
    for (const path of built) expect(routes).toMatch(new RegExp(`<Route path="${path}" element={<[A-Za-z]+ />} />`));
  });

  it('signing out while on a protected screen sends the user to /login', async () => {
    setToken('tok-1');
    setProfile(makeProfile());
    renderRoutes('/profile');
    expect(await screen.findByRole('heading', { name: 'User Details' })).toBeTruthy();
    const { removeToken } = await import('../../../src/app/session/session.storage');
    removeToken();
    await settleNavigation();
    expect(currentLocation()).toMatchObject({ pathname: '/login', navigation: 'REPLACE' });
  });
});
