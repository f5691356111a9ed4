import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, users } from '../../src/server/db/schema';
import { moveSecretsOutOfDatabase } from '../../src/server/keys/move-secrets-out';
import { loadServerKeys } from '../../src/server/keys/server-keys';
import { decryptAadhaar } from '../../src/server/keys/aadhaar-crypto';
import { KeyConfigurationError } from '../../src/server/providers/kms/kms-provider';
import { createLocalKms, legacyKeyId } from '../../src/server/providers/kms/local-kms.provider';
import { tempDir } from './helpers/temp-dir';
import { useTestApp } from './helpers/test-app';

const ctx = useTestApp();
const dir = tempDir('sahyog-keys-');
let n = 0;
const keyFile = () => join(dir, `k${++n}`, 'keys.json');

const AADHAAR = '234567890124';

/** The format the database-held key wrote before: `v1.<iv>.<tag>.<ciphertext>`, no key id. */
function sealV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** A database as the previous release left it: both keys in server_secrets, one Aadhaar under the old key. */
async function previousRelease() {
  const aadhaarKey = randomBytes(32);
  const linkKey = randomBytes(32);
  await ctx.db.execute(sql`create table server_secrets (name text primary key, value text not null)`);
  await ctx.db.execute(
    sql`insert into server_secrets values ('aadhaar-encryption', ${aadhaarKey.toString('base64url')}), ('file-url', ${linkKey.toString('base64url')})`,
  );
  const [ravi] = await ctx.db.select().from(users).where(eq(users.mobile, '9000000001')).limit(1);
  const id = randomBytes(16).toString('hex');
  const at = new Date(ctx.clock.now());
  const old = sealV1(aadhaarKey, AADHAAR);
  await ctx.db.insert(applications).values({
    tenant_id: 'sahyog',
    id,
    created_by: ravi!.id,
    created_at: at,
    updated_at: at,
    data: {
      aadhaar_encrypted: old,
      aadhaar_masked: 'XXXX XXXX 0124',
      verifications: { aadhaar: { status: 'VERIFIED', aadhaar_encrypted: old } },
    },
  });
  return { aadhaarKey, linkKey, id };
}

const dataOf = async (id: string) => (await ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!.data;

describe('the keys leave the database', () => {
  it('moves the keys into the key file, drops the table and re-encrypts every Aadhaar under a key id', async () => {
    const { aadhaarKey, linkKey, id } = await previousRelease();
    const file = keyFile();
    const kms = createLocalKms({ keyFile: file, production: true }); // production: it may write only what it moves
    expect(await moveSecretsOutOfDatabase(ctx.db, kms)).toBe(2);

    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.aadhaar).toEqual({
      current: legacyKeyId(aadhaarKey),
      keys: { [legacyKeyId(aadhaarKey)]: aadhaarKey.toString('base64url') },
    });
    expect(saved['file-link'].keys[legacyKeyId(linkKey)]).toBe(linkKey.toString('base64url'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const table = await ctx.db.execute<{ t: string | null }>(sql`select to_regclass('public.server_secrets')::text as t`);
    expect(table.rows[0]!.t).toBeNull();

    // The outbox key (issue 24) was never in the database: the upgrade adds it to the key file (docs/security-and-keys.md, "Keys").
    writeFileSync(file, JSON.stringify({ ...saved, outbox: { current: 'o1', keys: { o1: randomBytes(32).toString('base64url') } } }));
    const secrets = await loadServerKeys(ctx.db, kms);
    const data = await dataOf(id);
    const moved = data.aadhaar_encrypted as string;
    expect(moved.startsWith(`v2.${legacyKeyId(aadhaarKey)}.`)).toBe(true);
    expect(decryptAadhaar(secrets.aadhaarKey, moved)).toBe(AADHAAR);
    const check = (data.verifications as { aadhaar: { aadhaar_encrypted: string } }).aadhaar.aadhaar_encrypted;
    expect(decryptAadhaar(secrets.aadhaarKey, check)).toBe(AADHAAR);
    // A second start finds nothing to move or re-encrypt.
    expect(await moveSecretsOutOfDatabase(ctx.db, kms)).toBe(0);
    await loadServerKeys(ctx.db, kms);
    expect((await dataOf(id)).aadhaar_encrypted).toBe(moved);
  });

  it('a key file that already has keys keeps its current key: the old key is added, and the data moves to the current one', async () => {
    const { aadhaarKey, id } = await previousRelease();
    const file = keyFile();
    const kms = createLocalKms({ keyFile: file, production: false });
    const before = await kms.loadKeys(); // made on first use outside production
    await moveSecretsOutOfDatabase(ctx.db, kms);
    const secrets = await loadServerKeys(ctx.db, kms);
    expect(secrets.aadhaarKey.current).toBe(before.aadhaar.current);
    expect(secrets.aadhaarKey.keys.get(legacyKeyId(aadhaarKey))!.equals(aadhaarKey)).toBe(true);
    expect(((await dataOf(id)).aadhaar_encrypted as string).startsWith(`v2.${before.aadhaar.current}.`)).toBe(true);
  });

  it('rotates: a new current key re-encrypts at start-up, and what the old key sealed still opens until then', async () => {
    const { id } = await previousRelease();
    const file = keyFile();
    const kms = createLocalKms({ keyFile: file, production: false });
    await moveSecretsOutOfDatabase(ctx.db, kms);
    const first = await loadServerKeys(ctx.db, kms);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.aadhaar.keys['k-2027'] = randomBytes(32).toString('base64url');
    json.aadhaar.current = 'k-2027';
    writeFileSync(file, JSON.stringify(json));
    const rotated = await loadServerKeys(ctx.db, createLocalKms({ keyFile: file, production: false }));
    const stored = (await dataOf(id)).aadhaar_encrypted as string;
    expect(stored.startsWith('v2.k-2027.')).toBe(true);
    expect(decryptAadhaar(rotated.aadhaarKey, stored)).toBe(AADHAAR);
    expect(() => decryptAadhaar(first.aadhaarKey, stored)).toThrow('k-2027');
  });

  it('a ciphertext no key of the source opens stops the start with the reason', async () => {
    await previousRelease();
    await ctx.db.execute(sql`drop table server_secrets`); // the keys are lost, not moved
    const kms = createLocalKms({ keyFile: keyFile(), production: false });
    await expect(loadServerKeys(ctx.db, kms)).rejects.toThrow(/cannot be decrypted .*lacks the key/);
  });
});

describe('the local key source', () => {
  it('in production, a missing key is a start-up error; KEYS_JSON serves, and must hold the keys the database still has', async () => {
    await expect(createLocalKms({ production: true }).loadKeys()).rejects.toBeInstanceOf(KeyConfigurationError);
    const missing = keyFile();
    await expect(createLocalKms({ keyFile: missing, production: true }).loadKeys()).rejects.toThrow(
      /no aadhaar or file-link or outbox key/,
    );
    expect(existsSync(missing)).toBe(false);
    const ring = (id: string) => ({ current: id, keys: { [id]: randomBytes(32).toString('base64url') } });
    const keysJson = JSON.stringify({ aadhaar: ring('a1'), 'file-link': ring('l1'), outbox: ring('o1') });
    const keys = await createLocalKms({ keysJson, production: true }).loadKeys();
    expect(keys.aadhaar.current).toBe('a1');
    await previousRelease();
    await expect(moveSecretsOutOfDatabase(ctx.db, createLocalKms({ keysJson, production: true }))).rejects.toThrow(/KEYS_JSON lacks/);
    // Refused, so the database keeps its keys.
    const table = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from server_secrets`);
    expect(table.rows[0]!.n).toBe(2);
  });

  it('outside production it makes the key file once and keeps it: the next start reads the same keys', async () => {
    const file = keyFile();
    const first = await createLocalKms({ keyFile: file, production: false }).loadKeys();
    const again = await createLocalKms({ keyFile: file, production: false }).loadKeys();
    expect([...again.aadhaar.keys.values()][0]!.equals([...first.aadhaar.keys.values()][0]!)).toBe(true);
    expect(again['file-link'].current).toBe(first['file-link'].current);
  });

  it('refuses a malformed key file with the reason', async () => {
    const file = keyFile();
    await createLocalKms({ keyFile: file, production: false }).loadKeys();
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.aadhaar.keys[json.aadhaar.current] = 'short';
    writeFileSync(file, JSON.stringify(json));
    await expect(createLocalKms({ keyFile: file, production: false }).loadKeys()).rejects.toThrow(/must be 32 bytes/);
    writeFileSync(file, '{');
    await expect(createLocalKms({ keyFile: file, production: false }).loadKeys()).rejects.toThrow(/not valid JSON/);
  });
});
