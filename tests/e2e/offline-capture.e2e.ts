import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchPersistent, waitForOfflineReady } from './support/browser';
import { latestOtp } from './support/sms';
import { LoginPage } from './pages/login.page';
import { KycDocumentsPage } from './pages/kyc-documents.page';

const baseURL = inject('baseURL');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7), Buffer.from([0xff, 0xd9])]);

type ServerFile = { file_id: string; file_type: string; mime: string; size: number };

/** Where an element is on the page; it must be shown. */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function serverFiles(token: string, applicationId: string): Promise<ServerFile[]> {
  const res = await fetch(`${baseURL}/api/v1/app/mfi/${applicationId}/files`, { headers: { token } });
  return ((await res.json()) as { data: ServerFile[] }).data;
}

describe('offline capture: photos and documents reach the server exactly once', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;
  let kyc: KycDocumentsPage;
  let login: LoginPage;
  let token: string;
  let applicationId: string;

  beforeAll(async () => {
    ({ context, close } = await launchPersistent({ width: 360, height: 740 }));
    await context.grantPermissions(['camera', 'geolocation'], { origin: baseURL });
    await context.setGeolocation({ latitude: 25.3176, longitude: 82.9739 });
    page = await context.newPage();
    login = new LoginPage(page, baseURL);
    token = await login.signIn('9000000001', (m) => latestOtp(baseURL, m));
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    const created = await fetch(`${baseURL}/api/dev/applications`, { method: 'POST', headers: { token } });
    applicationId = ((await created.json()) as { data: { application_id: string } }).data.application_id;
    kyc = new KycDocumentsPage(page, baseURL);
    await kyc.open(applicationId);
    await waitForOfflineReady(page);
    // As on a phone the day after: the screen opened again, now from the service worker, locked.
    await page.reload();
    await login.unlock();
    await kyc.waitReady();
    await waitForOfflineReady(page);
  });
  afterAll(async () => close());

  it('captures a photo and attaches a PDF offline; both survive an offline reload', async () => {
    await context.setOffline(true);
    await kyc.capturePhoto('Borrower photo', 'photo_file');
    await kyc.attach('PAN', 'pan_file', { name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await kyc.waitPending(2);
    await page.screenshot({ path: 'test-results/kyc-offline-360.png', fullPage: true });

    await page.reload();
    await login.unlock();
    await kyc.waitReady();
    await kyc.waitStatus('photo_file', 'SUCCESS');
    await kyc.waitStatus('pan_file', 'SUCCESS');
    expect(await kyc.pendingCount()).toBe(2);
    await expect(page.getByText('Saved on this phone, waiting to upload').count()).resolves.toBe(2);
    expect(await serverFiles(token, applicationId)).toEqual([]);
  });

  it('going online sends each file once and the badge returns to zero', async () => {
    await context.setOffline(false);
    await kyc.waitPending(0);
    const files = await serverFiles(token, applicationId);
    expect(files.map((f) => f.file_type).sort()).toEqual(['BORROWER_PHOTO', 'PAN']);
    expect(files.find((f) => f.file_type === 'PAN')!.mime).toBe('application/pdf');
    expect(files.find((f) => f.file_type === 'BORROWER_PHOTO')!.mime).toBe('image/jpeg');
    await page.getByText('Uploaded').first().waitFor();
  });

  it('a 500 and then a response dropped after the server committed still give exactly one file', async () => {
    let calls = 0;
    await page.route('**/api/v1/apply-loan/upload-file', async (route) => {
      calls++;
      if (calls === 1)
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"success":false,"message":"Something went wrong!","status_code":500}',
        });
      if (calls === 2) {
        await route.fetch(); // reaches the server, which stores the file...
        return route.abort('connectionreset'); // ...but the phone never hears back
      }
      return route.continue();
    });
    await kyc.attach('Aadhaar front', 'aadhaar_front_file', { name: 'aadhaar-front.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await kyc.waitPending(0, 45000);
    expect(calls).toBeGreaterThanOrEqual(3);
    const fronts = (await serverFiles(token, applicationId)).filter((f) => f.file_type === 'AADHAAR_FRONT');
    expect(fronts).toHaveLength(1);
    await page.unroute('**/api/v1/apply-loan/upload-file');
  });

  it('looks right at desktop width too: no sideways scroll, the card centred, the form in two columns, the uploads still shown as sent', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    // The header and the main content are shown, in the card that a wide screen centres (720 px at 1200 px and up).
    expect((await box(page.getByRole('banner'))).width).toBeGreaterThan(0);
    const main = await box(page.getByRole('main'));
    expect(main.width).toBeGreaterThan(600);
    expect(main.width).toBeLessThanOrEqual(720);
    expect(Math.abs(main.x + main.width / 2 - width.client / 2)).toBeLessThanOrEqual(2);
    // The borrower's details in two columns: the first two fields side by side on one row.
    const fields = page.locator('.kyc-form .form-section > .field');
    const [first, second] = [await box(fields.nth(0)), await box(fields.nth(1))];
    expect(Math.abs(second.y + second.height - (first.y + first.height))).toBeLessThanOrEqual(1);
    expect(second.x).toBeGreaterThanOrEqual(first.x + first.width);
    // The document boxes inside the card, two to a row.
    const uploads = await Promise.all((await page.locator('.kyc-documents__grid .upload-box').all()).map(box));
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    for (const upload of uploads) {
      expect(upload.x).toBeGreaterThanOrEqual(main.x);
      expect(upload.x + upload.width).toBeLessThanOrEqual(main.x + main.width);
    }
    expect(new Set(uploads.map((upload) => Math.round(upload.x))).size).toBe(2);
    await kyc.waitStatus('photo_file', 'SUCCESS');
    await kyc.waitStatus('aadhaar_front_file', 'SUCCESS');
    expect(await kyc.pendingCount()).toBe(0);
    await page.screenshot({ path: 'test-results/kyc-1280.png', fullPage: true });
  });
});
