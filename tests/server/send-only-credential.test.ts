import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, files } from '../../src/server/db/schema';
import { SEND_ONLY_REFUSED } from '../../src/server/http/lost-device';
import { english } from '../../src/server/kernels/messages';
import { deviceOf } from '../../src/server/modules/auth/session.service';
import { BASE, borrowerBody, LAKSHMI, verifyIdentity } from './applications-fixtures';
import { sealedBorrowerPut } from './helpers/sealed-outbox';
import { ARJUN, login, RAVI, startOtp, verifyOtp } from './helpers/auth-flow';
import { call, get, hostOf, post } from './helpers/http';
import { JPEG, multipart } from './helpers/multipart';
import { useTestApp } from './helpers/test-app';
import { createApplication } from './helpers/validation';

// Issue 31 S3: a locked phone holds no session token, only a send-only credential issued with the
// session: it delivers sealed outbox items of that session and nothing else, and dies with it.
const ctx = useTestApp();

const phone = { 'client-identifier': 'WEB_APP', 'device-id': 'phone-send-0001' };

async function signIn(): Promise<{ token: string; sendToken: string; id: string }> {
  const { sessionId, otp } = await startOtp(ctx.app, RAVI);
  const verified = await verifyOtp(ctx.app, sessionId, otp, { headers: phone });
  expect(verified.status, verified.body.message).toBe(200);
  const { token, send_token: sendToken } = verified.body.data as { token: string; send_token: string };
  const id = await createApplication(ctx.app, token);
  await verifyIdentity(ctx.app, token, id, LAKSHMI);
  return { token, sendToken, id };
}

const status = (res: { statusCode?: number; status?: number }) => res.statusCode ?? res.status;

describe('the send-only credential of a locked phone', () => {
  it('is issued with the session, and is no session token', async () => {
    const { token, sendToken } = await signIn();
    expect(sendToken).toMatch(/^send\.[\w-]{43}$/);
    expect(sendToken).not.toContain(token);
  });

  it('delivers a sealed outbox item, answered with ids and statuses only', async () => {
    const { sendToken, id } = await signIn();
    const res = await sealedBorrowerPut(ctx.app, sendToken, id, 'send-only-1');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(JSON.stringify(row)).toContain(LAKSHMI.pan);
    expect(res.body).not.toContain(LAKSHMI.name);
    expect(res.body).not.toContain(LAKSHMI.pan);
    expect(res.headers['sahyog-wipe']).toBeUndefined();
  });

  it('reads nothing: 401 on the profile, the users, an application, a clear write and a clear upload', async () => {
    const { token, sendToken, id } = await signIn();
    for (const url of ['/api/v1/user/me', '/api/v1/users', `${BASE}/${id}`]) {
      const res = await get(ctx.app, url, { token: sendToken });
      expect(res.status, url).toBe(401);
      expect(res.headers['sahyog-wipe'], url).toBeUndefined();
    }
    // The same reads with the session token answer: the 401 is the credential's, not the route's.
    expect((await get(ctx.app, '/api/v1/user/me', { token })).status).toBe(200);
    expect((await get(ctx.app, `${BASE}/${id}`, { token })).status).toBe(200);
    const clear = await call(ctx.app, 'PUT', `${BASE}/${id}`, borrowerBody(LAKSHMI), {
      token: sendToken,
      headers: { 'idempotency-key': 'clear-1' },
    });
    expect(clear.status).toBe(401);
    expect(clear.body.message).toBe(english(SEND_ONLY_REFUSED));
    // A multipart passes the door (it may be sealed), and is refused once read without the envelope.
    const { payload, headers } = multipart({ file_type: 'SHOP_PHOTO', upload_type: 'LOAN_APPLICANT_BUSINESS_INFO', application_id: id }, [
      { field: 'file', filename: 'shop.jpg', bytes: JPEG, type: 'image/jpeg' },
    ]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/apply-loan/upload-file',
      payload,
      headers: { ...headers, host: hostOf(), token: sendToken, 'idempotency-key': 'clear-up-1' },
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json().message).toBe(english(SEND_ONLY_REFUSED));
    expect(await ctx.db.select().from(files).where(eq(files.application_id, id))).toEqual([]);
    // Nor does it get itself a new one.
    expect(status(await post(ctx.app, '/api/v1/user/send-token', undefined, { token: sendToken }))).toBe(401);
  });

  it('ends its own session (a forgotten PIN signs out while locked)', async () => {
    const { token, sendToken, id } = await signIn();
    expect((await call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, { token: sendToken })).status).toBe(200);
    expect((await get(ctx.app, '/api/v1/user/me', { token })).status).toBe(401);
    expect(status(await sealedBorrowerPut(ctx.app, sendToken, id, 'after-logout'))).toBe(401);
  });

  it('dies with its session: a logout, a new one asked with the session token', async () => {
    const first = await signIn();
    const reissued = await post(ctx.app, '/api/v1/user/send-token', undefined, { token: first.token });
    expect(reissued.status, reissued.body.message).toBe(200);
    const renewed = reissued.body.data.send_token as string;
    expect(status(await sealedBorrowerPut(ctx.app, first.sendToken, first.id, 'old-1'))).toBe(401);
    expect(status(await sealedBorrowerPut(ctx.app, renewed, first.id, 'new-1'))).toBe(200);
    expect((await call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, { token: first.token })).status).toBe(200);
    const after = await sealedBorrowerPut(ctx.app, renewed, first.id, 'new-2');
    expect(after.statusCode).toBe(401);
    expect(after.headers['sahyog-wipe']).toBe('1');
  });

  it('of a device marked lost: delivers within the window, then reports the wipe; nothing else', async () => {
    const { sendToken, id } = await signIn();
    const ravi = (await get(ctx.app, '/api/v1/user/me', { token: await login(ctx.app, RAVI) })).body.data.id as number;
    const manager = await login(ctx.app, ARJUN);
    const device = deviceOf(phone['client-identifier'], phone['device-id'])!;
    expect((await post(ctx.app, `/api/v1/users/${ravi}/devices/${device}/lost`, undefined, { token: manager })).status).toBe(200);
    const delivered = await sealedBorrowerPut(ctx.app, sendToken, id, 'lost-1');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.headers['sahyog-wipe']).toBe('1');
    const read = await get(ctx.app, '/api/v1/user/me', { token: sendToken });
    expect(read.status).toBe(401);
    expect(read.headers['sahyog-wipe']).toBe('1');
    const report = await post(ctx.app, '/api/v1/user/device-wiped', { unsent: 0 }, { token: sendToken });
    expect(report.status, report.body.message).toBe(200);
    expect(report.body.data).toEqual({ received: 1 });
  });
});
