import { signalQueued } from '../sync/sync-signal';
import type { SahyogDb } from './db';
import { addToOutbox, readQueueContext } from './outbox.repository';
import { guardQuota } from './storage-errors';

/** For each conflicting field, the value the person keeps: theirs (their phone's) or the one on the server. */
export type Choice = 'yours' | 'theirs';

/**
 * The person's decision on a conflict (issue 32), queued like any write (offline too): the write
 * that met the conflict is sent again, as the phone last sent it, on the version the conflict
 * answered, naming as changed only the fields where they keep their own value (the server keeps
 * the others) and the conflict it resolves, which the history records. The decision leaves the
 * application in the same transaction; until then nothing typed is lost.
 */
export async function resolveDecision(
  db: SahyogDb,
  applicationLocalId: string,
  record: string,
  choices: Readonly<Record<string, Choice>>,
  now = Date.now(),
): Promise<void> {
  const context = await readQueueContext(db);
  await guardQuota(() =>
    db.transaction('rw', [db.outbox, db.applications], async () => {
      const app = await db.applications.get(applicationLocalId);
      const decision = app?.decisions?.find((d) => d.record === record);
      const body = app?.sentBodies?.[record];
      if (!app || !decision || !body) throw new Error('The decision is not on this device');
      const kept = decision.fields.filter((f) => choices[f.field] === 'yours').map((f) => f.field);
      const condition = { record, ifMatch: decision.version, changed: kept, resolves: decision.version };
      const { method, url, effect } = decision.write;
      await addToOutbox(
        db,
        [{ label: decision.label, applicationLocalId, request: { kind: 'json', base: 'main', method, url, body, condition }, effect }],
        context,
        now,
      );
      await db.applications.update(applicationLocalId, { decisions: app.decisions!.filter((d) => d !== decision), updatedAt: now });
    }),
  );
  signalQueued();
}
