// @vitest-environment jsdom
// Each language beyond English and Hindi (issue 37), chosen with the app's own switch: the login
// page (the shell's texts and a domain message) and a public step (a feature's texts and a message
// with arguments) show in it, from its catalogue, fetched when chosen.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_NAMES } from '../../../src/app/i18n/languages';
import { setGuestToken } from '../../../src/app/session/session.storage';
import { FILE_LANGUAGES, languageFiles } from '../../../scripts/icu-messages';
import { renderRoutes, resetDevice, settleNavigation, teardown } from './test-utils';

// The shell's sync runtime is not under test here (see route-guards.test.tsx).
vi.mock('../../../src/app/sync/page-sync', () => ({ startPageSync: () => () => {}, syncNow: vi.fn() }));

const ID = 'c'.repeat(32);

describe.each(FILE_LANGUAGES.map((language) => [language]))('%s', (language) => {
  const text = languageFiles(language).app;
  beforeEach(resetDevice);
  afterEach(teardown);

  it('the login page switches to it and answers in it', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes('/login');
    await user.click(screen.getByRole('button', { name: LANGUAGE_NAMES[language] }));
    expect(await screen.findByRole('heading', { name: text['login.title'] })).toBeTruthy();
    expect(document.documentElement.lang).toBe(language);
    expect(localStorage.getItem('lang')).toBe(language);
    await user.click(screen.getByRole('button', { name: text['login.getOtp'] }));
    expect(screen.getByRole('alert').textContent).toBe(text['msg.invalidMobileNumber']);
  });

  it('a public step shows its own texts and its step in it', async () => {
    setGuestToken('guest-1');
    const user = userEvent.setup({ delay: null });
    renderRoutes(`/apply-loan/success?id=${ID}`);
    await settleNavigation();
    await screen.findByText('Step 6 of 6');
    await user.click(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: LANGUAGE_NAMES[language] }));
    expect(await screen.findByText(text['apply.step']!.replace('{n}', '6').replace('{of}', '6'))).toBeTruthy();
    expect(await screen.findByText(text['applyLoan.trackerLater']!)).toBeTruthy();
    expect(screen.getByRole('group', { name: text['lang.label'] })).toBeTruthy();
  });
});
