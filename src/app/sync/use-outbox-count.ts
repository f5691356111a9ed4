import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../db/db';
import { countUnsynced } from '../db/outbox.repository';

/**
 * How many items wait to reach the server (pending, retrying or needing attention), or
 * `undefined` until the device database has answered: after a reload, "nothing waits" must not
 * be shown for the moment before the outbox has been read.
 */
export function useOutboxCount(): number | undefined {
  return useLiveQuery(() => countUnsynced(getDb()), []);
}
