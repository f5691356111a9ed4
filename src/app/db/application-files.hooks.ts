import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from './db';
import type { LocalFileWithBlob } from './records';

/**
 * Every file of an application kept on this phone (captured here), with its bytes, live; undefined
 * while loading. The case view shows these without a connection, found by their server id.
 */
export function useApplicationFiles(applicationLocalId: string | undefined): LocalFileWithBlob[] | undefined {
  return useLiveQuery(async () => {
    if (!applicationLocalId) return [];
    const db = getDb();
    const files = await db.files.where('applicationLocalId').equals(applicationLocalId).toArray();
    const blobs = await db.fileBlobs.bulkGet(files.map((f) => f.localId));
    return files.flatMap((meta, i) => {
      const stored = blobs[i];
      return stored ? [{ ...meta, blob: stored.blob }] : [];
    });
  }, [applicationLocalId]);
}
