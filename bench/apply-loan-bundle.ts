// Gzipped JS + CSS that the public applicant flow's first screen (/apply-loan/mobile) loads on a
// first visit, measured in Chromium against the built app (the service worker's background
// precache apart). Target (issue 23): <= 130 KB.
import { launchPersistent } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/support/server-process';
import { gzipKb } from './login-bundle';

export const APPLY_FIRST_SCREEN_TARGET_KB = 130;

export async function benchApplyLoanBundle(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent();
  try {
    const page = await context.newPage();
    const pageAssets = new Set<string>();
    context.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (/\.(js|css)$/.test(path) && path !== '/sw.js' && !req.serviceWorker()) pageAssets.add(path);
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.baseURL}/#/apply-loan/mobile`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Apply for a loan' }).waitFor();
    const total = [...pageAssets].reduce((kb, p) => kb + gzipKb(p), 0);
    for (const p of [...pageAssets].sort()) console.log(`  ${p}  ${gzipKb(p).toFixed(1)} KB gz`);
    console.log(
      `apply-loan  JS+CSS loaded by /apply-loan/mobile: ${total.toFixed(1)} KB gzipped in ${pageAssets.size} files (target <= ${APPLY_FIRST_SCREEN_TARGET_KB} KB)`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApplyLoanBundle();
