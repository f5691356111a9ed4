import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { FONTS_TARGET_KB, LOGIN_TARGET_KB, loginPageAssets, PRECACHE_TARGET_KB, precacheFigures, sumKb } from '../../bench/login-bundle';
import { launchPersistent } from './support/browser';

const baseURL = inject('baseURL');

// Issue 20's budgets on the built app (`npm run bench -- login-bundle` prints the same figures).
describe('budgets: what a phone downloads', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ context, close } = await launchPersistent());
  });
  afterAll(async () => close());

  it(`/login loads at most ${LOGIN_TARGET_KB} KB of JS and CSS, gzipped, on a first visit`, async () => {
    const { assets } = await loginPageAssets(context, baseURL);
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
