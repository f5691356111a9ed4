import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOST_DEVICE_DELIVERY_MS } from '../../src/domain';
import { applications, files } from '../../src/server/db/schema';
import { LOST_DEVICE_REFUSED } from '../../src/server/http/lost-device';
import { english } from '../../src/server/kernels/messages';
import { deviceOf } from '../../src/server/modules/auth/session.service';
import { BASE, borrowerBody, LAKSHMI, verifyIdentity } from './applications-fixtures';
import { sealedBorrowerPut } from './helpers/sealed-outbox';
import { ARJUN, login, RAVI, startOtp, verifyOtp } from './helpers/auth-flow';
import { call, get, hostOf, post } from './helpers/http';
import { JPEG, multipart } from './helpers/multipart';
import { MINUTE, SECOND, useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';

// Issue 31 W1: a phone marked lost first delivers what its outbox holds sealed for the server,
// under its revoked session, for a short window from its first contact after the marking; nothing
// else, and nothing it could read.
const ctx = useTestApp();

const phone = { 'client-identifier': 'WEB_APP', 'device-id': 'phone-lost-0001' };
const phoneDevice = deviceOf(phone['client-identifier'], phone['device-id'])!;

async function loginFrom(mobile: string, headers: Record<string, string>): Promise<string> {
  const { sessionId, otp } = await startOtp(ctx.app, mobile);
  const verified = await verifyOtp(ctx.app, sessionId, otp, { headers });
  expect(verified.status, verified.body.message).toBe(200);
  return verified.body.data.token as string;
}

/** An officer's phone with an application ready for its borrower step, then marked lost by the branch manager. */
async function lostPhone() {
  const token = await loginFrom(RAVI, phone);
  const id = await createApplication(ctx.app, token);
  await verifyIdentity(ctx.app, token, id, LAKSHMI);
  const ravi = (await get(ctx.app, '/api/v1/user/me', { token })).body.data.id as number;
  const manager = await login(ctx.app, ARJUN);
  const marked = await post(ctx.app, `/api/v1/users/${ravi}/devices/${phoneDevice}/lost`, undefined, { token: manager });
  expect(marked.body.data.revoked_sessions).toBe(1);
  const loss = async () =>
    ((await get(ctx.app, `/api/v1/users/${ravi}/devices`, { token: manager })).body.data as { device: string; lost: unknown }[]).find(
      (d) => d.device === phoneDevice,
    )!.lost as { received: number; unsent: number | null; contact_at: string | null; wiped_at: string | null };
  return { token, id, loss };
}

/** A 401 that tells the phone to wipe (an inject answer, or the http helper's). */
const expectWipe = (res: { statusCode?: number; status?: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode ?? res.status).toBe(401);
  expect(res.headers['sahyog-wipe']).toBe('1');
};

describe('a lost phone delivers its sealed outbox, then wipes', () => {
  it('a sealed write of the revoked session is accepted within the window from its first contact, counted, answered with ids only; refused after it', async () => {
    const { token, id, loss } = await lostPhone();
    expect(await loss()).toMatchObject({ received: 0, unsent: null, contact_at: null });
    // The phone was offline at the marking: the window runs from its first contact, not from the marking.
    ctx.clock.advance(30 * MINUTE);
    const first = await sealedBorrowerPut(ctx.app, token, id, 'last-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['sahyog-wipe']).toBe('1');
    // Saved as sent, but the answer holds only ids and statuses: not the borrower it names.
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(JSON.stringify(row)).toContain(LAKSHMI.pan);
    expect(first.body).not.toContain(LAKSHMI.name);
    expect(first.body).not.toContain(LAKSHMI.pan);
    expect(first.json().data.application_id ?? first.json().data.id).toBe(id);
    expect(await loss()).toMatchObject({ received: 1, contact_at: expect.any(String) });
    // Sent again (its answer was lost): a replay of the same item, not counted twice.
    const replay = await sealedBorrowerPut(ctx.app, token, id, 'last-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await loss()).received).toBe(1);

    ctx.clock.advance(LOST_DEVICE_DELIVERY_MS - SECOND);
    expect((await sealedBorrowerPut(ctx.app, token, id, 'last-2')).statusCode).toBe(200);
    ctx.clock.advance(2 * SECOND);
    expectWipe(await sealedBorrowerPut(ctx.app, token, id, 'last-3'));
    expect((await loss()).received).toBe(2);
  });

  it('within the window, a read, a clear write and a clear upload of that session are refused with the wipe', async () => {
    const { token, id, loss } = await lostPhone();
    expect((await sealedBorrowerPut(ctx.app, token, id, 'opens-window')).statusCode).toBe(200);
    expectWipe(await get(ctx.app, '/api/v1/user/me', { token }));
    expectWipe(await get(ctx.app, `${BASE}/${id}`, { token }));
    expectWipe(await call(ctx.app, 'PUT', `${BASE}/${id}`, borrowerBody(LAKSHMI), { token, headers: { 'idempotency-key': 'clear-1' } }));
    // A multipart gets past the door (it may be sealed), but not without the sealed envelope.
    const { payload, headers } = multipart({ file_type: 'SHOP_PHOTO', upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', application_id: id }, [
      { field: 'file', filename: 'shop.jpg', bytes: JPEG, type: 'image/jpeg' },
    ]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/apply-loan/upload-file',
      payload,
      headers: { ...headers, host: hostOf(), token, 'idempotency-key': 'clear-up-1' },
    });
    expectWipe(upload);
    expect(upload.json().message).toBe(english(LOST_DEVICE_REFUSED));
    expect(await ctx.db.select().from(files).where(eq(files.application_id, id))).toEqual([]);
    expect((await loss()).received).toBe(1);
  });

  it("the phone's report of what it deleted unsent closes the window; once; the manager sees both counts", async () => {
    const { token, id, loss } = await lostPhone();
    expect((await sealedBorrowerPut(ctx.app, token, id, 'sent-1')).statusCode).toBe(200);
    const report = await post(ctx.app, '/api/v1/user/device-wiped', { unsent: 2 }, { token });
    expect(report.status, report.body.message).toBe(200);
    // The phone learns how many of its items the server holds (its login page says so).
    expect(report.body.data).toEqual({ received: 1 });
    expect(await loss()).toMatchObject({ received: 1, unsent: 2, wiped_at: expect.any(String) });
    // Closed: nothing more is accepted, and a second report changes nothing.
    expectWipe(await sealedBorrowerPut(ctx.app, token, id, 'sent-2'));
    expect((await post(ctx.app, '/api/v1/user/device-wiped', { unsent: 0 }, { token })).status).toBe(401);
    expect((await loss()).unsent).toBe(2);
  });

  it('a session revoked otherwise (logout, a new sign-in on the phone) gets no window; a live session may not report', async () => {
    const loggedOut = await loginFrom(RAVI, phone);
    const id = await createApplication(ctx.app, loggedOut);
    await verifyIdentity(ctx.app, loggedOut, id, LAKSHMI);
    const replaced = await loginFrom(RAVI, phone); // revokes the first session on the phone
    expectWipe(await sealedBorrowerPut(ctx.app, loggedOut, id, 'other-1'));
    expect((await call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, { token: replaced })).status).toBe(200);
    expectWipe(await sealedBorrowerPut(ctx.app, replaced, id, 'other-2'));
    expect((await post(ctx.app, '/api/v1/user/device-wiped', { unsent: 1 }, { token: replaced })).status).toBe(401);
    const live = await loginFrom(RAVI, phone);
    expect((await post(ctx.app, '/api/v1/user/device-wiped', { unsent: 1 }, { token: live })).status).toBe(403);
  });
});
