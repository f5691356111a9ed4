// Gzipped JS that the business screen (/application/business) loads beyond the signed-in shell,
// measured in Chromium against the built app as bench/borrower-bundle.ts does for the borrower
// screen: sign in, wait on the dashboard, then open the business screen of an application and
// count the JS files requested only then. Target: <= 60 KB (issue 11).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { launchPersistent } from '../tests/e2e/support/browser';
import { latestOtp } from '../tests/e2e/support/sms';
import { signInByApi, startServerProcess } from '../tests/support/server-process';
import { apiClient } from './application-fixture';

const gzipKb = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length / 1024;

export async function benchBusinessBundle(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent();
  try {
    const api = apiClient(server.baseURL, await signInByApi(server.baseURL, '9000000001'));
    const { application_id: id } = (await api.ok('POST', '/api/dev/applications')) as { application_id: string };
    const page = await context.newPage();
    const loaded = new Set<string>();
    let phase: 'shell' | 'business' = 'shell';
    const business = new Set<string>();
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (!path.endsWith('.js') || path === '/sw.js') return;
      if (phase === 'shell') loaded.add(path);
      else if (!loaded.has(path)) business.add(path);
    });
    await new LoginPage(page, server.baseURL).signIn('9000000001', (m) => latestOtp(server.baseURL, m));
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    await page.waitForLoadState('networkidle');
    phase = 'business';
    // In the app, as a link would: the hash router's navigation, no reload of the shell.
    await page.evaluate((to) => {
      window.location.hash = to;
    }, `#/application/business?id=${id}`);
    await page.getByRole('button', { name: 'Add Bank' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...business].reduce((kb, p) => kb + gzipKb(p), 0);
    for (const p of [...business].sort()) console.log(`  ${p}  ${gzipKb(p).toFixed(1)} KB gz`);
    console.log(
      `business JS loaded by /application/business beyond the signed-in shell: ${total.toFixed(1)} KB gzipped in ${business.size} files (target <= 60 KB)`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBusinessBundle();
