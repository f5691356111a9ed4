import type { Profile } from '../../domain';
import type { SahyogDb } from './db';
import { isUnlocked } from './device-vault';

/**
 * The signed-in session at rest (issue 31 S3): its token and the officer's profile, in a table the
 * data key seals. Written only while unlocked: a locked or PIN-less database would store it in clear.
 */
export type KeptSession = { token: string; profile: Profile };

const KEY = 'current';

export async function keepSession(db: SahyogDb, session: KeptSession): Promise<boolean> {
  if (!isUnlocked(db)) return false;
  await db.session.put({ key: KEY, token: session.token, profile: session.profile });
  return true;
}

export async function readSession(db: SahyogDb): Promise<KeptSession | undefined> {
  if (!isUnlocked(db)) return undefined;
  const row = await db.session.get(KEY);
  return row ? { token: row.token, profile: row.profile } : undefined;
}

export async function removeSession(db: SahyogDb): Promise<void> {
  await db.session.clear();
}
