import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { decryptAadhaar, encryptAadhaar } from './aadhaar-crypto';
import { KeyConfigurationError, type KeyRing } from '../providers/kms/kms-provider';

/** Where an application keeps an Aadhaar ciphertext: the borrower step's, and the OTP check's. */
const PATHS = [['aadhaar_encrypted'], ['verifications', 'aadhaar', 'aadhaar_encrypted']] as const;

type Row = { tenant_id: string; id: string; a0: string | null; a1: string | null };

/**
 * The data part of moving the keys out of the database, and of every key rotation: each Aadhaar
 * number not sealed under the current key (the old `v1` format included) is opened with the key
 * it names and sealed again under the current one. Each row is rewritten only if it still holds
 * what was read, so a request writing the same application meanwhile wins and is not undone.
 * A ciphertext no key of the ring opens stops the start: the key source lacks a key.
 */
export async function reencryptAadhaar(db: Db, ring: KeyRing): Promise<number> {
  const prefix = `v2.${ring.current}.%`;
  const rows = (
    await db.execute<Row>(sql`
      select tenant_id, id, data #>> '{aadhaar_encrypted}' as a0, data #>> '{verifications,aadhaar,aadhaar_encrypted}' as a1
      from applications
      where data #>> '{aadhaar_encrypted}' not like ${prefix}
         or data #>> '{verifications,aadhaar,aadhaar_encrypted}' not like ${prefix}`)
  ).rows;
  let changed = 0;
  for (const row of rows) {
    for (const [i, path] of PATHS.entries()) {
      const old = i === 0 ? row.a0 : row.a1;
      if (old === null || old.startsWith(prefix.slice(0, -1))) continue;
      let plain: string;
      try {
        plain = decryptAadhaar(ring, old);
      } catch (err) {
        throw new KeyConfigurationError(
          `an Aadhaar number of application ${row.id} cannot be decrypted (${(err as Error).message}): the key source lacks the key it was sealed with`,
        );
      }
      const pathText = `{${path.join(',')}}`;
      const updated = await db.execute(sql`
        update applications set data = jsonb_set(data, ${pathText}::text[], to_jsonb(${encryptAadhaar(ring, plain)}::text))
        where tenant_id = ${row.tenant_id} and id = ${row.id} and data #>> ${pathText}::text[] = ${old}`);
      changed += updated.affectedRows ?? (updated as unknown as { rowCount?: number }).rowCount ?? 0;
    }
  }
  return changed;
}
