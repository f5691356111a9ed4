import type { SahyogDb } from './db';
import { newLocalId } from './ids';
import { guardQuota } from './storage-errors';

/**
 * The local mirror row of an application opened by its server id: found, or created (status
 * DRAFT, nothing to sync) in one transaction, so two callers at once get the same row.
 */
export async function ensureLocalApplication(db: SahyogDb, serverId: string, now = Date.now()): Promise<string> {
  return guardQuota(() =>
    db.transaction('rw', [db.applications, db.serverIds], async () => {
      const existing = await db.applications.where('serverId').equals(serverId).first();
      if (existing) return existing.localId;
      const localId = newLocalId();
      await db.applications.add({ localId, serverId, status: 'DRAFT', stage: [], syncState: 'synced', createdAt: now, updatedAt: now });
      // Kept clear too: a locked drain sends this application's sealed steps to its server id.
      await db.serverIds.put({ key: `$app:${localId}`, id: serverId });
      return localId;
    }),
  );
}
