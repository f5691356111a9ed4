import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DEFAULT_CONFIG } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { createDraftApplication } from '../../src/server/modules/applications/applications.service';
import { recordLoanEvent } from '../../src/server/kernels/history';
import { launchBrowser } from './support/browser';
import { DESKTOP, PHONE, switchLanguage } from './support/public-shots';
import { latestOtp } from './support/sms';
import { LoginPage } from './pages/login.page';

// Issue 34 item 5 in Chromium: the production build served by an API built here (so that its loan
// events can be written as the disbursement writes them), a real receiver failing its first answer;
// the branch manager opens Webhook deliveries from the profile at 360 px and 1280 px, in English
// and Hindi, and redelivers an event, which the receiver gets again with the same id.

const SHOTS = 'test-results/webhooks';
const ARJUN = '9000000003';

let app: FastifyInstance;
let database: Database;
let browser: Browser;
let receiver: http.Server;
const received: string[] = [];
let dataDir: string;
let baseURL: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume().on('end', () => {
      received.push(String(req.headers['sahyog-event-id']));
      res.writeHead(received.length === 1 ? 500 : 204).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  dataDir = mkdtempSync(join(tmpdir(), 'sahyog-e2e-webhooks-'));
  const config = { ...DEFAULT_CONFIG, dataDir, nodeEnv: 'test', staticDir: './dist', logLevel: 'warn' };
  database = await openDatabase(config);
  await seedDatabase(database.db);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  app = await buildApp({
    db: database.db,
    config,
    logger: false,
    webhookEndpoints: { sahyog: { url, secret: 'e2e-secret-of-the-lender-0123456789' } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Webhook deliveries in Chromium', () => {
  it('the branch manager sees each event and its attempts, at 360 px and 1280 px, in English and Hindi, and redelivers one', async () => {
    const [officer] = await database.db.select({ id: users.id }).from(users).where(eq(users.tenant_id, 'sahyog')).limit(1);
    const applicationId = await createDraftApplication(database.db, 'sahyog', officer!.id, Date.now());
    const record = (type: 'loan.disbursed' | 'loan.cancelled') =>
      database.db.transaction((tx) =>
        recordLoanEvent(tx, 'sahyog', { type, applicationId, at: Date.now(), payload: { application_id: applicationId } }),
      );
    const first = await record('loan.disbursed');
    await app.webhooks.deliverDue(); // 500: waits for its next attempt
    const second = await record('loan.cancelled');
    await app.webhooks.deliverDue(); // 204
    expect(received).toEqual([first, second]);

    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await new LoginPage(page, baseURL).signIn(ARJUN, (m) => latestOtp(baseURL, m));
    await page.goto(`${baseURL}/#/profile`);
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook deliveries' }).waitFor();
    const failing = page.getByRole('listitem', { name: `Loan disbursed · event ${first.slice(0, 8)}` });
    await failing.getByText(/^Waiting to be delivered: next attempt/).waitFor();
    await failing.getByText(/refused by the receiver \(HTTP 500\)/).waitFor();
    const delivered = page.getByRole('listitem', { name: `Loan cancelled (cooling-off exit) · event ${second.slice(0, 8)}` });
    await delivered.getByText(/accepted \(HTTP 204\)/).waitFor();

    mkdirSync(SHOTS, { recursive: true });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await overflow(), `sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/webhook-deliveries-en-${viewport.width}.png`, fullPage: true });
    }

    // Redeliver the delivered one: the receiver gets it again, with the same id.
    await page.setViewportSize(PHONE);
    await delivered.getByRole('button', { name: `Redeliver event ${second.slice(0, 8)}` }).click();
    await page.getByRole('status').filter({ hasText: 'The event will be delivered again shortly.' }).waitFor();
    await expect.poll(() => received.filter((id) => id === second).length, { timeout: 10_000 }).toBe(2);

    // In Hindi, from the profile's language switch.
    await page.goto(`${baseURL}/#/profile`);
    await switchLanguage(page, 'hi', 'en');
    await page.getByRole('link', { name: 'वेबहुक डिलीवरी' }).click();
    await page.getByRole('heading', { level: 1, name: 'वेबहुक डिलीवरी' }).waitFor();
    await page.getByRole('button', { name: `इवेंट ${first.slice(0, 8)} फिर से भेजें` }).waitFor();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await overflow(), `sideways scroll at ${viewport.width} px (hi)`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/webhook-deliveries-hi-${viewport.width}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
