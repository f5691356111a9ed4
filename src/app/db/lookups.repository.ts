import type { SahyogDb } from './db';

/** Lists the server answers once and the phone keeps for offline use (spec 02 §7: bank list, business categories). */
export const LOOKUP_KEYS = {
  bankList: 'bank-list',
  businessCategories: 'business-categories',
} as const;
export type LookupKey = (typeof LOOKUP_KEYS)[keyof typeof LOOKUP_KEYS];

/** Keeps the server's latest answer for `key` (the previous one is replaced). */
export async function saveLookup(db: SahyogDb, key: LookupKey, value: unknown, now = Date.now()): Promise<void> {
  await db.lookups.put({ key, value, updatedAt: now });
}

/** The kept answer for `key`, or undefined when the phone has never fetched it. */
export async function readLookup<T>(db: SahyogDb, key: LookupKey): Promise<T | undefined> {
  return (await db.lookups.get(key))?.value as T | undefined;
}
