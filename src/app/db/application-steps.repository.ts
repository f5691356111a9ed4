import { signalQueued } from '../sync/sync-signal';
import { reconcileApplication } from '../sync/reconcile';
import type { SahyogDb } from './db';
import { addToOutbox, readQueueContext } from './outbox.repository';
import type { JsonRequest, LocalRecord, LocalRecordKind } from './records';
import { guardQuota } from './storage-errors';
import { draftKey, saveDraft } from './drafts.repository';
import { withSentBody, writeConditionOf } from './write-condition';

/** A step's submit: one outbox entry, written with the step's local effects in one transaction. */
export type StepSubmit = {
  applicationLocalId: string;
  /** Draft and step name, e.g. `borrower`, `kyc`: its draft is cleared, its values kept in `steps`. */
  form: string;
  /** What the sync centre calls the entry, e.g. 'Borrower details'. */
  label: string;
  method: JsonRequest['method'];
  /** Main-API path; `{app}` stands for the application's server id. */
  url: string;
  /** The request body; `{"$file": localId}` stands for an uploaded file's server id. */
  body: Record<string, unknown>;
  /** The form's values as the officer entered them, kept on the application. */
  values: Record<string, unknown>;
  /** The stage this submit completes, shown at once (the server's answer confirms it). */
  stage?: string;
};

/**
 * Submits a step from the phone: queues its request, keeps what was entered on the local
 * application, marks the stage and clears the draft, all or nothing. Works offline: the engine
 * sends it when it can, and the server's answer (a rejection, say) lands on the application.
 */
export async function submitStep(db: SahyogDb, step: StepSubmit, now = Date.now()): Promise<number> {
  const context = await readQueueContext(db);
  const seq = await guardQuota(() =>
    db.transaction('rw', [db.outbox, db.applications, db.drafts], async () => {
      const app = await db.applications.get(step.applicationLocalId);
      if (!app) throw new Error('The application is not on this device');
      const condition = writeConditionOf(app, step.method, step.url, step.body);
      const [queued] = await addToOutbox(
        db,
        [
          {
            label: step.label,
            applicationLocalId: step.applicationLocalId,
            request: {
              kind: 'json',
              base: 'main',
              method: step.method,
              url: step.url,
              body: step.body,
              ...(condition ? { condition } : {}),
            },
            effect: { type: 'application-answer', applicationLocalId: step.applicationLocalId },
          },
        ],
        context,
        now,
      );
      const stage = step.stage && !app.stage.includes(step.stage) ? [...app.stage, step.stage] : app.stage;
      await db.applications.update(step.applicationLocalId, {
        steps: { ...app.steps, [step.form]: step.values },
        ...withSentBody(app, condition, step.body),
        stage,
        updatedAt: now,
      });
      await db.drafts.delete(draftKey(step.form, step.applicationLocalId));
      return queued!;
    }),
  );
  signalQueued();
  return seq;
}

/** A change to a step that is not its submit, e.g. the bank step's "Change account". */
export type StepChange = {
  applicationLocalId: string;
  /** The step's draft name. */
  form: string;
  label: string;
  /** Main-API path of the POST that makes the change on the server (`{app}` as for a step). */
  url: string;
  /** Its body; null: nothing to tell the server (what it would undo was never recorded there). */
  body: Record<string, unknown> | null;
  /** The form's draft after the change, so a reload shows it. */
  draft: Record<string, unknown>;
  /** Keys of the submitted step's values replaced by the change (its checks), so they no longer come back. */
  stepValues?: Record<string, unknown>;
};

/**
 * Makes a change to a step on the phone and queues it for the server, all or nothing: the
 * request (works offline, sent in order after what is already queued), the form's draft, and the
 * submitted step's values it overrides.
 */
export async function submitStepChange(db: SahyogDb, change: StepChange, now = Date.now()): Promise<void> {
  const context = await readQueueContext(db);
  await guardQuota(() =>
    db.transaction('rw', [db.outbox, db.applications, db.drafts], async () => {
      const app = await db.applications.get(change.applicationLocalId);
      if (!app) throw new Error('The application is not on this device');
      if (change.body) {
        await addToOutbox(
          db,
          [
            {
              label: change.label,
              applicationLocalId: change.applicationLocalId,
              request: { kind: 'json', base: 'main', method: 'POST', url: change.url, body: change.body },
              effect: { type: 'application-answer', applicationLocalId: change.applicationLocalId },
            },
          ],
          context,
          now,
        );
      }
      const submitted = app.steps?.[change.form];
      if (submitted && change.stepValues) {
        await db.applications.update(change.applicationLocalId, {
          steps: { ...app.steps, [change.form]: { ...submitted, ...change.stepValues } },
          updatedAt: now,
        });
      }
      await saveDraft(db, change.form, change.draft, change.applicationLocalId, now);
    }),
  );
  if (change.body) signalQueued();
}

export type RecordSubmit = {
  applicationLocalId: string;
  kind: LocalRecordKind;
  /** Generated when the form opened (files are stored under it); also the server id. */
  localId: string;
  /** Draft name of the form, cleared with the submit. */
  form: string;
  label: string;
  method: JsonRequest['method'];
  url: string;
  body: Record<string, unknown>;
  values: Record<string, unknown>;
};

/** Saves a co-applicant or family member on the phone and queues its request, all or nothing. */
export async function submitRecord(db: SahyogDb, input: RecordSubmit, now = Date.now()): Promise<void> {
  const context = await readQueueContext(db);
  await guardQuota(() =>
    db.transaction('rw', [db.outbox, db.applications, db.drafts, db.records], async () => {
      const existing = await db.records.get(input.localId);
      const app = await db.applications.get(input.applicationLocalId);
      const condition = app ? writeConditionOf(app, input.method, input.url, input.body) : undefined;
      const record: LocalRecord = {
        localId: input.localId,
        applicationLocalId: input.applicationLocalId,
        kind: input.kind,
        values: input.values,
        syncState: 'pending',
        server: existing?.server,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await db.records.put(record);
      await addToOutbox(
        db,
        [
          {
            label: input.label,
            applicationLocalId: input.applicationLocalId,
            request: {
              kind: 'json',
              base: 'main',
              method: input.method,
              url: input.url,
              body: input.body,
              ...(condition ? { condition } : {}),
            },
            effect: { type: 'record-answer', recordLocalId: input.localId },
          },
        ],
        context,
        now,
      );
      if (app && condition) await db.applications.update(input.applicationLocalId, withSentBody(app, condition, input.body));
      await db.drafts.delete(draftKey(input.form, input.applicationLocalId));
    }),
  );
  signalQueued();
}

/**
 * The body value of each file field: `{"$file": localId}` for a file captured on this phone
 * (the engine puts in its server id once uploaded); otherwise what the form holds (a server
 * file id of a record loaded from the server).
 */
export async function fileReferences(
  db: SahyogDb,
  applicationLocalId: string,
  fields: Record<string, string>,
  current: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [bodyField, fileField] of Object.entries(fields)) {
    const files = await db.files.where('[applicationLocalId+field]').equals([applicationLocalId, fileField]).toArray();
    const kept = files.filter((f) => f.uploadState !== 'failed').sort((a, b) => a.capturedAt - b.capturedAt);
    const latest = kept[kept.length - 1];
    out[bodyField] = latest ? { $file: latest.localId } : (current[bodyField] ?? null);
  }
  return out;
}

/**
 * The body value of a multi-file field (bank statements): `{"$file": localId}` for each file
 * kept on this phone, in capture order; otherwise the server's list (or id) the form holds.
 */
export async function fileListReferences(
  db: SahyogDb,
  applicationLocalId: string,
  fields: Record<string, string>,
  current: Record<string, unknown> = {},
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [bodyField, fileField] of Object.entries(fields)) {
    const files = await db.files.where('[applicationLocalId+field]').equals([applicationLocalId, fileField]).toArray();
    const kept = files.filter((f) => f.uploadState !== 'failed').sort((a, b) => a.capturedAt - b.capturedAt);
    const known = current[bodyField];
    out[bodyField] =
      kept.length > 0
        ? kept.map((f) => ({ $file: f.localId }))
        : Array.isArray(known)
          ? known
          : typeof known === 'string' && known !== ''
            ? [known]
            : [];
  }
  return out;
}

type ServerRecord = Record<string, unknown> & { id?: unknown };

/**
 * Writes the server's view of an application into the local mirror, with its co-applicants and
 * family members. A record with a submit still queued on this phone keeps its local values.
 */
export async function mirrorServerApplication(
  db: SahyogDb,
  applicationLocalId: string,
  view: Record<string, unknown>,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', [db.applications, db.records], async () => {
    const app = await db.applications.get(applicationLocalId);
    if (!app) return;
    const { co_applicants, family_members, ...rest } = view;
    await db.applications.put(reconcileApplication(app, rest, now));
    const lists: [LocalRecordKind, unknown][] = [
      ['co_applicant', co_applicants],
      ['family_member', family_members],
    ];
    for (const [kind, list] of lists) {
      if (!Array.isArray(list)) continue;
      for (const item of list as ServerRecord[]) {
        if (typeof item.id !== 'string') continue;
        const local = await db.records.get(item.id);
        if (local && local.syncState !== 'synced') continue;
        await db.records.put({
          localId: item.id,
          applicationLocalId,
          kind,
          values: item,
          syncState: 'synced',
          server: item,
          createdAt: local?.createdAt ?? now,
          updatedAt: now,
        });
      }
    }
  });
}
