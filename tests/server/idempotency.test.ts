import { tempDir } from './helpers/temp-dir';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, idempotencyKeys, otpSends } from '../../src/server/db/schema';
import { claimKey, purgeExpiredKeys } from '../../src/server/modules/idempotency/idempotency.service';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import { login, RAVI } from './helpers/auth-flow';
import { hostOf, post } from './helpers/http';
import { JPEG, multipart } from './helpers/multipart';
import { HOUR, MINUTE, useTestApp } from './helpers/test-app';

const ctx = useTestApp({ storage: createDiskStorage(tempDir('sahyog-idem-')) });

const sendOtpWithKey = (key: string, mobile = RAVI) =>
  post(ctx.app, '/api/v1/auth/send-otp', { mobile }, { headers: { 'idempotency-key': key, 'client-identifier': 'WEB_APP' } });

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
  it('same key and body: the first response byte for byte, and one row', async () => {
    const first = await sendOtpWithKey('k-1');
    const again = await sendOtpWithKey('k-1');
    expect(first.status).toBe(200);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const sends = await ctx.db.select({ n: count() }).from(otpSends).where(eq(otpSends.mobile, RAVI));
    expect(sends[0]!.n).toBe(1);
  });

  it('replays an upload with one stored file, across a rebuilt app (a restart)', async () => {
    const token = await login(ctx.app, RAVI);
    const first = await uploadWithKey(token, 'photo-1');
    expect(first.statusCode).toBe(200);
    await ctx.rebuild({ storage: ctx.app.storage });
    const again = await uploadWithKey(token, 'photo-1');
    expect(again.body).toBe(first.body);
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
    const bad = await sendOtpWithKey('k-bad', '1234');
    expect(bad.status).toBe(400);
    expect((await sendOtpWithKey('k-bad', '1234')).raw.body).toBe(bad.raw.body);
    const rows = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'k-bad')));
    expect(rows[0]).toMatchObject({ state: 'done', status_code: 400 });
  });

  it('refuses a key longer than 255 characters', async () => {
    const res = await sendOtpWithKey('k'.repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key must be one value of 1 to 255 characters');
  });

  it('keeps keys 30 days, then purges them', async () => {
    await sendOtpWithKey('k-old');
    ctx.clock.advance(29 * 24 * HOUR);
    expect(await purgeExpiredKeys(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.advance(2 * 24 * HOUR);
    expect(await purgeExpiredKeys(ctx.db, ctx.clock.now())).toBe(1);
  });
});
