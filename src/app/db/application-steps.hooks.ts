import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import type { LocalApplication, LocalRecord, LocalRecordKind } from './records';

/** The local application, live; undefined while loading or when absent. */
export function useLocalApplication(localId: string | undefined): LocalApplication | undefined {
  return useLiveQuery(async () => (localId ? getDb().applications.get(localId) : undefined), [localId]);
}

/** The co-applicants or family members of an application on this phone, oldest first; undefined while loading. */
export function useLocalRecords(applicationLocalId: string | undefined, kind: LocalRecordKind): LocalRecord[] | undefined {
  return useLiveQuery(async () => {
    if (!applicationLocalId) return [];
    const rows = await getDb().records.where('[applicationLocalId+kind]').equals([applicationLocalId, kind]).toArray();
    return rows.sort((a, b) => a.createdAt - b.createdAt);
  }, [applicationLocalId, kind]);
}

/** One record, live. */
export function useLocalRecord(localId: string | undefined): LocalRecord | undefined {
  return useLiveQuery(async () => (localId ? getDb().records.get(localId) : undefined), [localId]);
}
