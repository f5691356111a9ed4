import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';

/** A secret made once and shared through the database, so every API node signs alike. */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
