// Gzipped JS + CSS that the public applicant flow's first screen (/apply-loan/mobile) loads on a
// first visit, measured in Chromium against the built app (the service worker's background
// precache apart). Target (issue 23): <= 130 KB. budgets.e2e.ts holds the same budget.
import type { BrowserContext } from 'playwright-core';
import { launchPersistent } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/support/server-process';
import { gzipKb, sumKb } from './login-bundle';

export const APPLY_FIRST_SCREEN_TARGET_KB = 130;

/** The scripts and styles the page itself loads for /apply-loan/mobile (not the service worker's). */
export async function applyFirstScreenAssets(context: BrowserContext, baseURL: string): Promise<Set<string>> {
  const page = await context.newPage();
  const assets = new Set<string>();
  context.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (/\.(js|css)$/.test(path) && path !== '/sw.js' && !req.serviceWorker()) assets.add(path);
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${baseURL}/#/apply-loan/mobile`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Apply for a loan' }).waitFor();
  return assets;
}

export async function benchApplyLoanBundle(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent();
  try {
    const assets = await applyFirstScreenAssets(context, server.baseURL);
    for (const p of [...assets].sort()) console.log(`  ${p}  ${gzipKb(p).toFixed(1)} KB gz`);
    console.log(
      `apply-loan  JS+CSS loaded by /apply-loan/mobile: ${sumKb(assets).toFixed(1)} KB gzipped in ${assets.size} files (target <= ${APPLY_FIRST_SCREEN_TARGET_KB} KB)`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApplyLoanBundle();
