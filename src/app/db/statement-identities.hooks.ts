import { useLiveQuery } from 'dexie-react-hooks';
import type { StatementIdentity } from '../../domain';
import { getDb } from './db';
import { statementIdentitiesKey } from './statement-identities.actions';

/** The identities read from the application's bank statements on this phone, live (newest first). */
export function useStatementIdentities(applicationLocalId: string): StatementIdentity[] {
  return useLiveQuery(
    async () => ((await getDb().kv.get(statementIdentitiesKey(applicationLocalId)))?.value as StatementIdentity[] | undefined) ?? [],
    [applicationLocalId],
    [],
  );
}
