import { useCallback, useRef, useState } from 'react';
import { MSG } from '../../../domain';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { READ_ONLY_MESSAGE, useFrameApplication } from '../application-frame/frame-application';
import type { DraftAutosave } from './use-draft-autosave';

/** The one (first) message of a form, and the field it is about (none for a failed write). */
export type FormError = { message: string; field?: string };

/** What `validate` decides: go on with this plan, or stop (with a message, or quietly: a warning already shows). */
export type SubmitPlan<P> = { ok: true; plan: P } | { ok: false; error: FormError | null; outcome?: 'invalid' | 'mismatch' };

export type SubmitOutcome = 'queued' | 'invalid' | 'mismatch' | 'failed' | 'busy';

export type QueuedSubmitOptions<P, R> = {
  /** The form's draft: stopped before the write, reopened when it fails. */
  autosave: Pick<DraftAutosave, 'stop' | 'reopen'>;
  /** Checks the values with the domain schema and builds what is queued. */
  validate: () => Promise<SubmitPlan<P>> | SubmitPlan<P>;
  /** Writes the outbox entry (or entries) with the step's local effects, through the db repository. */
  queue: (plan: P, at: number) => Promise<R>;
  /** After the write: a toast, the next screen. */
  onQueued?: (result: R, plan: P) => void;
  /** The banner's message when the write fails (a full disk says so instead). */
  failedMessage?: string;
};

/**
 * The one queued submit of the forms: one at a time; validate; stop the draft; write the
 * outbox entry through the db repository (works offline: the engine sends it later); then
 * `onQueued` (navigate). A refusal sets the one message and counts `refusals`, so the form can
 * bring the field into view (`useShowFirstError`).
 */
export function useQueuedSubmit<P, R>({
  autosave,
  validate,
  queue,
  onQueued,
  failedMessage = MSG.somethingWentWrong,
}: QueuedSubmitOptions<P, R>) {
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [queuedAt, setQueuedAt] = useState<number | null>(null);
  const [refusals, setRefusals] = useState(0);
  const readOnly = useFrameApplication()?.readOnly === true;
  const sending = useRef(false);
  /** Queued and not refused since: a second submit would queue it twice. */
  const queued = useRef(false);
  const refuse = useCallback((next: FormError) => {
    setError(next);
    setRefusals((n) => n + 1);
  }, []);

  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    if (sending.current || queued.current) return 'busy';
    // An approved application: nothing is queued (the server would refuse it: issue 21 D16).
    if (readOnly) {
      refuse({ message: READ_ONLY_MESSAGE });
      return 'invalid';
    }
    sending.current = true;
    setBusy(true);
    try {
      const checked = await validate();
      if (!checked.ok) {
        if (checked.error) refuse(checked.error);
        return checked.outcome ?? 'invalid';
      }
      setError(null);
      const at = Date.now();
      await autosave.stop();
      const result = await queue(checked.plan, at);
      queued.current = true;
      setQueuedAt(at);
      onQueued?.(result, checked.plan);
      return 'queued';
    } catch (caught) {
      void autosave.reopen();
      refuse({ message: caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : failedMessage });
      return 'failed';
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }, [autosave, validate, queue, onQueued, failedMessage, refuse, readOnly]);

  /** The server refused the queued item: the form is editable again, its draft saved again. */
  const reopen = useCallback(
    (message: string) => {
      queued.current = false;
      setQueuedAt(null);
      refuse({ message: message || failedMessage });
      void autosave.reopen();
    },
    [autosave, failedMessage, refuse],
  );

  return { submit, busy, error, setError, refuse, refusals, queuedAt, reopen };
}
