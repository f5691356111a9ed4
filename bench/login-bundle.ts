// Gzipped JS + CSS that /login loads on a first visit, measured in Chromium against the built
// app: the page's own requests (the service worker's background precache listed separately).
// Targets: <= 130 KB for /login; <= 260 KB for everything the service worker precaches.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchPersistent } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/support/server-process';

const gzipKb = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length / 1024;

/** The files of dist/sw.js's precache manifest (what a phone downloads to work offline). */
export function precachedFiles(): string[] {
  const sw = readFileSync(join('dist', 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, ''));
}

export async function benchLoginBundle(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent();
  try {
    const page = await context.newPage();
    const pageAssets = new Set<string>();
    const swAssets = new Set<string>();
    context.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (!/\.(js|css)$/.test(path) || path === '/sw.js') return;
      (req.serviceWorker() ? swAssets : pageAssets).add(path);
    });
    await page.goto(`${server.baseURL}/#/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.waitForTimeout(1500); // let the service worker precache
    const sum = (paths: Iterable<string>) => [...paths].reduce((kb, p) => kb + gzipKb(p), 0);
    for (const p of [...pageAssets].sort()) console.log(`  ${p}  ${gzipKb(p).toFixed(1)} KB gz`);
    console.log(
      `login    JS+CSS loaded by /login: ${sum(pageAssets).toFixed(1)} KB gzipped in ${pageAssets.size} files (target <= 130 KB)`,
    );
    const backgroundOnly = [...swAssets].filter((p) => !pageAssets.has(p));
    console.log(
      `login    precached afterwards by the service worker: ${sum(backgroundOnly).toFixed(1)} KB gzipped in ${backgroundOnly.length} more files`,
    );
    const precached = precachedFiles();
    console.log(
      `login    precache total: ${sum(precached).toFixed(1)} KB gzipped in ${precached.length} files of dist/sw.js's manifest (target <= 260 KB)`,
    );
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoginBundle();
