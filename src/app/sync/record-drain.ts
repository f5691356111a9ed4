import type { SahyogDb } from '../db/db';
import { KV_KEYS, writeKv } from '../db/kv.repository';
import type { DrainResult } from './engine';

/** Keeps the time of the last drain that got something accepted, for the sync centre. */
export async function recordDrain(db: SahyogDb, result: DrainResult, now = Date.now()): Promise<void> {
  if (result !== 'skipped' && result.sent > 0) await writeKv(db, KV_KEYS.lastSyncAt, now);
}
