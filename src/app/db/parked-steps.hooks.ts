import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';

/**
 * The last queued step of an application to this URL that the server refused (parked as needing
 * attention), with the server's message: a form reopens on it when the officer comes back.
 */
export function useParkedStep(applicationLocalId: string, url: string): { seq: number; message: string } | null | undefined {
  return useLiveQuery(async () => {
    const entries = await getDb().outbox.where('applicationLocalId').equals(applicationLocalId).toArray();
    const parked = entries.filter((e) => e.state === 'needs_attention' && e.request.kind === 'json' && e.request.url === url).at(-1);
    return parked ? { seq: parked.seq!, message: parked.lastError ?? '' } : null;
  }, [applicationLocalId, url]);
}
