// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_PLACEHOLDER_ROUTES, SIGNED_OUT_PLACEHOLDER_ROUTES } from '../../../src/app/routes';
import { setProfile, setToken } from '../../../src/app/session/session.storage';
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

  it('signed out, the public-only placeholders render', async () => {
    renderRoutes('/apply-loan/mobile');
    await settleNavigation();
    expect(currentLocation().pathname).toBe('/apply-loan/mobile');
    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeTruthy();
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

  it('covers every route of the spec: the ones built have their screens, the rest a placeholder', () => {
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
    expect(SIGNED_IN_PLACEHOLDER_ROUTES).toHaveLength(21 - built.length);
    for (const path of built) expect(SIGNED_IN_PLACEHOLDER_ROUTES).not.toContain(path);
    expect(SIGNED_OUT_PLACEHOLDER_ROUTES).toHaveLength(8);
    expect(SIGNED_OUT_PLACEHOLDER_ROUTES).not.toContain('/apply-loan/track');
    expect(SIGNED_OUT_PLACEHOLDER_ROUTES).not.toContain('/join-us');
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
