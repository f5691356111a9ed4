import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import { KV_KEYS, readKv } from './kv.repository';
import type { LocalApplication, OutboxEntry } from './records';

export type OutboxGroup = { applicationLocalId?: string; application?: LocalApplication; entries: OutboxEntry[] };

/** The outbox in order, grouped per application (first-queued application first). */
export function useOutbox(): OutboxGroup[] | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    const entries = await db.outbox.orderBy('seq').toArray();
    const groups = new Map<string, OutboxGroup>();
    for (const entry of entries) {
      const key = entry.applicationLocalId ?? '';
      let group = groups.get(key);
      if (!group) {
        group = { applicationLocalId: entry.applicationLocalId, entries: [] };
        groups.set(key, group);
      }
      group.entries.push(entry);
    }
    const apps = await db.applications.bulkGet([...groups.values()].map((g) => g.applicationLocalId ?? ''));
    return [...groups.values()].map((group, i) => ({ ...group, application: apps[i] }));
  }, []);
}

/** When the outbox last sent something the server accepted. */
export function useLastSyncAt(): number | undefined {
  return useLiveQuery(() => readKv<number>(getDb(), KV_KEYS.lastSyncAt), []);
}

/**
 * One outbox entry, live: the entry while it waits or is parked, null once it is gone (the
 * server accepted it and its answer is in the local tables), undefined while loading.
 */
export function useOutboxEntry(seq: number | null): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (seq === null ? null : ((await getDb().outbox.get(seq)) ?? null)), [seq]);
}
