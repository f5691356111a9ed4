import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import type { KeyRing } from '../../src/server/providers/kms/kms-provider';
import { decryptAadhaar } from '../../src/server/keys/aadhaar-crypto';
import { dumpEveryTable } from './helpers/table-dump';
import { borrowerBody, LAKSHMI, putBorrower, verifyIdentity } from './applications-fixtures';
import { latestOtp, login, RAVI, sendOtp } from './helpers/auth-flow';
import { get, post } from './helpers/http';
import { BORROWER, createApplication } from './helpers/validation';
import { useTestApp } from './helpers/test-app';

const ctx = useTestApp();

/** Every run of base64url or hex text long enough to be a 32-byte key, as the keys it could be. */
function candidateKeys(dump: string): Buffer[] {
  const keys = new Map<string, Buffer>();
  for (const [run] of dump.matchAll(/[A-Za-z0-9_-]{43,}/g)) {
    for (let i = 0; i + 43 <= run.length; i++) {
      const key = Buffer.from(run.slice(i, i + 43), 'base64url');
      if (key.length === 32) keys.set(key.toString('hex'), key);
    }
  }
  for (const [run] of dump.matchAll(/[0-9a-fA-F]{64,}/g)) {
    for (let i = 0; i + 64 <= run.length; i += 2) keys.set(run.slice(i, i + 64).toLowerCase(), Buffer.from(run.slice(i, i + 64), 'hex'));
  }
  return [...keys.values()];
}

const ringOf = (key: Buffer): KeyRing => ({ current: 'x', keys: new Map([['x', key]]) });

function opensWith(ciphertext: string, key: Buffer): boolean {
  // The dump's ciphertext names its own key id: try the candidate under that id (and the old format's none).
  const id = ciphertext.split('.')[1]!;
  for (const ring of [ringOf(key), { current: id, keys: new Map([[id, key]]) }]) {
    try {
      decryptAadhaar(ring, ciphertext);
      return true;
    } catch {
      // not this key
    }
  }
  return false;
}

async function signInWithKey(): Promise<string> {
  const sent = await sendOtp(ctx.app, RAVI);
  const otp = await latestOtp(ctx.app, RAVI);
  const headers = { 'idempotency-key': 'login-1', 'client-identifier': 'WEB_APP', 'device-id': 'dump-test-device' };
  const verified = await post(ctx.app, '/api/v1/auth/verify-otp', { session_id: sent.body.data.session_id, otp }, { headers });
  expect(verified.status).toBe(200);
  return verified.body.data.token as string;
}

describe('a dump of the database tables', () => {
  it('decrypts no Aadhaar number with anything in it, and holds no session token', async () => {
    const token = await signInWithKey();
    const id = await createApplication(ctx.app, token, BORROWER);
    await verifyIdentity(ctx.app, token, id, LAKSHMI);
    const saved = await putBorrower(ctx.app, id, borrowerBody(LAKSHMI), {
      token,
      headers: { 'idempotency-key': 'borrower-1' },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect((await get(ctx.app, '/api/v1/user/me', { token })).status).toBe(200);
    const second = await login(ctx.app, RAVI);

    const dump = await dumpEveryTable(ctx.db as Db);
    expect(dump).toContain('XXXX XXXX 0124'); // the dump does hold the application
    expect(dump).not.toContain(LAKSHMI.aadhaar);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(second);

    const ciphertexts = [...dump.matchAll(/v[12](?:\.[A-Za-z0-9_-]+){3,4}/g)].map((m) => m[0]).filter((c) => c.split('.').length >= 4);
    expect(ciphertexts.length).toBeGreaterThanOrEqual(2); // the borrower step's and the OTP check's
    // The server's own key opens them, and is nowhere in the dump.
    for (const c of ciphertexts) expect(decryptAadhaar(ctx.app.secrets.aadhaarKey, c)).toBe(LAKSHMI.aadhaar);
    const serverKey = [...ctx.app.secrets.aadhaarKey.keys.values()][0]!;
    expect(dump).not.toContain(serverKey.toString('base64url'));
    expect(dump).not.toContain(serverKey.toString('hex'));
    const candidates = candidateKeys(dump);
    expect(candidates.length).toBeGreaterThan(10);
    for (const c of ciphertexts) expect(candidates.filter((key) => opensWith(c, key))).toEqual([]);
  });

  it('has no table of server secrets any more', async () => {
    const found = await ctx.db.execute<{ t: string | null }>(sql`select to_regclass('public.server_secrets')::text as t`);
    expect(found.rows[0]!.t).toBeNull();
  });
});
