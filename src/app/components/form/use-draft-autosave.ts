import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { createFormDraftSaver, loadFormDraft } from '../../db/drafts.actions';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { en } from '../../i18n/en';

/** Shown when a draft could not be written (the form keeps working; the next change tries again). */
export const DRAFT_SAVE_FAILED = en['form.draftSaveFailed'];

export type DraftAutosaveOptions<T extends FieldValues, C, O> = {
  /** The form (with a resolver, its parsed output type may differ: the draft keeps the raw values). */
  form: UseFormReturn<T, C, O>;
  /** The draft's name and application (undefined: the "new" slot of this device). */
  draft: { form: string; applicationLocalId?: string };
  /** What a save writes; default the form's values (a form may keep its checks beside them). */
  snapshot?: () => Record<string, unknown>;
  /** Every change of a value, before it is saved (not after a submit): clear a message, derive a field. */
  onChange?: (name: string | undefined) => void;
  delayMs?: number;
};

export type DraftAutosave = ReturnType<typeof useDraftAutosave<FieldValues>>;

/**
 * The one draft autosave of the forms: every change is saved (debounced, one write at a time);
 * leaving the page (`pagehide`) or the screen writes what is pending; after a submit (`stop`)
 * nothing is written again, since the submit cleared the draft, until `reopen`; a failed save is
 * kept in `saveError` for the form to show, and the next change tries again.
 */
export function useDraftAutosave<T extends FieldValues, C = unknown, O = T>({
  form,
  draft,
  snapshot,
  onChange,
  delayMs,
}: DraftAutosaveOptions<T, C, O>) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const stopped = useRef(false);
  const read = useRef(snapshot);
  read.current = snapshot;
  const changed = useRef(onChange);
  changed.current = onChange;

  const saver = useMemo(
    () =>
      createFormDraftSaver(
        draft.form,
        draft.applicationLocalId,
        (error) => setSaveError(error === null ? null : error instanceof StorageFullError ? STORAGE_FULL_MESSAGE : DRAFT_SAVE_FAILED),
        delayMs,
      ),
    [draft.form, draft.applicationLocalId, delayMs],
  );

  const take = useCallback(() => read.current?.() ?? (form.getValues() as Record<string, unknown>), [form]);

  /** Saves the current values soon: for a change the form does not hold (a verification). */
  const schedule = useCallback(() => {
    if (!stopped.current) saver.schedule(take());
  }, [saver, take]);

  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (stopped.current) return;
      changed.current?.(name);
      schedule();
    });
    const onHide = () => void saver.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      if (!stopped.current) void saver.flush();
    };
  }, [form, saver, schedule]);

  /** Whether the form holds a change not yet submitted: its draft, once what is pending is written (issue 21 D4). */
  const hasChanges = useCallback(async (): Promise<boolean> => {
    if (stopped.current) return false;
    await saver.flush();
    return (await loadFormDraft(draft.form, draft.applicationLocalId)) !== undefined;
  }, [saver, draft.form, draft.applicationLocalId]);

  return {
    saveError,
    schedule,
    /** The application the draft belongs to (none: the "new" slot). */
    applicationLocalId: draft.applicationLocalId,
    hasChanges,
    /** Writes what is pending now (a refused send keeps the draft as it is on screen). */
    flush: () => saver.flush(),
    /** Before a submit: nothing more is saved, and a write in flight lands before the submit's. */
    stop: async () => {
      stopped.current = true;
      saver.cancel();
      await saver.flush();
    },
    /** A submit that stays on the screen (before a resubmit): later changes are saved again, as a new draft. */
    resume: () => {
      stopped.current = false;
    },
    /** A refused or failed submit: the form is a draft again, saved now. */
    reopen: () => {
      stopped.current = false;
      saver.schedule(take());
      return saver.flush();
    },
  };
}
