import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { APPLY_FIRST_SCREEN_TARGET_KB, applyFirstScreenAssets } from '../../bench/apply-loan-bundle';
import { FONTS_TARGET_KB, LOGIN_TARGET_KB, loginPageAssets, PRECACHE_TARGET_KB, precacheFigures, sumKb } from '../../bench/login-bundle';
import { LoginPage } from './pages/login.page';
import { launchPersistent } from './support/browser';
import { latestOtp } from './support/sms';

const baseURL = inject('baseURL');
const OFFICER = '9000000001';

/** A browser of the describe's own, opened before its tests and closed after: a first visit, nothing cached by another's run. */
function browserOfItsOwn(): () => BrowserContext {
  let context: BrowserContext | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ context, close } = await launchPersistent());
  });
  afterAll(async () => close?.());
  return () => context!;
}

// Issue 20's budgets on the built app (`npm run bench -- login-bundle` prints the same figures).
describe('budgets: what a phone downloads', () => {
  const browser = browserOfItsOwn();

  it(`/login loads at most ${LOGIN_TARGET_KB} KB of JS and CSS, gzipped, on a first visit`, async () => {
    const { assets } = await loginPageAssets(browser(), baseURL);
    expect(assets.size).toBeGreaterThan(0);
    expect(sumKb(assets)).toBeLessThanOrEqual(LOGIN_TARGET_KB);
  });

  it(`the precache holds at most ${PRECACHE_TARGET_KB} KB gzipped and no online-only screen; its web fonts at most ${FONTS_TARGET_KB} KB`, () => {
    const { shell, fonts, onlineOnly } = precacheFigures();
    expect(shell.length).toBeGreaterThan(0);
    expect(sumKb(shell)).toBeLessThanOrEqual(PRECACHE_TARGET_KB);
    expect(sumKb(fonts)).toBeLessThanOrEqual(FONTS_TARGET_KB);
    expect(onlineOnly).toEqual([]);
  });
});

// Issue 23: the public flow's first screen on the borrower's own phone, in a browser of its own
// (a first visit: nothing cached by /login's run).
describe('budgets: the public flow on a first visit', () => {
  const browser = browserOfItsOwn();

  // `npm run bench -- apply-loan-bundle` prints the same figure.
  it(`/apply-loan/mobile loads at most ${APPLY_FIRST_SCREEN_TARGET_KB} KB of JS and CSS, gzipped, on a first visit`, async () => {
    const assets = await applyFirstScreenAssets(browser(), baseURL);
    expect(assets.size).toBeGreaterThan(0);
    expect(sumKb(assets)).toBeLessThanOrEqual(APPLY_FIRST_SCREEN_TARGET_KB);
  });
});

// The signed-in start's Lighthouse budget (`npm run bench -- lighthouse`) holds while a reload's
// lock screen runs only the shell and its own code: the device database (Dexie with every
// repository and the schemas they import) and the step kit load as the PIN is typed.
describe('budgets: what a signed-in reload runs before the PIN', () => {
  const browser = browserOfItsOwn();

  it('the lock screen of a reload loads no device database, step kit or dashboard; the PIN loads them', async () => {
    const page = await browser().newPage();
    const login = new LoginPage(page, baseURL);
    await login.signIn(OFFICER, (m) => latestOtp(baseURL, m)); // the first sign-in sets the PIN
    await page.getByRole('link', { name: 'Create Application' }).waitFor();

    const scripts: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    const chunk = (name: string) => scripts.filter((path) => path.startsWith(`/assets/${name}-`));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sahyog is locked' }).waitFor();
    expect(chunk('lock-screen')).toHaveLength(1);
    expect({ db: chunk('db'), kit: chunk('kit'), dashboard: chunk('dashboard-screen') }).toEqual({ db: [], kit: [], dashboard: [] });
    await expect(page.getByTestId('sync-badge').count()).resolves.toBe(0);

    await login.unlock();
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    expect(chunk('db')).toHaveLength(1);
    expect(chunk('dashboard-screen')).toHaveLength(1);
  });
});
