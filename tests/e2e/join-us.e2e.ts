import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistent } from './support/browser';
import { latestOtp } from './support/sms';
import { LoginPage } from './pages/login.page';
import { JoinUsPage } from './pages/join-us.page';

const baseURL = inject('baseURL');
const readOtp = (mobile: string) => latestOtp(baseURL, mobile);
const PARTNER = '9876501234';

// A real 1x1 PNG (the phone compresses it), and a small PDF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('join us: registration, tracking, review, and the new agent signing in', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;

  beforeAll(async () => {
    ({ context, close } = await launchPersistent({ width: 360, height: 740 }));
    page = await context.newPage();
  });
  afterAll(async () => close());

  it('a partner registers from the login screen with the mobile already entered', async () => {
    const login = new LoginPage(page, baseURL);
    await login.open();
    await page.getByLabel('Mobile number').fill(PARTNER);
    await page.getByRole('link', { name: 'Join us' }).click();
    await page.getByRole('heading', { name: 'Partner Registration' }).waitFor();
    await expect(page.getByLabel('Mobile', { exact: true }).inputValue()).resolves.toBe(PARTNER);
    await expect(page.getByLabel('Mobile', { exact: true }).getAttribute('readonly')).resolves.not.toBeNull();

    const form = new JoinUsPage(page);
    await form.fill({
      'First name': 'Asha',
      'Last name': 'Pawar',
      Email: 'asha.pawar@example.in',
      Pincode: '411001',
      Address: '14 Laxmi Road, Pune',
      'Bank name': 'State Bank of India',
      'Account number': '123456789012',
      IFSC: 'SBIN0001234',
    });
    // City and state come from the pincode directory and are read-only.
    await page.waitForFunction(() => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === 'Pune');
    await expect(page.getByLabel('State', { exact: true }).inputValue()).resolves.toBe('Maharashtra');

    // The first validation message only, before any upload.
    await form.submit();
    await page.getByRole('alert').filter({ hasText: 'Missing PAN' }).waitFor();

    await form.upload('PAN', 'pan', { name: 'pan.png', mimeType: 'image/png', buffer: PNG });
    await form.upload('Aadhaar front', 'aadhaar_front', { name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await form.upload('Aadhaar back', 'aadhaar_back', { name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await form.upload('Cancelled cheque', 'cancelled_cheque', { name: 'cheque.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.screenshot({ path: 'test-results/join-us-360.png', fullPage: true });
    await form.submit();
    await page.getByText('We have received your details, we will verify the details and get back to you!').waitFor();
    await page.getByText(`Mobile: ${PARTNER}`).waitFor();
    await page.getByText('(Please use your mobile number to track your application status)').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(/#\/login$/);
  });

  it('the partner tracks the request by mobile', async () => {
    await page.getByRole('link', { name: 'Track a partner request' }).click();
    const message = await new JoinUsPage(page).track(PARTNER);
    expect(message).toContain('We have received your details');
    await expect(page.getByLabel('Mobile').isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
  });

  it('a branch manager verifies and approves it', async () => {
    await new LoginPage(page, baseURL).signIn('9000000003', readOtp);
    await page.getByRole('link', { name: 'Partner requests' }).click();
    await page.getByRole('heading', { name: 'Partner requests' }).waitFor();
    await page.getByRole('link', { name: /Asha Pawar/ }).click();
    await page.getByText('Status: Received').waitFor();
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.getByText('Status: Under verification').waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alertdialog', { name: 'Approve this partner?' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Status: Approved').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/partner-request-1280.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log out?' });
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL(/#\/login$/);
  });

  it('the tracker shows the approval and the new agent signs in by OTP', async () => {
    await page.getByRole('link', { name: 'Track a partner request' }).click();
    expect(await new JoinUsPage(page).track(PARTNER)).toContain('approved');
    await new LoginPage(page, baseURL).signIn(PARTNER, readOtp);
    await page.waitForURL(/#\/$/);
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByLabel('Role', { exact: true }).inputValue()).resolves.toBe('Agent');
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Asha Pawar');
  });
});
