import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { KeyPurpose, KmsProvider } from '../providers/kms/kms-provider';

/** The names the keys had in the old `server_secrets` table. */
const OLD_NAMES: Record<string, KeyPurpose> = { 'aadhaar-encryption': 'aadhaar', 'file-url': 'file-link' };

type Row = { name: string; value: string };

/**
 * Runs before the migrations (migration 0011 drops `server_secrets`): the keys the database still
 * holds are handed to the key source, which writes them durably, and only then is the table
 * dropped. A crash in between leaves the table; the next start moves the same keys again (a
 * no-op: a moved key keeps its id). The Aadhaar numbers are re-encrypted after the migrations
 * (aadhaar-reencrypt.ts).
 */
export async function moveSecretsOutOfDatabase(db: Db, kms: KmsProvider): Promise<number> {
  const exists = await db.execute<{ found: string | null }>(sql`select to_regclass('public.server_secrets')::text as found`);
  if (!exists.rows[0]?.found) return 0;
  let rows: Row[];
  try {
    rows = (await db.execute<Row>(sql`select name, value from server_secrets`)).rows;
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return 0; // another API node moved them meanwhile
    throw err;
  }
  const found = new Map<KeyPurpose, Buffer>();
  for (const row of rows) {
    const purpose = OLD_NAMES[row.name];
    if (purpose) found.set(purpose, Buffer.from(row.value, 'base64url'));
  }
  if (found.size) await kms.adoptKeys(found);
  await db.execute(sql`drop table if exists server_secrets`);
  return found.size;
}
