// Gzipped JS + CSS that /login loads on a first visit, measured in Chromium against the built
// app: the page's own requests (the service worker's background precache listed separately).
// Targets (issue 20, React 19 and axios): <= 130 KB for /login; <= 360 KB for everything the
// service worker precaches, with the online-only screens kept out and web fonts counted apart
// (<= 80 KB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
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

/** The JS and CSS files /login requests on a first visit, apart from the service worker's own requests. */
export async function loginPageAssets(
  context: BrowserContext,
  baseURL: string,
): Promise<{ page: Page; assets: Set<string>; swAssets: Set<string> }> {
  const page = await context.newPage();
  const assets = new Set<string>();
  const swAssets = new Set<string>();
  context.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (!/\.(js|css)$/.test(path) || path === '/sw.js') return;
    (req.serviceWorker() ? swAssets : assets).add(path);
  });
  await page.goto(`${baseURL}/#/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  return { page, assets, swAssets };
}

export const sumKb = (paths: Iterable<string>) => [...paths].reduce((kb, p) => kb + gzipKb(p), 0);

/** dist/sw.js's precache manifest: the app's files apart from the web fonts, and which of them are online-only screens. */
export function precacheFigures(): { shell: string[]; fonts: string[]; onlineOnly: string[] } {
  const precached = precachedFiles();
  const shell = precached.filter((p) => !isFont(p));
  return {
    shell,
    fonts: precached.filter(isFont),
    onlineOnly: shell.filter((p) => ONLINE_ONLY_CHUNKS.some((name) => p.startsWith(`assets/${name}-`))),
  };
}

export async function benchLoginBundle(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  const { context, close } = await launchPersistent();
  try {
    const { page, assets: pageAssets, swAssets } = await loginPageAssets(context, server.baseURL);
    await page.waitForTimeout(1500); // let the service worker precache
    for (const p of [...pageAssets].sort()) console.log(`  ${p}  ${gzipKb(p).toFixed(1)} KB gz`);
    console.log(
      `login    JS+CSS loaded by /login: ${sumKb(pageAssets).toFixed(1)} KB gzipped in ${pageAssets.size} files (target <= ${LOGIN_TARGET_KB} KB)`,
    );
    const backgroundOnly = [...swAssets].filter((p) => !pageAssets.has(p));
    console.log(
      `login    precached afterwards by the service worker: ${sumKb(backgroundOnly).toFixed(1)} KB gzipped in ${backgroundOnly.length} more files`,
    );
    const { shell, fonts, onlineOnly } = precacheFigures();
    console.log(
      `login    precache total: ${sumKb(shell).toFixed(1)} KB gzipped in ${shell.length} files of dist/sw.js's manifest, web fonts apart (target <= ${PRECACHE_TARGET_KB} KB)`,
    );
    console.log(
      `login    precached web fonts: ${sumKb(fonts).toFixed(1)} KB gzipped in ${fonts.length} files (target <= ${FONTS_TARGET_KB} KB)`,
    );
    console.log(`login    online-only screens in the precache: ${onlineOnly.length ? onlineOnly.join(', ') : 'none'} (target: none)`);
  } finally {
    await close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoginBundle();
