import type { SahyogDb } from './db';
import type { DraftRecord } from './records';

export function draftKey(form: string, applicationLocalId?: string): string {
  return `${applicationLocalId ?? 'new'}:${form}`;
}

/** One put per save: the whole form's values, so a reload or a dead battery loses nothing. */
export async function saveDraft(
  db: SahyogDb,
  form: string,
  values: Record<string, unknown>,
  applicationLocalId?: string,
  now = Date.now(),
): Promise<void> {
  const record: DraftRecord = { key: draftKey(form, applicationLocalId), form, applicationLocalId, values, updatedAt: now };
  await db.drafts.put(record);
}

export async function loadDraft(db: SahyogDb, form: string, applicationLocalId?: string): Promise<Record<string, unknown> | undefined> {
  return (await db.drafts.get(draftKey(form, applicationLocalId)))?.values;
}

export async function deleteDraft(db: SahyogDb, form: string, applicationLocalId?: string): Promise<void> {
  await db.drafts.delete(draftKey(form, applicationLocalId));
}

/**
 * Debounced saver for a form: the latest values win, at most one write in flight, and `flush`
 * (on page hide) writes what is pending at once. `onResult` hears each write's outcome (null for
 * a success), so a form can show a failed save; a failed write does not stop the next ones.
 */
export function createDraftSaver(
  save: (values: Record<string, unknown>) => Promise<void>,
  delayMs = 300,
  onResult?: (error: unknown) => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Record<string, unknown> | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let writing = 0;

  const write = (values: Record<string, unknown>) =>
    save(values)
      .finally(() => (writing -= 1))
      .then(
        () => onResult?.(null),
        (error: unknown) => {
          onResult?.(error ?? new Error('The draft was not saved'));
          if (!onResult) throw error;
        },
      );

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return inFlight;
    const values = pending;
    pending = undefined;
    // Nothing in flight: the write starts now (a screen opened next reads it, see drafts.actions).
    writing += 1;
    inFlight = writing === 1 ? write(values) : inFlight.catch(() => undefined).then(() => write(values));
    return inFlight;
  };

  return {
    schedule(values: Record<string, unknown>) {
      pending = values;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush().catch(() => undefined), delayMs);
    },
    flush,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
