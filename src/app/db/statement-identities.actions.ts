import type { StatementIdentity } from '../../domain';
import { getDb } from './db';

/**
 * Keeps the identities read from an application's statements (holder, account, IFSC, bank, type)
 * on the phone, sealed like every borrower datum, newest first and one per account, so the bank
 * account step can offer them (issue 21 D10) offline too.
 */
export async function saveStatementIdentities(applicationLocalId: string, read: readonly StatementIdentity[]): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.statementIdentities, async () => {
    const kept = (await db.statementIdentities.get(applicationLocalId))?.identities ?? [];
    const fresh = read.filter((identity) => identity.account_number);
    const accounts = new Set(fresh.map((identity) => identity.account_number));
    const identities = [...fresh, ...kept.filter((identity) => !accounts.has(identity.account_number))];
    await db.statementIdentities.put({ applicationLocalId, identities });
  });
}
