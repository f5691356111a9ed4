// Issue 32, "No edit is ever silently lost", in Chromium on the real server: one relationship
// officer on two phones (two browser profiles), one application with the borrower step done
// (through the HTTP API, as the phone's own calls would). Both phones read the borrower record
// online, then edit offline: different fields merge (both kept on the server); the same field
// is a conflict that the second phone's "Needs your decision" panel shows with both values and
// who changed it; the officer keeps their own, and a branch manager reads in the history who
// chose what. The panel is shot at 360 and 1280 px in English and Hindi.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ageFromDob, calendarDateOf } from '../../src/domain';
import { launchPersistent, waitForOfflineReady } from './support/browser';
import { officerToken, serverApplication, type ServerApplication } from './support/application-server';
import { signInStaff } from './support/staff';
import { latestOtp } from './support/sms';
import { BorrowerPage } from './pages/borrower.page';
import { DecisionsPanel } from './pages/decisions.page';
import { KycDocumentsPage } from './pages/kyc-documents.page';
import { ReviewSection } from './pages/review.page';
import { Words } from './pages/texts';

const baseURL = inject('baseURL');
const OFFICER = '9000000001';
const OFFICER_NAME = 'Ravi Kumar';
const BRANCH_MANAGER = '9000000003';
const BORROWER_MOBILE = '9876500321';
const LAKSHMI = { name: 'LAKSHMI DEVI', pan: 'BDVPD4821K', voter: 'XKD1234566', aadhaar: '234567890124', dob: '12-04-1985' };
const ADDRESS = '14 Gandhi Nagar, Ward 3';
const LONG = 180_000;

type Json = { success: boolean; message?: string; data: Record<string, unknown> };

async function call(method: string, path: string, token: string, body: unknown): Promise<Json> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { token, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Json;
  expect(res.status, `${method} ${path}: ${answer.message}`).toBe(200);
  return answer;
}

/**
 * The borrower's mobile verified (which creates the application), PAN, voter ID and Aadhaar (by
 * OTP) checked, the borrower step saved: as the officer. A phone keeps only the Aadhaar's last 4
 * digits; a verified one is not sent again, and the server keeps it (the step's second save).
 */
async function applicationWithBorrowerStep(token: string): Promise<string> {
  const sent = await call('POST', '/api/v1/validation/mobile/otp/send', token, { mobile: BORROWER_MOBILE, hostname: 'localhost' });
  const session = sent.data.session_id as string;
  const otp = await latestOtp(baseURL, BORROWER_MOBILE);
  const verified = await call('POST', '/api/v1/validation/mobile/otp/verify', token, {
    session_id: session,
    otp,
    purpose: 'APPLY_LOAN_MFI',
  });
  const id = verified.data.application_id as string;
  await call('POST', '/verification/v1/verify_pan_lite', token, { pan: LAKSHMI.pan, application_id: id });
  await call('POST', '/verification/v1/perfios/kyc/verify-voter-id', token, {
    voter_id: LAKSHMI.voter,
    reference: `SAH-${LAKSHMI.voter.slice(0, 4)}-1700000000`,
    application_id: id,
  });
  const aadhaarSent = await call('POST', '/verification/v1/request_aadhaar_otp', token, { aadhaar: LAKSHMI.aadhaar, application_id: id });
  await call('POST', '/verification/v1/submit_aadhaar_otp', token, {
    ref_id: aadhaarSent.data.ref_id,
    origin: 'GL',
    application_id: id,
    otp: await latestOtp(baseURL, BORROWER_MOBILE),
  });
  await call('PUT', `/api/v1/app/mfi/${id}`, token, {
    phone: BORROWER_MOBILE,
    is_phone_verified: true,
    aadhaar: LAKSHMI.aadhaar,
    title: 'Mrs.',
    name: LAKSHMI.name,
    gender: 'FEMALE',
    marital_status: 'Married',
    dob: LAKSHMI.dob,
    age: ageFromDob(LAKSHMI.dob, calendarDateOf(new Date())),
    pan: LAKSHMI.pan,
    voter_id: LAKSHMI.voter,
    pincode: '422001',
    city: 'Nashik',
    district: 'Nashik',
    state: 'Maharashtra',
    address: ADDRESS,
    address_ownership_type: 'SELF_OWNED',
    years_of_residence: 5,
    house_type: 'Pakka',
    loan_type: 'MFI_BUSINESS_LOAN',
    amount_requested: 100000,
    tenure_requested: 12,
    emi_requested: 9500,
    purpose: 'expansion of existing business',
    terms_accepted: true,
  });
  return id;
}

type Borrower = { address: string; years_of_residence: number };
const borrowerOf = (app: ServerApplication) => app as unknown as ServerApplication & Borrower;
type History = { action: string; actor_name: string | null; detail?: Record<string, unknown> }[];
const recordHistory = (app: ServerApplication) => ((app.history ?? []) as History).filter((h) => h.action.startsWith('RECORD_'));

/** One phone of the officer: its profile, page, and the screens used here. */
class Phone {
  readonly borrower: BorrowerPage;
  readonly badge: KycDocumentsPage;
  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    this.borrower = new BorrowerPage(page);
    this.badge = new KycDocumentsPage(page, baseURL);
  }

  /** The borrower screen of the application, opened as the officer would (its form filled). */
  async openBorrower(id: string): Promise<void> {
    await this.page.goto(`${baseURL}/#/application/mobile?id=${id}`);
    await this.borrower.waitReady();
    await this.borrower.field('Address').waitFor();
  }

  /** One field changed on the borrower screen and Next: queued (the screen moves on to KYC). */
  async changeAndSubmit(label: 'Address' | 'Years of residence', value: string): Promise<void> {
    await this.borrower.field(label).fill(value);
    await this.borrower.next();
    await this.page.waitForURL(/#\/application\/kyc\?id=/);
    await this.badge.waitPending(1);
  }

  async online(): Promise<void> {
    await this.context.setOffline(false);
    await this.badge.waitPending(0);
  }
}

const problems: string[] = [];

describe('two phones of one officer: different fields merge, the same field asks the officer to decide', () => {
  const closers: (() => Promise<void>)[] = [];
  let a: Phone;
  let b: Phone;
  let token: string;
  let id: string;

  async function phone(): Promise<Phone> {
    const { context, close } = await launchPersistent({ width: 360, height: 740 });
    closers.push(close);
    return new Phone(context, await signInStaff(context, baseURL, OFFICER, problems));
  }

  beforeAll(async () => {
    a = await phone();
    b = await phone();
    token = await officerToken(a.page);
    id = await applicationWithBorrowerStep(token);
  }, LONG);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it(
    'offline, phone A changes the address and phone B the years of residence: after both drain the server holds both',
    async () => {
      // Both read the record online (its version comes with the application), ready for offline.
      for (const p of [a, b]) {
        await p.openBorrower(id);
        expect(await p.borrower.field('Address').inputValue()).toBe(ADDRESS);
        await waitForOfflineReady(p.page);
        await p.context.setOffline(true);
      }
      await a.changeAndSubmit('Address', '22 Shivaji Road, Ward 5');
      await b.changeAndSubmit('Years of residence', '7');
      expect(borrowerOf(await serverApplication(baseURL, token, id))).toMatchObject({ address: ADDRESS, years_of_residence: 5 });

      await a.online();
      await b.online();
      const app = borrowerOf(await serverApplication(baseURL, token, id));
      expect(app).toMatchObject({ address: '22 Shivaji Road, Ward 5', years_of_residence: 7 });
      // B's write was merged into A's (the server names the merged field), not written over it.
      expect(recordHistory(app)[0]).toMatchObject({ action: 'RECORD_MERGED', detail: { merged_fields: ['years_of_residence'] } });
      // Nothing to decide on either phone.
      for (const p of [a, b]) await expect(new DecisionsPanel(p.page).panel().count()).resolves.toBe(0);
    },
    LONG,
  );

  it(
    'offline, both change the address: A drains first, B is asked to decide, keeps its own, and the server holds it',
    async () => {
      for (const p of [a, b]) {
        await p.openBorrower(id);
        await p.context.setOffline(true);
      }
      await a.changeAndSubmit('Address', '7 Temple Street, Ward 2');
      await b.changeAndSubmit('Address', '9 Station Road, Ward 1');
      await a.online();
      expect(borrowerOf(await serverApplication(baseURL, token, id)).address).toBe('7 Temple Street, Ward 2');
      await b.online();

      // B's write was saved except the address: the server's value stays until the officer decides.
      const conflicted = borrowerOf(await serverApplication(baseURL, token, id));
      expect(conflicted).toMatchObject({ address: '7 Temple Street, Ward 2', years_of_residence: 7 });
      expect(recordHistory(conflicted)[0]).toMatchObject({ action: 'RECORD_CONFLICT', actor_name: OFFICER_NAME });

      // Phone B, on the KYC screen it moved on to: the panel, the field, both values, who.
      const decisions = new DecisionsPanel(b.page);
      await decisions.panel().waitFor();
      await decisions.field('Address').waitFor();
      await decisions.yours('Address', '9 Station Road, Ward 1').waitFor();
      await decisions.theirs('Address', OFFICER_NAME, '7 Temple Street, Ward 2').waitFor();
      await expect(decisions.panel().getByRole('group').count()).resolves.toBe(1);
      // And on the borrower screen itself, where the address is edited.
      await b.openBorrower(id);
      await decisions.yours('Address', '9 Station Road, Ward 1').waitFor();
      await shots(b.page, decisions);

      // Saving without a choice is refused; then "Yours" is saved and queued.
      await decisions.save();
      await decisions.panel().getByRole('alert').getByText('Choose a value for each field.').waitFor();
      await decisions.yours('Address', '9 Station Road, Ward 1').check();
      await decisions.save();
      await decisions.panel().waitFor({ state: 'detached' });
      await b.badge.waitPending(0);
      const resolved = borrowerOf(await serverApplication(baseURL, token, id));
      expect(resolved).toMatchObject({ address: '9 Station Road, Ward 1', years_of_residence: 7 });
      expect(recordHistory(resolved)[0]).toMatchObject({
        action: 'RECORD_RESOLVED',
        actor_name: OFFICER_NAME,
        detail: { record: 'borrower', resolved: [{ field: 'address', kept: 'yours' }] },
      });
    },
    LONG,
  );

  it(
    'the branch manager reads in the history that the conflict was resolved with this phone’s value, chosen by the officer',
    async () => {
      const desk = await launchPersistent({ width: 1280, height: 800 });
      closers.push(desk.close);
      const manager = await signInStaff(desk.context, baseURL, BRANCH_MANAGER, problems);
      await manager.goto(`${baseURL}/#/application/case?id=${id}`);
      const review = new ReviewSection(manager);
      await review
        .section()
        .getByText(/^History \(\d+\)$/)
        .click();
      const resolved = review.section().locator('li.history-item').filter({ hasText: 'Conflict resolved' });
      await resolved.getByText(`Borrower, Address: this phone’s value kept over the server’s, chosen by ${OFFICER_NAME}`).waitFor();
      await review
        .section()
        .locator('li.history-item')
        .filter({ hasText: 'Same field changed on two phones' })
        .getByText('Borrower: Address: the value on the server kept until decided')
        .waitFor();
      await review.section().getByText('Changes from two phones merged').first().waitFor();
      await manager.screenshot({ path: 'test-results/record-conflict-history-1280.png', fullPage: true });
      expect(problems).toEqual([]);
    },
    LONG,
  );
});

/** Phone B's decision panel at 360 and 1280 px, in English and in Hindi (Profile's language switch). */
async function shots(page: Page, english: DecisionsPanel): Promise<void> {
  const hindi = new DecisionsPanel(page, new Words('hi'));
  const back = page.url();
  for (const [lang, panel, button] of [
    ['en', english, 'English'],
    ['hi', hindi, 'हिन्दी'],
  ] as const) {
    if (lang === 'hi') {
      await page.goto(`${baseURL}/#/profile`);
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.goto(back);
    }
    await panel.field(panel.words.t('borrower.address')).waitFor();
    // The write is named in the person's language too.
    await panel
      .panel()
      .getByText(panel.words.t('decisions.intro', { label: panel.words.t('entry.borrower') }), { exact: true })
      .waitFor();
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await panel.panel().screenshot({ path: `test-results/record-conflict-${lang}-${width}.png` });
      await page.screenshot({ path: `test-results/record-conflict-${lang}-${width}-page.png`, fullPage: true });
    }
  }
  await page.goto(`${baseURL}/#/profile`);
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(back);
  await english.panel().waitFor();
}
