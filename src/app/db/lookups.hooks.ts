import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import { readLookup, type LookupKey } from './lookups.repository';

/** A cached server list, live: undefined while loading, null when the phone has none yet. */
export function useCachedLookup<T>(key: LookupKey): T | null | undefined {
  return useLiveQuery(async () => (await readLookup<T>(getDb(), key)) ?? null, [key]);
}

/**
 * A server list kept on the phone: read live from the device, and fetched again (once per
 * screen) whenever there is a connection, so a form opened offline has the last copy.
 */
export function useCachedList<T>(key: LookupKey, refresh: () => Promise<void>, online: boolean): T[] | null | undefined {
  const list = useCachedLookup<T[]>(key);
  const refreshed = useRef(false);
  useEffect(() => {
    if (!online || refreshed.current) return;
    refreshed.current = true;
    void refresh();
  }, [online, refresh]);
  return list;
}
