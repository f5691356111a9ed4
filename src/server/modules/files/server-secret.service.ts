import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { AADHAAR_KEY_SECRET, aadhaarKey } from '../verification/aadhaar-crypto';

/** A secret made once and shared through the database, so every API node signs alike. */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}

/** The keys of the server (app.secrets), loaded once at start-up. */
export type ServerSecrets = {
  /** Signs the short-lived file links (file-url.ts). */
  fileUrl: string;
  /** Encrypts the full Aadhaar numbers kept on applications (aadhaar-crypto.ts). */
  aadhaarKey: Buffer;
};

export async function loadServerSecrets(db: Db): Promise<ServerSecrets> {
  return { fileUrl: await getOrCreateSecret(db, 'file-url'), aadhaarKey: aadhaarKey(await getOrCreateSecret(db, AADHAAR_KEY_SECRET)) };
}
