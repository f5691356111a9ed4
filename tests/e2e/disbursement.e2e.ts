import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { E2E_PIN } from './pages/login.page';
import { launchPersistent } from './support/browser';
import { signInStaff } from './support/staff';

/*
 * Issue 34 in Chromium on the real server: a loan from DISBURSAL_READY to DISBURSED by its maker
 * (the credit manager: Disburse) and its checker (the branch manager: Approve disbursement),
 * reached from the case view, in both languages (the first loan with the maker in English and
 * the checker in Hindi, the second the other way round). Its own server on a fresh PostgreSQL
 * database, so the steps of issue 33 (agreement, mandate) can be stood in for in the database,
 * as the server tests do; everything before them goes through the real API. Photographed at 360
 * and 1280 px.
 */

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `sahyog_e2e_disbursement_${process.pid}`;
const OFFICER = '9000000001';
const CREDIT_MANAGER = '9000000002';
const BRANCH_MANAGER = '9000000003';
const LONG = 300_000;

let server: ServerProcess;
let db: pg.Client;
const problems: string[] = [];
const closers: (() => Promise<void>)[] = [];

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.baseURL}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { token: init.token } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { success: boolean; data: any; message?: string };
  expect(res.status, `${path}: ${body.message}`).toBe(200);
  return body.data;
}
const otpOf = async (mobile: string) => (await api(`/api/dev/sms?mobile=${mobile}`))[0].otp as string;
async function apiLogin(mobile: string): Promise<string> {
  const { session_id } = await api('/api/v1/auth/send-otp', { body: { mobile } });
  return (await api('/api/v1/auth/verify-otp', { body: { session_id, otp: await otpOf(mobile) } })).token;
}
const setRow = (id: string, sql: string, values: unknown[] = []) =>
  db.query(`update applications set ${sql} where id = $1`, [id, ...values]);

/** LAKSHMI DEVI's loan brought to DISBURSAL_READY: offer computed, statement acknowledged in `language`, accepted; then the steps between in the database. */
async function loanReadyToPay(borrower: string, language: 'en' | 'hi'): Promise<string> {
  const officer = await apiLogin(OFFICER);
  const sent = await api('/api/v1/validation/mobile/otp/send', { token: officer, body: { mobile: borrower } });
  const verified = await api('/api/v1/validation/mobile/otp/verify', {
    token: officer,
    body: { session_id: sent.session_id, otp: await otpOf(borrower), purpose: 'APPLY_LOAN_MFI' },
  });
  const id = verified.application_id as string;
  const data = {
    name: 'LAKSHMI DEVI',
    pan: 'BDVPD4821K',
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    tenure_requested: 12,
    app_mfi_cpv_info: {
      business_place: {
        verification_type: 'BUSINESS_PLACE_VERIFICATION',
        shop_selfie_photo_file: 'a'.repeat(32),
        monthly_sales: 150000,
        gross_margin_percentage: 20,
        rent: 3000,
      },
      residence: {
        verification_type: 'RESIDENCE_VERIFICATION',
        house_selfie_photo_file: 'b'.repeat(32),
        house_rent: 2000,
        food_expenses: 4000,
      },
    },
  };
  await setRow(id, `status = 'PD1_COMPLETE', stage = $2::jsonb, data = data || $3::jsonb`, [
    JSON.stringify(['BORROWER_BASIC_INFO', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE', 'REFERENCES']),
    JSON.stringify(data),
  ]);
  const bcm = await apiLogin(CREDIT_MANAGER);
  const offer = await api('/api/v1/bureau/bre', { token: bcm, body: { application_id: id, skip_cache: true } });
  await setRow(id, `status = 'PD2_COMPLETE'`);
  const kfs = await api('/api/v1/bureau/bre/kfs/send', {
    token: bcm,
    body: { application_id: id, kfs_number: offer.kfs_number, language },
  });
  await api('/api/v1/bureau/bre/kfs/acknowledge', {
    token: bcm,
    body: { application_id: id, session_id: kfs.session_id, otp: await otpOf(borrower), latitude: 19.07, longitude: 72.87, accuracy_m: 10 },
  });
  await api('/api/v1/bureau/bre', {
    method: 'PATCH',
    token: bcm,
    body: {
      application_id: id,
      updated_info: {
        final_suggested_loan_amount: offer.final_suggested_loan_amount,
        risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
        disbursement_date: offer.disbursement_date,
      },
      is_accepted: true,
    },
  });
  // What the bank step, the approval and issue 33's agreement and mandate leave.
  const account = { account_number: '30012345678', ifsc_code: 'SBIN0001234' };
  const bank = {
    app_mfi_bank_account: {
      account_holder_name: 'LAKSHMI DEVI',
      ...account,
      account_type: 'SAVINGS',
      bank_name: 'State Bank of India',
      is_verified: true,
    },
    verifications: {
      bank_account: {
        'SBIN0001234:30012345678': {
          status: 'VERIFIED',
          account_number: account.account_number,
          ifsc: 'SBIN0001234',
          name: 'LAKSHMI DEVI',
          bank_name: 'State Bank of India',
        },
      },
    },
  };
  await setRow(id, `status = 'DISBURSAL_READY', agreement_signed_at = now(), mandate_registered_at = now(), data = data || $2::jsonb`, [
    JSON.stringify(bank),
  ]);
  return id;
}

async function signIn(mobile: string, language: 'en' | 'hi'): Promise<Page> {
  const browser = await launchPersistent();
  closers.push(browser.close);
  const page = await signInStaff(browser.context as BrowserContext, server.baseURL, mobile, problems);
  if (language === 'hi') {
    // As the case view's e2e does: the choice is kept on the phone, and a reload starts locked.
    await page.evaluate(() => localStorage.setItem('lang', 'hi'));
    await page.reload();
    await page.getByLabel('6 अंकों का PIN').fill(E2E_PIN);
    await page.getByRole('button', { name: 'अनलॉक करें' }).click();
    await page.getByRole('button', { name: 'अनलॉक करें' }).waitFor({ state: 'detached' });
  }
  return page;
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `test-results/disbursement-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/disbursement-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

const WORDS = {
  en: {
    disburse: 'Disburse',
    approveLink: 'Approve disbursement',
    request: 'Request payout',
    approve: 'Approve and send',
    requested: 'Requested, waiting for the branch manager’s approval',
    paid: 'Paid',
    disbursed: 'Disbursed',
    title: 'Disbursement',
  },
  hi: {
    disburse: 'वितरण करें',
    approveLink: 'वितरण स्वीकृत करें',
    request: 'भुगतान का अनुरोध करें',
    approve: 'स्वीकृत करें और भेजें',
    requested: 'अनुरोध हो गया, शाखा प्रबंधक की स्वीकृति की प्रतीक्षा',
    paid: 'भुगतान हो गया',
    disbursed: 'वितरित',
    title: 'वितरण',
  },
} as const;

/** From the case view to the payout screen by the role's link. */
async function openPayout(page: Page, id: string, link: string, title: string) {
  await page.goto(`${server.baseURL}/#/application/case?id=${id}`);
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL(new RegExp(`#/application/disbursement\\?id=${id}$`));
  await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:5432/${DB_NAME}`;
  server = await startServerProcess({ env: { DATABASE_URL: url, OTP_MAX_SENDS_PER_MOBILE_HOUR: '100' }, quiet: true });
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, LONG);

afterAll(async () => {
  for (const close of closers) await close();
  await db?.end();
  await server?.stop();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
});

describe('from DISBURSAL_READY to DISBURSED in Chromium', () => {
  for (const [maker, checker, borrower] of [
    ['en', 'hi', '9876500341'],
    ['hi', 'en', '9876500342'],
  ] as const) {
    it(
      `the maker in ${maker === 'en' ? 'English' : 'Hindi'}, the checker in ${checker === 'en' ? 'English' : 'Hindi'}`,
      async () => {
        const id = await loanReadyToPay(borrower, checker);
        const m = WORDS[maker];
        const makerPage = await signIn(CREDIT_MANAGER, maker);
        await openPayout(makerPage, id, m.disburse, m.title);
        await makerPage.getByText('₹96,640.00').waitFor();
        await shots(makerPage, `maker-${maker}`);
        await makerPage.getByRole('button', { name: m.request }).click();
        await makerPage.getByTestId('payout-state').getByText(m.requested, { exact: true }).waitFor();
        await shots(makerPage, `requested-${maker}`);

        const c = WORDS[checker];
        const checkerPage = await signIn(BRANCH_MANAGER, checker);
        await openPayout(checkerPage, id, c.approveLink, c.title);
        await checkerPage.getByTestId('payout-state').getByText(WORDS[checker].requested, { exact: true }).waitFor();
        await shots(checkerPage, `checker-${checker}`);
        await checkerPage.getByRole('button', { name: c.approve }).click();
        await checkerPage.getByTestId('payout-state').getByText(c.paid, { exact: true }).waitFor();
        await checkerPage.getByTestId('application-status').getByText(c.disbursed, { exact: true }).waitFor();
        const utr = await checkerPage.getByTestId('payout-utr').textContent();
        expect(utr).toMatch(/^[0-9]{12}$/);
        await checkerPage.getByTestId('cooling-off-working').waitFor();
        await shots(checkerPage, `paid-${checker}`);

        // The server holds it once: DISBURSED, one paid payout with that UTR, one sandbox payout.
        const { rows } = await db.query('select status from applications where id = $1', [id]);
        expect(rows[0].status).toBe('DISBURSED');
        const paid = await db.query(`select utr from disbursements where application_id = $1 and state = 'PAID'`, [id]);
        expect(paid.rows).toEqual([{ utr }]);
        const made = await db.query(`select count(*)::int as n from sandbox_payouts where reference like $1 and status = 'PAID'`, [
          `${id}-%`,
        ]);
        expect(made.rows[0].n).toBe(1);
        // The borrower's text in the language of the statement they acknowledged.
        const sms = await api(`/api/dev/sms?mobile=${borrower}`);
        expect(sms[0].text).toContain(checker === 'hi' ? `(UTR ${utr})।` : `(UTR ${utr}).`);
        expect(problems).toEqual([]);
      },
      LONG,
    );
  }
});
