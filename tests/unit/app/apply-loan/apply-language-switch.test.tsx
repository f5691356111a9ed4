// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setGuestToken } from '../../../../src/app/session/session.storage';
import { renderRoutes, resetDevice, settleNavigation, teardown } from '../test-utils';

// The shell's sync runtime is not under test here (see route-guards.test.tsx).
vi.mock('../../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));

const ID = 'c'.repeat(32);

describe('public flow: the language switch on every step after the first (English / हिन्दी)', () => {
  beforeEach(resetDevice);
  afterEach(teardown);

  it.each(['/apply-loan/kyc', '/apply-loan/co-applicants', '/apply-loan/business', '/apply-loan/reference-details', '/apply-loan/success'])(
    '%s shows one labelled switch beside the progress, English chosen',
    async (path) => {
      setGuestToken('guest-1');
      renderRoutes(`${path}?id=${ID}`);
      await settleNavigation();
      const group = await screen.findByRole('group', { name: 'Language' });
      expect(screen.getAllByRole('group', { name: 'Language' })).toHaveLength(1);
      expect(within(group).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
      expect(within(group).getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('false');
      expect(within(group).getByRole('button', { name: 'हिन्दी' }).getAttribute('lang')).toBe('hi');
    },
  );

  it('by keyboard alone: Tab to हिन्दी, Enter; the step turns Hindi, the choice is kept on the phone, and back', async () => {
    setGuestToken('guest-1');
    const user = userEvent.setup();
    renderRoutes(`/apply-loan/success?id=${ID}`);
    await settleNavigation();
    await screen.findByText('Step 6 of 6');
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    for (let tabs = 0; tabs < 20 && document.activeElement !== hindi; tabs++) await user.tab();
    expect(document.activeElement).toBe(hindi);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('चरण 6 / 6')).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    const group = screen.getByRole('group', { name: 'भाषा' });
    expect(within(group).getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(group).getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Step 6 of 6')).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('the first screen keeps its own large picker only (no second switch in the header)', async () => {
    renderRoutes('/apply-loan/mobile');
    await settleNavigation();
    await screen.findByText('Choose your language');
    expect(screen.getAllByRole('group', { name: 'Language' })).toHaveLength(1);
  });
});
