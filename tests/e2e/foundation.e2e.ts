import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistent, waitForOfflineReady } from './support/browser';
import { latestOtp } from './support/sms';
import { LoginPage } from './pages/login.page';
import { signInByApi } from '../support/server-process';

const baseURL = inject('baseURL');
const port = inject('port');
const readOtp = (mobile: string) => latestOtp(baseURL, mobile);

/** fetch() will not send another Host header; node:http will, as a browser on acfl.localhost does. */
function getWithHost(host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { ...headers, host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('foundation: OTP login, dashboard, profile, offline shell', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;

  beforeAll(async () => {
    ({ context, close } = await launchPersistent({ width: 360, height: 740 }));
    page = await context.newPage();
  });
  afterAll(async () => close());

  it('a relationship officer signs in by OTP and sees Create Application', async () => {
    await new LoginPage(page, baseURL).signIn('9000000001', readOtp);
    await page.waitForURL(/#\/$/);
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    await page.getByRole('link', { name: 'Complete Application' }).waitFor();
    // Files share one server: the count is whatever the officer has; View is disabled exactly at 0.
    await page.waitForFunction(() => /^\d+$/.test(document.querySelector('.card__count')?.textContent ?? ''));
    const count = Number(await page.locator('.card__count').textContent());
    await expect(page.getByRole('button', { name: 'View' }).isDisabled()).resolves.toBe(count === 0);
    await page.screenshot({ path: 'test-results/dashboard-360.png' });
  });

  it('the profile shows the user and logs out back to /login', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'User Details' }).waitFor();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Ravi Kumar');
    await expect(page.getByLabel('Designation').inputValue()).resolves.toBe('Relationship Officer');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  });

  it('an employee without an allowed designation ends back at /login', async () => {
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/v1/user/logout'));
    await new LoginPage(page, baseURL).signIn('9000000005', readOtp, { pin: null });
    await loggedOut;
    await page.waitForURL(/#\/login$/);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    // Issue 31 N3: the login screen says why.
    await page
      .getByRole('alert')
      .filter({ hasText: /^Invalid role: your designation cannot use this app/ })
      .waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeNull();
  });

  it('after one visit the shell loads with the browser offline', async () => {
    await new LoginPage(page, baseURL).signIn('9000000001', readOtp);
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    await waitForOfflineReady(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await new LoginPage(page, baseURL).unlock(); // a reload starts locked
      await page.getByRole('link', { name: 'Create Application' }).waitFor();
      await page.screenshot({ path: 'test-results/dashboard-offline-360.png' });
      // An online-only screen (kept out of the precache) never opened on this phone says so, in the shell.
      await page.evaluate(() => {
        window.location.hash = '#/application/track';
      });
      await page.getByRole('heading', { name: 'This screen needs a connection' }).waitFor();
      await page.screenshot({ path: 'test-results/screen-needs-connection-360.png' });
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.getByRole('link', { name: 'Create Application' }).waitFor();
      // A signed-out visit offline still gets the login screen from the precache.
      const fresh = await context.newPage();
      await fresh.goto(`${baseURL}/#/login`).catch(() => undefined);
      // Signed out: no session on this browser (the sealed session's marker and the send-only credential gone too).
      await fresh.evaluate(() => ['token', 'profile', 'session_sealed', 'send_token'].forEach((key) => localStorage.removeItem(key)));
      await fresh.reload();
      await fresh.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await fresh.getByText('Needs connection').first().waitFor();
      await fresh.close();
    } finally {
      await context.setOffline(false);
    }
  });

  it("a token of one tenant is refused on another tenant's host", async () => {
    const token = await signInByApi(baseURL, '9000000001');
    const res = await getWithHost(`acfl.localhost:${port}`, '/api/v1/user/me', { token: token! });
    expect(res.status).toBe(401);
    const same = await fetch(`${baseURL}/api/v1/user/me`, { headers: { token: token! } });
    expect(same.status).toBe(200);
  });

  it('the acfl host is themed as its own tenant, at desktop width', async () => {
    const desk = await context.newPage();
    await desk.setViewportSize({ width: 1280, height: 800 });
    await desk.goto(`http://acfl.localhost:${port}/#/login`);
    await desk.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await desk.waitForFunction(() => document.title.includes('ACFL'));
    const manifest = JSON.parse((await getWithHost(`acfl.localhost:${port}`, '/manifest.webmanifest')).body);
    expect(manifest.name).toContain('ACFL');
    await desk.screenshot({ path: 'test-results/login-acfl-1280.png' });
    await desk.close();
  });
});
