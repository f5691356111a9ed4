import type { SahyogDb } from './db';

/**
 * At logout: everything the server already holds is deleted from the phone (the cached list,
 * lookups, what bank statements said, applications with nothing left to send and no draft, their records and files). What
 * is not on the server yet stays, sealed: queued items with what they need to be sent (their
 * application, records and files), and drafts with their application.
 */
export async function clearSyncedData(db: SahyogDb): Promise<void> {
  await db.transaction(
    'rw',
    [db.outbox, db.applications, db.records, db.files, db.fileBlobs, db.drafts, db.listRows, db.lookups, db.statementIdentities],
    async () => {
      const queued = await db.outbox.toArray();
      const drafts = await db.drafts.toArray();
      const keptApps = new Set([...queued, ...drafts].flatMap((e) => (e.applicationLocalId ? [e.applicationLocalId] : [])));
      const keptFiles = new Set(queued.flatMap((e) => (e.request.kind === 'upload' ? e.request.fileLocalIds : [])));
      const keptRecords = new Set(queued.flatMap((e) => (e.effect.type === 'record-answer' ? [e.effect.recordLocalId] : [])));
      // `{"$file"}` references inside queued bodies name files still needed to resolve them.
      // (a body sealed for the server names them in clear beside it).
      for (const entry of queued) {
        for (const ref of entry.sealed?.refs ?? []) if (ref.startsWith('$file:')) keptFiles.add(ref.slice('$file:'.length));
        const json = JSON.stringify(entry.request.kind === 'json' ? entry.request.body : entry.request.fields) ?? '';
        for (const match of json.matchAll(/"\$file":"([^"]+)"/g)) keptFiles.add(match[1]!);
      }
      await db.listRows.clear();
      await db.lookups.clear();
      await db.statementIdentities.clear();
      const apps = await db.applications.toCollection().primaryKeys();
      await db.applications.bulkDelete(apps.filter((id) => !keptApps.has(id)));
      const records = await db.records.toArray();
      await db.records.bulkDelete(
        records.filter((r) => !keptRecords.has(r.localId) && !keptApps.has(r.applicationLocalId)).map((r) => r.localId),
      );
      const files = await db.files.toArray();
      const goneFiles = files
        .filter(
          (f) =>
            !keptFiles.has(f.localId) && (f.uploadState === 'uploaded' || !f.applicationLocalId || !keptApps.has(f.applicationLocalId)),
        )
        .map((f) => f.localId);
      await db.files.bulkDelete(goneFiles);
      await db.fileBlobs.bulkDelete(goneFiles);
    },
  );
}
