/**
 * A screenshot pass of every screen (issue 21): the signed-out screens and, signed in as the
 * relationship officer, the branch credit manager and the branch manager, every route of
 * src/app/routes.tsx the role may open, in English and Hindi, at 360x780 and 1280x800, full page,
 * into test-results/tour/<screen>-<lang>-<width>.png, plus contact sheets of 12 thumbnails
 * (test-results/tour/sheets/<lang>-<width>-<n>.png) for a quick look.
 *
 *   npx tsx scripts/screenshot-tour.ts            (builds first when dist is stale)
 *   TOUR_ONLY=login,ro-dashboard npx tsx ...      (re-shoot only these screens)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { startServerProcess } from '../tests/support/server-process';
import { launchPersistent } from '../tests/e2e/support/browser';
import { officerToken } from '../tests/e2e/support/application-server';
import { signInStaff } from '../tests/e2e/support/staff';
import { E2E_PIN } from '../tests/e2e/pages/login.page';

const OUT = resolve('test-results/tour');
// TOUR_LANGS=mr,bn,ta,te and TOUR_WIDTHS=360 shoot other languages or one width (issue 37's six screens per language).
const LANGS = process.env.TOUR_LANGS?.split(',').filter(Boolean) ?? ['en', 'hi'];
const WIDTHS = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
].filter(({ width }) => !process.env.TOUR_WIDTHS || process.env.TOUR_WIDTHS.split(',').includes(String(width)));
const ONLY = process.env.TOUR_ONLY?.split(',').filter(Boolean);

type Shot = { name: string; lang: string; width: number; file: string };
const shots: Shot[] = [];
const problems: string[] = [];

/** The lock screen (a reload starts locked; so does a page idle for the lock's minutes), in either language. */
async function unlockIfLocked(page: Page): Promise<void> {
  // By the lock screen's own ids, in whichever language it is drawn.
  const locked = page.locator('#lock-title');
  if (!(await locked.isVisible())) return;
  await page.locator('#unlock-pin').fill(E2E_PIN);
  await page.locator('.lock-screen button[type="submit"]').click();
  await locked.waitFor({ state: 'detached' });
}

/** The screen has drawn: a heading or a main landmark, no lazy chunk still loading, fonts in. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1, h2, main').first().waitFor({ timeout: 15000 });
  await unlockIfLocked(page);
  // The lazy screen and its data are in: a heading shows and no "Loading..." is left.
  await page.waitForFunction(
    () => document.querySelector('h1, h2') !== null && !/Loading\.\.\.|लोड हो रहा है\.\.\./.test(document.body.innerText),
    undefined,
    { timeout: 15000 },
  );
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

async function setLanguage(page: Page, baseURL: string, lang: string, signedIn: boolean): Promise<void> {
  await page.goto(`${baseURL}/#/${signedIn ? '' : 'login'}`);
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  if (signedIn) {
    await page.locator('#lock-title').waitFor();
    await unlockIfLocked(page);
  }
}

/** Opens `route` and shoots it at both widths; a route the role may not open (sent elsewhere) is skipped. */
async function shoot(page: Page, baseURL: string, name: string, route: string, lang: string): Promise<void> {
  if (ONLY && !ONLY.includes(name)) return;
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(`${baseURL}/#${route}`);
  await settle(page).catch((e: Error) => problems.push(`${name} ${lang}: did not settle (${e.message.split('\n')[0]})`));
  const path = new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
  if (path !== route.split('?')[0]) {
    problems.push(`${name} ${lang}: ${route} sent to ${path}, not shot`);
    return;
  }
  if (lang === 'hi') await englishLeft(page, name);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const file = `${name}-${lang}-${size.width}.png`;
    await page.screenshot({ path: join(OUT, file), fullPage: true });
    shots.push({ name, lang, width: size.width, file });
  }
}

/** Words a Hindi screen may show in Latin letters: the brand, the other language's name, the demo users' data. */
const LATIN_ALLOWED =
  /^(Sahyog|English|Ravi|Kumar|Meena|Sharma|Arjun|Singh|Pune|Maharashtra|Branch|office|Station|Road|sahyog|example|kumar|sharma|singh)$/;

/** English left on a Hindi screen: words of two lower-case letters or more in Latin script (acronyms like PAN pass). */
async function englishLeft(page: Page, name: string): Promise<void> {
  const text = await page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
    let body = document.body.innerText;
    for (const value of values) if (value) body = body.replaceAll(value, ' ');
    return body;
  });
  const words = [...new Set(text.match(/\b[A-Za-z][a-z]{2,}\b/g) ?? [])].filter((w) => !LATIN_ALLOWED.test(w));
  if (words.length) problems.push(`${name} hi: English words left: ${words.join(', ')}`);
}

async function createDraft(baseURL: string, page: Page): Promise<string> {
  const res = await fetch(`${baseURL}/api/dev/applications`, { method: 'POST', headers: { token: await officerToken(page) } });
  if (!res.ok) throw new Error(`POST /api/dev/applications: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { application_id: string } }).data.application_id;
}

const STAFF_ROUTES = ['/', '/profile', '/sync', '/applications'];
/** Step and review screens: each takes the application's id. */
const APPLICATION_ROUTES = [
  '/application/mobile',
  '/application/kyc',
  '/application/co-applicants',
  '/application/co-applicant-details',
  '/application/family-details',
  '/application/family-detail-form',
  '/application/rejection',
  '/application/business',
  '/application/employment',
  '/application/personal-discussion',
  '/application/bank-account-details',
  '/application/cpv-info',
  '/application/references',
  '/application/reference-details',
  '/application/success',
  '/application/complete-application',
  '/application/track',
  '/application/loan-offer',
  '/application/final-submit',
  '/application/success/loan-offers',
  '/application/case',
];
/** A manager sees the review screens; the capture steps look as they do for the officer. */
const MANAGER_APPLICATION_ROUTES = ['/application/case', '/application/track', '/application/cpv-info', '/application/loan-offer'];
const SIGNED_OUT_ROUTES = ['/login', '/join-us', '/join-us/track', '/apply-loan/mobile', '/apply-loan/track'];

const slug = (route: string) => route.replace(/^\//, '').replace(/[/:]+/g, '-') || 'dashboard';

async function tourRole(baseURL: string, role: string, mobile: string, routes: string[], appRoutes: string[], id: string | null) {
  const { context, close } = await launchPersistent(WIDTHS[0]);
  try {
    const page = await signInStaff(context, baseURL, mobile, problems);
    const appId = id ?? (await createDraft(baseURL, page));
    const all = [...routes, ...(role === 'bm' ? ['/partners', '/officers'] : []), ...appRoutes.map((r) => `${r}?id=${appId}`)];
    for (const lang of LANGS) {
      await setLanguage(page, baseURL, lang, true);
      for (const route of all) await shoot(page, baseURL, `${role}-${slug(route.split('?')[0]!)}`, route, lang);
    }
    return appId;
  } finally {
    await close();
  }
}

async function tourSignedOut(baseURL: string) {
  const { context, close } = await launchPersistent(WIDTHS[0]);
  try {
    const page = await (context as BrowserContext).newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    for (const lang of LANGS) {
      await setLanguage(page, baseURL, lang, false);
      for (const route of SIGNED_OUT_ROUTES) await shoot(page, baseURL, slug(route), route, lang);
    }
  } finally {
    await close();
  }
}

/** Contact sheets: 12 thumbnails a sheet, per language and width, each captioned with its screen. */
async function contactSheets() {
  const dir = join(OUT, 'sheets');
  mkdirSync(dir, { recursive: true });
  const { context, close } = await launchPersistent({ width: 1600, height: 900 });
  try {
    const page = await context.newPage();
    for (const lang of LANGS)
      for (const { width } of WIDTHS) {
        const group = shots.filter((s) => s.lang === lang && s.width === width);
        for (let i = 0; i < group.length; i += 12) {
          const cells = group
            .slice(i, i + 12)
            .map((s) => `<figure><img src="../${s.file}"><figcaption>${s.name}</figcaption></figure>`)
            .join('');
          const thumb = width === 360 ? 240 : 380;
          const html = `<!doctype html><meta charset="utf-8"><style>
            body{margin:8px;font:14px sans-serif;background:#ddd}
            .grid{display:grid;grid-template-columns:repeat(${width === 360 ? 6 : 4},${thumb}px);gap:8px}
            figure{margin:0;background:#fff;border:1px solid #999}
            img{width:${thumb}px;max-height:${width === 360 ? 900 : 700}px;object-fit:cover;object-position:top;display:block}
            figcaption{padding:2px 4px;font-weight:bold}</style>
            <h3>${lang} ${width}px, ${i + 1}-${Math.min(i + 12, group.length)} of ${group.length}</h3><div class="grid">${cells}</div>`;
          const file = join(dir, `${lang}-${width}-${i / 12 + 1}.html`);
          writeFileSync(file, html);
          await page.goto(pathToFileURL(file).href);
          await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
          await page.screenshot({ path: file.replace(/\.html$/, '.png'), fullPage: true });
        }
      }
  } finally {
    await close();
  }
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (!ONLY) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const server = await startServerProcess({ env: { OTP_MAX_SENDS_PER_MOBILE_HOUR: '100' }, quiet: true });
  try {
    await tourSignedOut(server.baseURL);
    const id = await tourRole(server.baseURL, 'ro', '9000000001', STAFF_ROUTES, APPLICATION_ROUTES, null);
    await tourRole(server.baseURL, 'bcm', '9000000002', STAFF_ROUTES, MANAGER_APPLICATION_ROUTES, id);
    await tourRole(server.baseURL, 'bm', '9000000003', STAFF_ROUTES, MANAGER_APPLICATION_ROUTES, id);
  } finally {
    await server.stop();
  }
  if (!ONLY) await contactSheets();
  const screens = new Set(shots.map((s) => s.name)).size;
  console.log(`${screens} screens x ${LANGS.length} languages x ${WIDTHS.length} widths: ${shots.length} screenshots in ${OUT}`);
  for (const p of problems) console.log(`note: ${p}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
