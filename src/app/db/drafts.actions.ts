import { getDb } from './db';
import { createDraftSaver, deleteDraft, draftKey, loadDraft, saveDraft } from './drafts.repository';
import { newLocalId } from './ids';

/**
 * The drafts of this device's database, as named operations for screens and the form kit (they
 * never open the database themselves). `applicationLocalId` undefined is the "new" slot: a form
 * not tied to an application (a borrower before the mobile check, the signed-out registration).
 */
/** Draft writes of this page still under way: a form opened again at once reads what its last screen wrote. */
const writing = new Map<string, Promise<unknown>>();
function track<T>(key: string, write: Promise<T>): Promise<T> {
  const settled = write.catch(() => undefined);
  writing.set(key, settled);
  void settled.then(() => writing.get(key) === settled && writing.delete(key));
  return write;
}

export async function loadFormDraft(form: string, applicationLocalId?: string): Promise<Record<string, unknown> | undefined> {
  await writing.get(draftKey(form, applicationLocalId));
  return loadDraft(getDb(), form, applicationLocalId);
}
export const saveFormDraft = (form: string, values: Record<string, unknown>, applicationLocalId?: string) =>
  track(draftKey(form, applicationLocalId), saveDraft(getDb(), form, values, applicationLocalId));
export const deleteFormDraft = (form: string, applicationLocalId?: string) =>
  track(draftKey(form, applicationLocalId), deleteDraft(getDb(), form, applicationLocalId));

/**
 * A debounced saver of one form's draft (see `createDraftSaver`). Its `flush` (a screen left) is
 * tracked as a whole: behind a write in flight, the last values are written only after it, and a
 * form opened again at once must wait for that one too.
 */
export function createFormDraftSaver(
  form: string,
  applicationLocalId: string | undefined,
  onResult: (error: unknown) => void,
  delayMs?: number,
) {
  const saver = createDraftSaver((values) => saveFormDraft(form, values, applicationLocalId), delayMs, onResult);
  return { ...saver, flush: () => track(draftKey(form, applicationLocalId), saver.flush()) };
}

/**
 * The client id of a new record's form (a co-applicant, a family member): fixed when the form
 * first opens, because its draft and files are kept under it. An unfinished form of the same
 * `slot` is picked up again the next time it opens, unless `taken` says a record has that id.
 * The ids wait in the draft `registry` (one per kind of record) of the application.
 */
export async function newRecordFormId(
  registry: string,
  applicationLocalId: string,
  slot: string,
  taken: (id: string) => boolean,
): Promise<string> {
  const saved = (await loadFormDraft(registry, applicationLocalId)) ?? {};
  const previous = saved[slot];
  if (typeof previous === 'string' && !taken(previous)) return previous;
  const localId = newLocalId();
  await saveFormDraft(registry, { ...saved, [slot]: localId }, applicationLocalId);
  return localId;
}

/** After a submit: the record exists, so the next form of that kind starts a new one. */
export async function forgetRecordFormId(registry: string, applicationLocalId: string, localId: string): Promise<void> {
  const saved = await loadFormDraft(registry, applicationLocalId);
  if (!saved) return;
  const rest = Object.fromEntries(Object.entries(saved).filter(([, id]) => id !== localId));
  if (Object.keys(rest).length === 0) await deleteFormDraft(registry, applicationLocalId);
  else await saveFormDraft(registry, rest, applicationLocalId);
}
