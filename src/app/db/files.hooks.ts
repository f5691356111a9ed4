import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import type { LocalFileWithBlob, OutboxState } from './records';

/** A stored file with the state of its queued upload, if one is still in the outbox. */
export type FileView = LocalFileWithBlob & { upload?: { seq: number; state: OutboxState; lastError?: string; nextAttemptAt: number } };

/** The files of one form field of an application, live; undefined while loading. */
export function useFilesFor(applicationLocalId: string | undefined, field: string): FileView[] | undefined {
  return useLiveQuery(async () => {
    if (!applicationLocalId) return [];
    const db = getDb();
    const [files, entries] = await Promise.all([
      db.files.where('[applicationLocalId+field]').equals([applicationLocalId, field]).sortBy('capturedAt'),
      db.outbox.where('applicationLocalId').equals(applicationLocalId).toArray(),
    ]);
    const blobs = await db.fileBlobs.bulkGet(files.map((f) => f.localId));
    return files.flatMap((meta, i): FileView[] => {
      const stored = blobs[i];
      if (!stored) return [];
      const file = { ...meta, blob: stored.blob };
      const entry = entries.find((e) => e.request.kind === 'upload' && e.request.fileLocalIds.includes(file.localId));
      return [
        entry
          ? { ...file, upload: { seq: entry.seq!, state: entry.state, lastError: entry.lastError, nextAttemptAt: entry.nextAttemptAt } }
          : file,
      ];
    });
  }, [applicationLocalId, field]);
}

/** The files of a field whose upload answered a server reading (`parsed_data`) not yet offered to the form, oldest first. */
export function useUnofferedReadings(applicationLocalId: string | undefined, field: string) {
  return useLiveQuery(async () => {
    if (!applicationLocalId) return [];
    const files = await getDb().files.where('[applicationLocalId+field]').equals([applicationLocalId, field]).sortBy('capturedAt');
    return files.filter((file) => file.parsedData != null && !file.parsedDataUsed);
  }, [applicationLocalId, field]);
}
