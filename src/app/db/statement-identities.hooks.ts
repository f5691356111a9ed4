import { useLiveQuery } from 'dexie-react-hooks';
import type { StatementIdentity } from '../../domain';
import { getDb } from './db';

/** The identities read from the application's bank statements on this phone, live (newest first). */
export function useStatementIdentities(applicationLocalId: string): StatementIdentity[] {
  return useLiveQuery(async () => (await getDb().statementIdentities.get(applicationLocalId))?.identities ?? [], [applicationLocalId], []);
}
