import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchPersistent } from './support/browser';
import { signInStaff } from './support/staff';

/*
 * Issue 36 end to end in Chromium on the real server: the branch manager opens the branch pipeline
 * from the dashboard, sees its charts with the table behind each, at 360 and 1280 px, in English
 * and in Hindi (test-results/insights-*.png), and a figure's number opens the applications list
 * filtered to it. A relationship officer is sent back to the dashboard.
 */
const baseURL = inject('baseURL');
const BRANCH_MANAGER = '9000000003';
const OFFICER = '9000000001';
const LONG = 180_000;

const problems: string[] = [];

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('table').first().waitFor();
  await page.screenshot({ path: `test-results/insights-${name}-360.png`, fullPage: true });
  // At 360 px nothing scrolls sideways (a wide table scrolls inside its own box).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && !e.closest('.insights__scroll'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join('; ')).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/insights-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

describe('the branch pipeline dashboard', () => {
  const closers: (() => Promise<void>)[] = [];
  let manager: Page;

  beforeAll(async () => {
    const m = await launchPersistent();
    closers.push(m.close);
    manager = await signInStaff(m.context, baseURL, BRANCH_MANAGER, problems);
  }, LONG);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it(
    'opens from the dashboard: each chart with its table, in English at 360 and 1280 px',
    async () => {
      await manager.getByRole('link', { name: 'Branch pipeline' }).click();
      await manager.getByRole('heading', { level: 1, name: 'Branch pipeline' }).waitFor();
      for (const panel of ['Funnel', 'Time per stage', 'Waiting now', 'Rejections by reason', 'Deviations decided', 'Per officer']) {
        await manager.getByRole('article', { name: panel }).waitFor();
      }
      const funnel = manager.getByRole('article', { name: 'Funnel' });
      // The chart is a canvas screen readers skip; the table holds the figures.
      expect(await funnel.locator('canvas').getAttribute('aria-hidden')).toBe('true');
      const rows = funnel.getByRole('row');
      expect(await rows.count()).toBe(9); // the heading and the eight stages
      await expect.poll(() => funnel.getByRole('rowheader').first().textContent()).toBe('Created');
      await shots(manager, 'en');
      expect(problems).toEqual([]);
    },
    LONG,
  );

  it(
    'in Hindi: the same screen, every heading translated',
    async () => {
      // The language switch of the profile screen (a reload would meet the app lock).
      const go = (hash: string) => manager.evaluate((h) => void (location.hash = h), hash);
      await go('#/profile');
      await manager.getByRole('button', { name: 'हिन्दी' }).click();
      await go('#/insights');
      await manager.getByRole('heading', { level: 1, name: 'शाखा पाइपलाइन' }).waitFor();
      await manager.getByRole('article', { name: 'फ़नल' }).waitFor();
      await manager.getByRole('article', { name: 'अभी प्रतीक्षा में' }).waitFor();
      await shots(manager, 'hi');
      await go('#/profile');
      await manager.getByRole('button', { name: 'English' }).click();
      await go('#/insights');
      await manager.getByRole('heading', { level: 1, name: 'Branch pipeline' }).waitFor();
    },
    LONG,
  );

  it(
    'a figure opens the applications list filtered to it',
    async () => {
      const funnel = manager.getByRole('article', { name: 'Funnel' });
      const created = funnel.getByRole('row', { name: /Created/ }).getByRole('link');
      const count = Number(await created.textContent());
      await created.click();
      await manager.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
      expect(manager.url()).toContain('figure=created');
      await manager.getByText('Showing the applications behind a dashboard figure').waitFor();
      if (count === 0) await manager.getByRole('status').filter({ hasText: /no|No/ }).first().waitFor();
      else await expect.poll(() => manager.locator('.applications-list > li').count()).toBe(Math.min(count, 10));
    },
    LONG,
  );

  it(
    'a relationship officer is sent to the dashboard',
    async () => {
      const o = await launchPersistent();
      closers.push(o.close);
      const officer = await signInStaff(o.context, baseURL, OFFICER, problems);
      expect(await officer.getByRole('link', { name: 'Branch pipeline' }).count()).toBe(0);
      await officer.goto(`${baseURL}/#/insights`);
      await officer.getByRole('article', { name: 'Applications' }).waitFor();
      expect(officer.url()).not.toContain('insights');
    },
    LONG,
  );
});
