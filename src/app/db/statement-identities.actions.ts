import type { StatementIdentity } from '../../domain';
import { getDb } from './db';

/** The kv key of what the bank statements of an application said about their account. */
export const statementIdentitiesKey = (applicationLocalId: string) => `statement.identities:${applicationLocalId}`;

/**
 * Keeps the identities read from an application's statements (holder, account, IFSC, bank, type)
 * on the phone, newest first and one per account, so the bank account step can offer them (issue
 * 21 D10) offline too.
 */
export async function saveStatementIdentities(applicationLocalId: string, read: readonly StatementIdentity[]): Promise<void> {
  const db = getDb();
  const key = statementIdentitiesKey(applicationLocalId);
  await db.transaction('rw', db.kv, async () => {
    const kept = ((await db.kv.get(key))?.value as StatementIdentity[] | undefined) ?? [];
    const fresh = read.filter((identity) => identity.account_number);
    const accounts = new Set(fresh.map((identity) => identity.account_number));
    await db.kv.put({ key, value: [...fresh, ...kept.filter((identity) => !accounts.has(identity.account_number))] });
  });
}
