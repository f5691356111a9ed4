import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { LANGUAGE_NAMES } from '../../../src/app/i18n/languages';
import { textIn, type Lang } from '../pages/texts';

/** Where the public flow's screenshots go: test-results/apply-loan/<screen>-<lang>-<width>.png. */
export const PUBLIC_SHOTS_DIR = 'test-results/apply-loan';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Switches the page's language with the flow's own switch (English / हिन्दी) and waits for `<html lang>`. */
export async function switchLanguage(page: Page, to: Lang, from: Lang): Promise<void> {
  const choice = LANGUAGE_NAMES[to];
  await page
    .getByRole('group', { name: textIn(from, 'lang.label'), exact: true })
    .getByRole('button', { name: choice, exact: true })
    .click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, to);
  // The switch names itself in the language now shown, its choice pressed.
  await page
    .getByRole('group', { name: textIn(to, 'lang.label'), exact: true })
    .getByRole('button', { name: choice, pressed: true })
    .waitFor();
}

/**
 * A public screen at 360 px and 1280 px, in the borrower's language and in the other one (switched
 * with the screen's language switch, as a borrower would), then the page as it was: her language
 * at 360 px. Whole pages, so what is below the fold is seen too.
 */
export async function shootPublicScreen(page: Page, screen: string, lang: Lang): Promise<void> {
  mkdirSync(PUBLIC_SHOTS_DIR, { recursive: true });
  const other: Lang = lang === 'hi' ? 'en' : 'hi';
  for (const shown of [lang, other]) {
    if (shown !== lang) await switchLanguage(page, shown, lang);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `${PUBLIC_SHOTS_DIR}/${screen}-${shown}-${viewport.width}.png`, fullPage: true });
    }
  }
  await switchLanguage(page, lang, other);
  await page.setViewportSize(PHONE);
}
