// Gzipped JS that the borrower screen (/application/mobile) loads beyond the shell, measured in
// Chromium against the built app: sign in, wait on the dashboard, then open the screen and
// count the JS files requested only then. Target: <= 60 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LoginPage } from '../tests/e2e/pages/login.page';
import { launchPersistent } from '../tests/e2e/support/browser';
import { latestOtp } from '../tests/e2e/support/sms';
import { startServerProcess } from '../tests/support/server-process';

const gzipKb = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length / 1024;

export async function benchBorrowerBundle(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent();
  try {
    const page = await context.newPage();
    const loaded = new Set<string>();
    let phase: 'shell' | 'borrower' = 'shell';
    const borrower = new Set<string>();
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (!path.endsWith('.js') || path === '/sw.js') return;
      if (phase === 'shell') loaded.add(path);
      else if (!loaded.has(path)) borrower.add(path);
    });
    await new LoginPage(page, server.baseURL).signIn('9000000001', (m) => latestOtp(server.baseURL, m));
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    await page.waitForLoadState('networkidle');
    phase = 'borrower';
    await page.getByRole('link', { name: 'Create Application' }).click();
    await page.getByRole('button', { name: 'Verify Mobile' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...borrower].reduce((kb, p) => kb + gzipKb(p), 0);
    for (const p of [...borrower].sort()) console.log(`  ${p}  ${gzipKb(p).toFixed(1)} KB gz`);
    console.log(
      `borrower JS loaded by /application/mobile beyond the signed-in shell: ${total.toFixed(1)} KB gzipped in ${borrower.size} files (target <= 60 KB)`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBorrowerBundle();
