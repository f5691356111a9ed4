import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import type { OutboxEntry } from './records';

/** A queued submit the server refused (parked as needing attention), with the server's message. */
export type ParkedSubmit = { seq: number; message: string };

const parkedOf = (entries: OutboxEntry[], matches: (entry: OutboxEntry) => boolean): ParkedSubmit | null => {
  const parked = entries.filter((e) => e.state === 'needs_attention' && matches(e)).at(-1);
  return parked ? { seq: parked.seq!, message: parked.lastError ?? '' } : null;
};

/**
 * The last queued step of an application to this URL that the server refused (parked as needing
 * attention), with the server's message: a form reopens on it when the officer comes back.
 */
export function useParkedStep(applicationLocalId: string, url: string): ParkedSubmit | null | undefined {
  return useLiveQuery(async () => {
    const entries = await getDb().outbox.where('applicationLocalId').equals(applicationLocalId).toArray();
    return parkedOf(entries, (e) => e.request.kind === 'json' && e.request.url === url);
  }, [applicationLocalId, url]);
}

/** The last refused submit of one record (a family member, a co-applicant), as `useParkedStep`. */
export function useParkedRecord(applicationLocalId: string, recordLocalId: string): ParkedSubmit | null | undefined {
  return useLiveQuery(async () => {
    const entries = await getDb().outbox.where('applicationLocalId').equals(applicationLocalId).toArray();
    return parkedOf(
      entries,
      (e) => e.request.kind === 'json' && e.effect.type === 'record-answer' && e.effect.recordLocalId === recordLocalId,
    );
  }, [applicationLocalId, recordLocalId]);
}
