import type { SahyogDb } from '../db/db';

/** Whether the data key's tables can be read and written: unlocked, or no PIN set. Locked, the sealed outbox still drains. */
export const tablesReadable = (db: SahyogDb): boolean => !!db.vault.key || !db.vault.configured;
