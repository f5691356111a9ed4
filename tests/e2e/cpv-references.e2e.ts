import { LoginPage } from './pages/login.page';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistent, waitForOfflineReady } from './support/browser';
import { moveTo, NEAR_560001, signInStaff } from './support/staff';
import { officerToken, serverApplication, serverFiles, waitForApplication } from './support/application-server';
import { KycDocumentsPage } from './pages/kyc-documents.page';
import { CpvPage } from './pages/cpv.page';
import { ReferencesPage } from './pages/references.page';
import { jpeg, lakshmiThroughBank } from './lakshmi-capture.steps';

/*
 * Issue 12, field verification and references in Chromium on the real server: LAKSHMI DEVI
 * captured by the officer through the bank account, PD1 completed by the branch manager; the
 * credit manager, offline, takes the CPV photos (one 11 km from her pincode 560001, one next to
 * it), the figures and a reference; back online, everything reaches the server once, the photo
 * far away is flagged and the stages are recorded.
 */

const baseURL = inject('baseURL');
const OFFICER = '9000000001';
const CREDIT_MANAGER = '9000000002';
const BRANCH_MANAGER = '9000000003';
const LAKSHMI_MOBILE = '9876500041';
const LONG = 300_000;
const NEAR = NEAR_560001;
const FAR = { latitude: 13.0766, longitude: 77.5993 };

const problems: string[] = [];
const signIn = (context: BrowserContext, mobile: string) => signInStaff(context, baseURL, mobile, problems);

describe('field verification offline with geo-tagged photos, and references', () => {
  const closers: (() => Promise<void>)[] = [];
  let officer: Page;
  let creditManager: Page;
  let bcmToken: string;
  let id: string;

  beforeAll(async () => {
    const a = await launchPersistent();
    closers.push(a.close);
    officer = await signIn(a.context, OFFICER);
    const b = await launchPersistent();
    closers.push(b.close);
    creditManager = await signIn(b.context, CREDIT_MANAGER);
    bcmToken = await officerToken(creditManager);
  }, LONG);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it(
    'the officer captures LAKSHMI through the bank account; the branch manager completes PD1',
    async () => {
      id = await lakshmiThroughBank(officer, baseURL, LAKSHMI_MOBILE);

      const m = await launchPersistent();
      closers.push(m.close);
      await moveTo(baseURL, await signIn(m.context, BRANCH_MANAGER), id, 'PD1_COMPLETE');
      expect((await serverApplication(baseURL, bcmToken, id)).status).toBe('PD1_COMPLETE');
    },
    LONG,
  );

  it(
    'offline, the credit manager takes the photos and figures of both places and a reference; online, each reaches the server once',
    async () => {
      const page = creditManager;
      const context = page.context();
      const cpv = new CpvPage(page, baseURL);
      await cpv.open(id);
      await waitForOfflineReady(page);
      // Online once, so the screens of the references come from the service worker offline.
      await new ReferencesPage(page, baseURL).open(id);
      await cpv.open(id);

      await context.setOffline(true);
      await context.setGeolocation(NEAR);
      await cpv.photo('shop_photo_file', await jpeg(context, 'Shop front'));
      // A page keeps the position it read for a minute (maximumAge): a reload (offline, from the
      // service worker) reads the new one. The photos already taken stay on the phone.
      await context.setGeolocation(FAR);
      await page.reload();
      await new LoginPage(page, baseURL).unlock(); // a reload starts locked
      await cpv.waitReady();
      await cpv.waitPhoto('shop_photo_file');
      await cpv.photo('shop_selfie_photo_file', await jpeg(context, 'Shop selfie with BCM'));
      await context.setGeolocation(NEAR);
      await page.reload();
      await new LoginPage(page, baseURL).unlock(); // a reload starts locked
      await cpv.waitReady();
      await cpv.photo('qr_code_upload', await jpeg(context, 'QR code'));
      await cpv.figures(
        'business_place',
        { monthly_sales: '150000', gross_margin_percentage: '25', rent: '5000', salary: '8000' },
        'Shop open',
      );
      await cpv.submit('business_place');
      await cpv.waitSubmitted('business_place');

      await cpv.photo('house_selfie_photo_file', await jpeg(context, 'House selfie with BCM'));
      await cpv.figures('residence', { food_expenses: '6000', house_electricity_and_water: '1200' });
      await cpv.submit('residence');
      await page.waitForURL(/#\/application\/references\?id=/);

      const references = new ReferencesPage(page);
      await references.waitReady();
      await references.add({
        type: 'Business reference',
        name: 'Shree Ram',
        phone: '9876543210',
        address: '22 Commercial Street, Bengaluru',
        company: 'Shree Traders',
      });
      await references.submit();

      // Nothing left the phone yet.
      expect((await serverApplication(baseURL, bcmToken, id)).stage).not.toContain('CPV_BUSINESS_PLACE');

      await context.setOffline(false);
      await new KycDocumentsPage(page, baseURL).waitPending(0, 60000);
      const app = await waitForApplication(baseURL, bcmToken, id, (a) => a.stage.includes('REFERENCES'));
      expect(app.stage).toEqual(expect.arrayContaining(['CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']));
      const info = app.app_mfi_cpv_info as Record<string, Record<string, unknown>>;
      const checks = info.business_place!.geo_checks as { field: string; distance_km: number | null; flagged: boolean }[];
      expect(checks.find((c) => c.field === 'shop_photo_file')).toMatchObject({ flagged: false });
      expect(checks.find((c) => c.field === 'shop_selfie_photo_file')).toMatchObject({ flagged: true });
      expect(checks.find((c) => c.field === 'shop_selfie_photo_file')!.distance_km).toBeGreaterThan(10);
      expect(info.business_place).toMatchObject({ monthly_sales: 150000, gross_margin_percentage: 25, rent: 5000 });
      expect(info.residence).toMatchObject({ food_expenses: 6000 });
      expect(app.reference_list).toEqual([
        expect.objectContaining({ type: 'BUSINESS_REFERENCE', name: 'Shree Ram', company_name: 'Shree Traders' }),
      ]);

      // Each photo once.
      const files = (await serverFiles(baseURL, bcmToken, id)).filter((f) =>
        ['SHOP_PHOTO', 'SHOP_SELFIE_BCM', 'QR_CODE', 'HOUSE_SELFIE_BCM'].includes(f.file_type),
      );
      expect(files.map((f) => f.file_type).sort()).toEqual(['HOUSE_SELFIE_BCM', 'QR_CODE', 'SHOP_PHOTO', 'SHOP_SELFIE_BCM']);
      expect(new Set(files.map((f) => f.sha256)).size).toBe(4);

      // The reviewer sees the distances, the far photo flagged.
      await cpv.open(id);
      await cpv.geoCheck('shop_selfie_photo_file').and(page.locator('[data-flagged]')).waitFor();
      await cpv
        .geoCheck('shop_photo_file')
        .getByText(/km from pincode 560001/)
        .waitFor();
      await page.screenshot({ path: 'test-results/cpv-360.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: 'test-results/cpv-1280.png', fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await new ReferencesPage(page, baseURL).open(id);
      await page.screenshot({ path: 'test-results/references-360.png', fullPage: true });
      expect(problems).toEqual([]);
    },
    LONG,
  );
});
