import { useCallback, useEffect, useRef, useState } from 'react';
import { discardOutboxEntries } from '../../db/outbox.actions';
import type { ParkedSubmit } from '../../db/parked-steps.hooks';
import { READ_ONLY_MESSAGE, useFrameApplication } from '../application-frame/frame-application';
import { useOnline } from '../use-online';
import { notifyStepSubmitted, refusalField, refusalMessage, submitFailureMessage } from './step-outcome';
import { registerOpenStep } from './open-step';
import type { DraftAutosave } from './use-draft-autosave';

/** The one (first) message of a form, and the field it is about (none for a failed write). */
export type FormError = { message: string; field?: string };

/** What `validate` decides: go on with this plan, or stop (with a message, or quietly: a warning already shows). */
export type SubmitPlan<P> = { ok: true; plan: P } | { ok: false; error: FormError | null; outcome?: 'invalid' | 'mismatch' };

export type SubmitOutcome = 'queued' | 'invalid' | 'mismatch' | 'failed' | 'busy';

export type QueuedSubmitOptions<P, R> = {
  /**
   * The form's draft: stopped before the write, reopened when it fails; with its application and
   * `hasChanges`, the open step is saved by a Resubmit first (issue 21 D4).
   */
  autosave: Pick<DraftAutosave, 'stop' | 'reopen'> & Partial<Pick<DraftAutosave, 'applicationLocalId' | 'hasChanges' | 'resume'>>;
  /** Checks the values with the domain schema and builds what is queued. */
  validate: () => Promise<SubmitPlan<P>> | SubmitPlan<P>;
  /** Writes the outbox entry (or entries) with the step's local effects, through the db repository. */
  queue: (plan: P, at: number) => Promise<R>;
  /** After the write and the toast: the next screen. */
  onQueued?: (result: R, plan: P) => void;
  /**
   * The success toast: the step's own message when it goes at once (default 'Form submitted
   * successfully!'; offline every step says the same), or false for a step that follows the
   * server's answer before it says anything.
   */
  toast?: string | false;
  /** The step's earlier submit that the server refused: the form reopens on it, and the next submit replaces it. */
  parked?: ParkedSubmit | null;
  /** The step's field names, so a refusal that names one shows beside it; a step's own messages that mean a field. */
  fields?: readonly string[];
  fieldsByMessage?: Readonly<Record<string, string>>;
};

/**
 * The one queued submit of the forms: one at a time; validate; stop the draft; write the
 * outbox entry through the db repository (works offline: the engine sends it later); the one
 * success toast; then `onQueued` (navigate). A refusal (the form's own check, a failed write, or
 * the server's answer to an earlier submit) sets the one message, on its field when it names
 * one, and counts `refusals`, so the form can bring the field into view (`useShowFirstError`).
 */
export function useQueuedSubmit<P, R>({
  autosave,
  validate,
  queue,
  onQueued,
  toast,
  parked,
  fields = [],
  fieldsByMessage,
}: QueuedSubmitOptions<P, R>) {
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [queuedAt, setQueuedAt] = useState<number | null>(null);
  const [refusals, setRefusals] = useState(0);
  const readOnly = useFrameApplication()?.readOnly === true;
  const online = useOnline();
  const sending = useRef(false);
  /** Queued and not refused since: a second submit would queue it twice. */
  const queued = useRef(false);
  const latest = useRef({ parked, fields, fieldsByMessage, online });
  latest.current = { parked, fields, fieldsByMessage, online };
  const refuse = useCallback((next: FormError) => {
    setError(next);
    setRefusals((n) => n + 1);
  }, []);

  /** `stay`: queued for a Resubmit, the screen stays (no toast, no next screen) and the form stays editable. */
  const send = useCallback(
    async (stay: boolean): Promise<SubmitOutcome> => {
      if (sending.current || queued.current) return 'busy';
      // An approved application: nothing is queued (the server would refuse it: issue 21 D16).
      if (readOnly) {
        refuse({ message: READ_ONLY_MESSAGE });
        return 'invalid';
      }
      sending.current = true;
      setBusy(true);
      // The refused item this submit replaces: once the new one is queued, it leaves the sync centre.
      const replaces = latest.current.parked?.seq;
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
        if (replaces !== undefined) void discardOutboxEntries([replaces]);
        if (stay) {
          autosave.resume?.();
          return 'queued';
        }
        queued.current = true;
        setQueuedAt(at);
        if (toast !== false) notifyStepSubmitted(latest.current.online, toast);
        onQueued?.(result, checked.plan);
        return 'queued';
      } catch (caught) {
        void autosave.reopen();
        refuse({ message: submitFailureMessage(caught, true) });
        return 'failed';
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [autosave, validate, queue, onQueued, toast, refuse, readOnly],
  );

  const submit = useCallback(() => send(false), [send]);

  // Open on the screen: a Resubmit saves this step first when it holds a change.
  const { applicationLocalId, hasChanges } = autosave;
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!applicationLocalId || !hasChanges) return;
    return registerOpenStep({ applicationLocalId, hasChanges, save: () => sendRef.current(true) });
  }, [applicationLocalId, hasChanges]);

  /** The server refused the queued item: the form is editable again, its draft saved again, the reason on its field or in the banner. */
  const reopen = useCallback(
    (message: string, field?: string) => {
      const { fields, fieldsByMessage } = latest.current;
      queued.current = false;
      setQueuedAt(null);
      refuse({ message: refusalMessage(message), field: field ?? refusalField(message, fields, fieldsByMessage) });
      void autosave.reopen();
    },
    [autosave, refuse],
  );

  // A refusal that arrives (or is found when the step opens) reopens the form, once per refused item.
  useEffect(() => {
    if (parked) reopen(parked.message);
  }, [parked?.seq]);

  return { submit, busy, error, setError, refuse, refusals, queuedAt, reopen };
}
