// Issue 24, "A lost phone gives away nothing": borrower data captured offline is sealed in
// IndexedDB (read raw, no persona field found), the outbox (sealed for the server) sends it exactly
// once while the app is still locked,
// logout leaves nothing readable, five wrong PINs sign out and delete, and a device marked lost
// by a branch manager sends its queued items first, then wipes itself, at its next contact.
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEVICE_KEYS } from '../../src/app/session/local-keys';
import { deviceOf } from '../../src/server/modules/auth/session.service';
import { KycDocumentsPage } from './pages/kyc-documents.page';
import { E2E_PIN, LoginPage } from './pages/login.page';
import { launchPersistent, waitForOfflineReady } from './support/browser';
import { latestOtp } from './support/sms';

const baseURL = inject('baseURL');
const OFFICER = '9000000001';
const MANAGER = '9000000003';
const LAKSHMI = { name: 'LAKSHMI DEVI', pan: 'BDVPD4821K', aadhaar: '234567890124', dob: '12-04-1985' };
const NEEDLES = [LAKSHMI.name, 'LAKSHMI', LAKSHMI.pan, LAKSHMI.aadhaar, LAKSHMI.dob];

/** A PAN card scan as bytes: the card's text is in it, as on a photo of the card. */
const cardText = `INCOME TAX DEPARTMENT ${LAKSHMI.name} ${LAKSHMI.pan} ${LAKSHMI.dob} AADHAAR ${LAKSHMI.aadhaar}`;
const PDF = Buffer.from(`%PDF-1.4\n% ${cardText}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** Every stored value, key and blob of the app's IndexedDB, read raw (no Dexie), as text; and its row counts. */
async function rawDeviceData(page: Page): Promise<{ text: string; rows: Record<string, number> }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('sahyog');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const parts: string[] = [];
    const rows: Record<string, number> = {};
    const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    const walk = async (value: unknown): Promise<void> => {
      if (value === null || value === undefined) return;
      if (typeof value === 'string' || typeof value === 'number') parts.push(String(value));
      else if (value instanceof Blob) parts.push(latin1(new Uint8Array(await value.arrayBuffer())));
      else if (value instanceof ArrayBuffer) parts.push(latin1(new Uint8Array(value)));
      else if (ArrayBuffer.isView(value)) parts.push(latin1(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)));
      else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) (parts.push(k), await walk(v));
    };
    for (const name of Array.from(db.objectStoreNames)) {
      const store = db.transaction(name).objectStore(name);
      const read = (req: IDBRequest<unknown[]>) => new Promise<unknown[]>((resolve) => (req.onsuccess = () => resolve(req.result)));
      const [values, keys] = await Promise.all([read(store.getAll()), read(store.getAllKeys() as IDBRequest<unknown[]>)]);
      rows[name] = values.length;
      await walk(values);
      await walk(keys);
    }
    db.close();
    return { text: parts.join('\n').toUpperCase(), rows };
  });
}
const personaFields = (text: string) => NEEDLES.filter((n) => text.includes(n.toUpperCase()));

/** The outbox rows as stored (no Dexie): their kind, key id, sealed size and file count. */
async function rawOutbox(page: Page): Promise<{ label: string; kid?: string; size: number; files: number }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('sahyog');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const req = db.transaction('outbox').objectStore('outbox').getAll();
    const rows = await new Promise<Record<string, unknown>[]>((resolve) => (req.onsuccess = () => resolve(req.result)));
    db.close();
    return rows.map((row) => {
      const sealed = row.sealed as { envelope: { kid: string }; size: number; files: Blob[] } | undefined;
      return { label: String(row.label), kid: sealed?.envelope.kid, size: sealed?.size ?? 0, files: sealed?.files.length ?? 0 };
    });
  });
}

/** The screen at 360 px and at 1280 px (test-results/device-lock-<name>-<width>.png); the page's own size after. */
async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/device-lock-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

type ServerFile = { file_type: string };
async function serverFiles(token: string, applicationId: string): Promise<ServerFile[]> {
  const res = await fetch(`${baseURL}/api/v1/app/mfi/${applicationId}/files`, { headers: { token } });
  return ((await res.json()) as { data: ServerFile[] }).data;
}

/** A session of `mobile` by OTP, through the API (no device named): to read what the server holds. */
async function apiSignIn(mobile: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'client-identifier': 'WEB_APP' };
  const sent = await fetch(`${baseURL}/api/v1/auth/send-otp`, { method: 'POST', headers, body: JSON.stringify({ mobile }) });
  const sessionId = ((await sent.json()) as { data: { session_id: string } }).data.session_id;
  const otp = await latestOtp(baseURL, mobile);
  const verified = await fetch(`${baseURL}/api/v1/auth/verify-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session_id: sessionId, otp }),
  });
  return ((await verified.json()) as { data: { token: string } }).data.token;
}

describe('a lost phone gives away nothing', () => {
  let context: BrowserContext;
  let close: () => Promise<void>;
  let page: Page;
  let login: LoginPage;
  let token: string;
  let applicationId: string;

  beforeAll(async () => {
    ({ context, close } = await launchPersistent({ width: 360, height: 740 }));
    await context.grantPermissions(['camera', 'geolocation'], { origin: baseURL });
    await context.setGeolocation({ latitude: 25.3176, longitude: 82.9739 });
    page = await context.newPage();
    login = new LoginPage(page, baseURL);
  });
  afterAll(async () => close());

  it('captured offline and locked, IndexedDB read raw holds no persona field; online while still locked, the sealed outbox sends it exactly once', async () => {
    token = await login.signIn(OFFICER, (m) => latestOtp(baseURL, m)); // the first sign-in sets the PIN
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    const created = await fetch(`${baseURL}/api/dev/applications`, { method: 'POST', headers: { token } });
    applicationId = ((await created.json()) as { data: { application_id: string } }).data.application_id;
    const kyc = new KycDocumentsPage(page, baseURL);
    await kyc.open(applicationId);
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await kyc.capturePhoto('Borrower photo', 'photo_file');
    await kyc.attach('PAN', 'pan_file', { name: `${LAKSHMI.pan}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await kyc.waitPending(2);

    // A reload locks: the data key is gone from memory.
    await page.reload();
    await page.getByRole('heading', { name: 'Sahyog is locked' }).waitFor();
    const locked = await rawDeviceData(page);
    expect(locked.rows.outbox).toBe(2);
    // Issue 31 S3: the session token is nowhere readable on the locked phone, only sealed.
    expect(locked.text).not.toContain(token.toUpperCase());
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Ravi');
    expect(locked.rows.fileBlobs).toBe(2);
    expect(personaFields(locked.text)).toEqual([]);
    // The header's sync badge is behind the lock: the lock screen says what waits.
    const waiting = page.getByTestId('lock-waiting');
    await expect.poll(() => waiting.textContent()).toMatch(/^2 items on this phone are waiting to be sent\./);
    await shoot(page, 'locked-waiting');

    // The outbox is sealed for the server (its public key came with the tenant config): its rows
    // hold ciphertext only the server opens, the kinds and the sizes.
    const outbox = await rawOutbox(page);
    expect(outbox.map((e) => e.label).sort()).toEqual(['Borrower photo', 'PAN']);
    expect(outbox.every((e) => e.kid && e.size > 0 && e.files === 1)).toBe(true);

    // Online while still locked: the sealed outbox drains, and the server has each file once.
    await context.setOffline(false);
    await expect.poll(async () => (await rawDeviceData(page)).rows.outbox, { timeout: 20_000 }).toBe(0);
    await page.getByRole('heading', { name: 'Sahyog is locked' }).waitFor();
    await expect.poll(() => waiting.textContent(), { timeout: 10_000 }).toBe('');
    const files = await serverFiles(token, applicationId);
    expect(files.map((f) => f.file_type).sort()).toEqual(['BORROWER_PHOTO', 'PAN']);
    const pan = await fetch(`${baseURL}/api/v1/app/mfi/${applicationId}/files`, { headers: { token } });
    const panRow = ((await pan.json()) as { data: { file_type: string; mime: string; size: number }[] }).data.find(
      (f) => f.file_type === 'PAN',
    );
    expect(panRow).toMatchObject({ mime: 'application/pdf', size: PDF.length });
    // What the locked drain learned waits as receipts (ids and statuses): still nothing readable.
    expect(personaFields((await rawDeviceData(page)).text)).toEqual([]);

    // Unlocked, the receipts are written into the sealed tables: the uploads show as done, sent once.
    await login.unlock();
    await kyc.waitReady();
    await kyc.waitPending(0);
    await expect.poll(async () => (await rawDeviceData(page)).rows.receipts).toBe(0);
    expect((await serverFiles(token, applicationId)).length).toBe(2);
  });

  it('logout deletes what the server holds: IndexedDB keeps no persona field, sealed or not', async () => {
    await page.goto(`${baseURL}/#/profile`);
    const logoutDone = page.waitForResponse((res) => res.url().endsWith('/api/v1/user/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    const answer = await logoutDone;
    expect(await answer.headerValue('clear-site-data')).toBe('"cache"');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    // The deletion runs beside the sign-out: wait for it, then read everything.
    await vi.waitFor(async () => expect((await rawDeviceData(page)).rows.fileBlobs).toBe(0), { timeout: 10_000 });
    const after = await rawDeviceData(page);
    expect(after.rows.files).toBe(0);
    expect(personaFields(after.text)).toEqual([]);
  });

  it('five wrong PINs sign out and delete the wrapped key; the lock screen counts down', async () => {
    await login.signIn(OFFICER, (m) => latestOtp(baseURL, m), { pin: null });
    await page.getByRole('heading', { name: 'Sahyog is locked' }).waitFor();
    for (const left of [4, 3, 2]) {
      await page.getByLabel('6-digit PIN').fill('000000');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByText(`Wrong PIN. ${left} tries left.`).waitFor();
    }
    await page.getByLabel('6-digit PIN').fill('000000');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Wrong PIN. 1 try left: after one more wrong PIN you are signed out.').waitFor();
    await page.getByLabel('6-digit PIN').fill('000000');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const wiped = await rawDeviceData(page);
    expect(wiped.text).not.toContain('VAULT.DATAKEY');
    expect(wiped.rows.outbox + wiped.rows.applications + wiped.rows.drafts).toBe(0);
  });

  it('a device marked lost by the branch manager sends its queued items first, then wipes itself; the login page says why', async () => {
    token = await login.signIn(OFFICER, (m) => latestOtp(baseURL, m), { pin: E2E_PIN }); // a new PIN, a new data key
    await page.getByRole('link', { name: 'Create Application' }).waitFor();
    const kyc = new KycDocumentsPage(page, baseURL);
    await kyc.open(applicationId);
    await context.setOffline(true);
    await kyc.attach('PAN', 'pan_file', { name: `${LAKSHMI.pan}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await kyc.waitPending(1);
    const before = await serverFiles(token, applicationId);

    // The branch manager, on the web app at a desk: Profile, Officers' devices, the officer, the phone.
    const device = deviceOf('WEB_APP', (await page.evaluate((key) => localStorage.getItem(key), DEVICE_KEYS.deviceId))!)!;
    const code = device.slice(-6).toUpperCase();
    const desk = await launchPersistent({ width: 1280, height: 800 });
    try {
      const web = await desk.context.newPage();
      await new LoginPage(web, baseURL).signIn(MANAGER, (m) => latestOtp(baseURL, m));
      await web.getByRole('link', { name: 'Profile' }).click();
      await web.getByRole('link', { name: "Officers' devices" }).click();
      await web.getByRole('link', { name: 'Ravi Kumar' }).click();
      // Named by its label (the phone's model and browser, issue 31 N4), then the end of its id.
      const phone = web.getByRole('listitem', { name: new RegExp(` \\(…${code}\\)$`) });
      await expect.poll(() => phone.getByText('Signed in now').count()).toBe(1);
      await phone.getByRole('button', { name: `Mark lost: device ${code}` }).click();
      await web.getByRole('alertdialog', { name: 'Mark this device lost?' }).getByRole('button', { name: 'Mark lost' }).click();
      const result = web.getByText(`Device ${code} is marked lost:`);
      await result.waitFor();
      expect(await result.textContent()).toMatch(/: (1 session|\d+ sessions) ended\./);
      await expect.poll(() => phone.getByText('Signed out').count()).toBe(1);
      expect(await phone.getByRole('button').count()).toBe(0);
      await expect.poll(() => result.textContent()).toContain('Marked lost: waiting for the phone to reach the server.');

      // The phone comes back online, locked after a reload, still holding the PAN it queued offline.
      await context.setOffline(false);
      await page.goto(`${baseURL}/#/`);
      await page.reload();
      // The lock screen's call to the server hears the session is revoked: the phone sends first,
      // then wipes, and the sign-in screen says why.
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      const notice = page.getByTestId('device-wiped');
      await expect
        .poll(() => notice.textContent(), { timeout: 30_000 })
        .toBe(
          'Your branch signed this phone out and removed its data from it. Unsent items sent to the server first: 1. Lost (could not be sent): 0.',
        );
      await shoot(page, 'wiped-login');

      // The manager's confirmation, read again until the phone reported, says the same.
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toContain('Marked lost: the phone deleted its data. Items received from it first: 1. Items lost (could not be sent): 0.');
    } finally {
      await desk.close();
    }

    // The server holds the PAN sent after the marking (read with a new session of the officer).
    const files = await serverFiles(await apiSignIn(OFFICER), applicationId);
    expect(files.length).toBe(before.length + 1);
    expect(files.filter((f) => f.file_type === 'PAN').length).toBe(before.filter((f) => f.file_type === 'PAN').length + 1);

    // Nothing readable stays on the phone.
    await expect.poll(async () => (await rawDeviceData(page)).text.includes('VAULT.DATAKEY'), { timeout: 10_000 }).toBe(false);
    const wiped = await rawDeviceData(page);
    expect(wiped.rows.fileBlobs + wiped.rows.outbox).toBe(0);
    expect(personaFields(wiped.text)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
