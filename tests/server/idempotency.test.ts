import { tempDir } from './helpers/temp-dir';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, idempotencyKeys } from '../../src/server/db/schema';
import { claimKey, purgeExpiredKeys } from '../../src/server/modules/idempotency/idempotency.service';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { login, RAVI } from './helpers/auth-flow';
import { call, get, hostOf, post } from './helpers/http';
import { JPEG, multipart } from './helpers/multipart';
import { HOUR, MINUTE, useTestApp } from './helpers/test-app';

const ctx = useTestApp({ storage: createDiskStorage(tempDir('sahyog-idem-')) });

const sendOtpWithKey = (key: string, mobile = RAVI) =>
  post(ctx.app, '/api/v1/auth/send-otp', { mobile }, { headers: { 'idempotency-key': key, 'client-identifier': 'WEB_APP' } });

/** A public route (signed out) that refuses this body with 400: the answer is stored like any other. */
const joinUsWithKey = (key: string, options: { remoteAddress?: string; tenant?: string } = {}) =>
  post(ctx.app, '/api/v1/join-us/request', { mobile: '12' }, { headers: { 'idempotency-key': key }, ...options });

async function uploadWithKey(token: string, key: string, bytes = JPEG) {
  const { payload, headers } = multipart({ file_type: 'SHOP_PHOTO' }, [{ field: 'file', filename: 'shop.jpg', bytes }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/apply-loan/upload-file',
    payload,
    headers: { ...headers, host: hostOf(), token, 'idempotency-key': key },
  });
}

const fileCount = async () => (await ctx.db.select({ n: count() }).from(files))[0]!.n;

describe('Idempotency-Key', () => {
  it('same key and body: the same status and ids, marked replayed, and one row that keeps no view or link', async () => {
    const token = await login(ctx.app, RAVI);
    const first = await uploadWithKey(token, 'k-1');
    const again = await uploadWithKey(token, 'k-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.file_url).toMatch(/sig=/);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({ success: true, data: { file_id: first.json().data.file_id } });
    expect(await fileCount()).toBe(1);
    const [row] = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-1'));
    expect(row!.response_body).not.toMatch(/file_url|sig=|parsed_data/);
  });

  it('sign-in and logout never go through the store: a replayed verify cannot hand out a live token', async () => {
    expect((await sendOtpWithKey('auth-1')).status).toBe(200);
    const sent = await sendOtpWithKey('auth-1'); // sent again (a new session), not replayed
    expect(sent.status).toBe(200);
    expect(sent.headers['idempotent-replayed']).toBeUndefined();
    const otp = (await get(ctx.app, `/api/dev/sms?mobile=${RAVI}`)).body.data[0].otp as string;
    const verify = () =>
      post(
        ctx.app,
        '/api/v1/auth/verify-otp',
        { session_id: sent.body.data.session_id, otp },
        { headers: { 'idempotency-key': 'auth-2' } },
      );
    const verified = await verify();
    expect(verified.status).toBe(200);
    const again = await verify();
    expect(again.status).toBe(400); // the code was used: the request ran again, nothing was replayed
    expect(again.raw.body).not.toContain(verified.body.data.token);
    const logout = await call(ctx.app, 'PUT', '/api/v1/user/logout', undefined, {
      token: verified.body.data.token,
      headers: { 'idempotency-key': 'auth-3' },
    });
    expect(logout.status).toBe(200);
    expect(await ctx.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('a signed-out address holds a limited number of keys per tenant; a key it holds still replays', async () => {
    await ctx.rebuild({ config: { idempotencyMaxPublicKeysPerAddress: 3 } });
    for (const key of ['p-1', 'p-2', 'p-3']) expect((await joinUsWithKey(key)).status).toBe(400);
    const refused = await joinUsWithKey('p-4');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.body.message).toBe('Too many requests with an Idempotency-Key from this address. Please try again later.');
    expect((await joinUsWithKey('p-1')).headers['idempotent-replayed']).toBe('true');
    expect((await joinUsWithKey('p-4', { remoteAddress: '10.0.0.9' })).status).toBe(400);
    expect((await joinUsWithKey('p-4', { tenant: 'acfl' })).status).toBe(400);
    // A day later the old keys have expired and the address may claim again.
    ctx.clock.advance(24 * HOUR + MINUTE);
    expect((await joinUsWithKey('p-5')).status).toBe(400);
  });

  it('replays an upload with one stored file, across a rebuilt app (a restart)', async () => {
    const token = await login(ctx.app, RAVI);
    const first = await uploadWithKey(token, 'photo-1');
    expect(first.statusCode).toBe(200);
    await ctx.rebuild({ storage: ctx.app.storage });
    const again = await uploadWithKey(token, 'photo-1');
    expect(again.json()).toEqual({ success: true, data: { file_id: first.json().data.file_id } });
    expect(await fileCount()).toBe(1);
  });

  it('same key with a different body is 422 and changes nothing', async () => {
    const token = await login(ctx.app, RAVI);
    expect((await uploadWithKey(token, 'photo-2')).statusCode).toBe(200);
    const other = await uploadWithKey(token, 'photo-2', Buffer.concat([JPEG, Buffer.from('x')]));
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect(await fileCount()).toBe(1);
  });

  it('a repeat while the first is still running is 409; a key left running by a dead process is taken over', async () => {
    const token = await login(ctx.app, RAVI);
    // The first request's row, put back to running as if it were still in flight.
    const first = await uploadWithKey(token, 'photo-3');
    expect(first.statusCode).toBe(200);
    await ctx.db
      .update(idempotencyKeys)
      .set({ state: 'running', updated_at: new Date(ctx.clock.now()) })
      .where(eq(idempotencyKeys.key, 'photo-3'));
    const concurrent = await uploadWithKey(token, 'photo-3');
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.headers['retry-after']).toBe('1');
    ctx.clock.advance(2 * MINUTE);
    const takeover = await uploadWithKey(token, 'photo-3');
    expect(takeover.statusCode).toBe(200);
  });

  it('two claims racing for one key: exactly one wins', async () => {
    const ref = { tenant: 'sahyog', scope: 'u1', key: 'race' };
    const claims = await Promise.all([
      claimKey(ctx.db, ref, 'f'.repeat(64), ctx.clock.now()),
      claimKey(ctx.db, ref, 'f'.repeat(64), ctx.clock.now()),
    ]);
    expect(claims.map((c) => c.kind).sort()).toEqual(['claimed', 'in-progress']);
  });

  it('eight claims racing for one key: one wins, the others see it running', async () => {
    const ref = { tenant: 'sahyog', scope: 'u1', key: 'race-8' };
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimKey(ctx.db, ref, 'f'.repeat(64), ctx.clock.now())));
    expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'in-progress')).toHaveLength(7);
  });

  it('keys are per user: another user with the same key runs their own request', async () => {
    const ravi = await login(ctx.app, RAVI);
    const meena = await login(ctx.app, '9000000002');
    expect((await uploadWithKey(ravi, 'shared')).statusCode).toBe(200);
    expect((await uploadWithKey(meena, 'shared')).statusCode).toBe(200);
    expect(await fileCount()).toBe(2);
  });

  it('a 4xx answer is replayed too; a 5xx is forgotten so a retry runs again', async () => {
    const bad = await joinUsWithKey('k-bad');
    expect(bad.status).toBe(400);
    expect((await joinUsWithKey('k-bad')).raw.body).toBe(bad.raw.body);
    const rows = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'k-bad')));
    expect(rows[0]).toMatchObject({ state: 'done', status_code: 400 });
  });

  it('refuses a key longer than 255 characters', async () => {
    const res = await joinUsWithKey('k'.repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key must be one value of 1 to 255 characters');
  });

  it('keeps keys 24 hours, then purges them', async () => {
    await joinUsWithKey('k-old');
    ctx.clock.advance(23 * HOUR);
    expect(await purgeExpiredKeys(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.advance(2 * HOUR);
    expect(await purgeExpiredKeys(ctx.db, ctx.clock.now())).toBe(1);
  });
});
