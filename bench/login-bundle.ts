// Gzipped JS + CSS that /login loads on a first visit, measured in Chromium against the built
// app: the page's own requests (the service worker's background precache listed separately).
// Targets (issue 20, React 19 and axios): <= 130 KB for /login; <= 360 KB for everything the
// service worker precaches, with the online-only screens kept out and web fonts counted apart
// (<= 80 KB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchPersistent } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/support/server-process';
import { ONLINE_ONLY_CHUNKS } from '../vite.config';

export const LOGIN_TARGET_KB = 130;
export const PRECACHE_TARGET_KB = 360;
export const FONTS_TARGET_KB = 80;
const isFont = (path: string) => /\.(woff2?|ttf|otf)$/.test(path);

export const gzipKb = (path: string) => gzipSync(readFileSync(join('dist', path)), { level: 9 }).length / 1024;

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
      `login    JS+CSS loaded by /login: ${sum(pageAssets).toFixed(1)} KB gzipped in ${pageAssets.size} files (target <= ${LOGIN_TARGET_KB} KB)`,
    );
    const backgroundOnly = [...swAssets].filter((p) => !pageAssets.has(p));
    console.log(
      `login    precached afterwards by the service worker: ${sum(backgroundOnly).toFixed(1)} KB gzipped in ${backgroundOnly.length} more files`,
    );
    const precached = precachedFiles();
    const fonts = precached.filter(isFont);
    const shell = precached.filter((p) => !isFont(p));
    console.log(
      `login    precache total: ${sum(shell).toFixed(1)} KB gzipped in ${shell.length} files of dist/sw.js's manifest, web fonts apart (target <= ${PRECACHE_TARGET_KB} KB)`,
    );
    console.log(
      `login    precached web fonts: ${sum(fonts).toFixed(1)} KB gzipped in ${fonts.length} files (target <= ${FONTS_TARGET_KB} KB)`,
    );
    const onlineOnly = shell.filter((p) => ONLINE_ONLY_CHUNKS.some((name) => p.startsWith(`assets/${name}-`)));
    console.log(`login    online-only screens in the precache: ${onlineOnly.length ? onlineOnly.join(', ') : 'none'} (target: none)`);
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoginBundle();
