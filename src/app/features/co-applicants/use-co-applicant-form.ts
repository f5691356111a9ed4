import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CO_APPLICANT_NAME_DEVIATION, coApplicantSchema, toIsoDate, type CalendarDate } from '../../../domain';
import { fileReferences, submitRecord } from '../../db/application-steps.repository';
import { getDb } from '../../db/db';
import { createDraftSaver, saveDraft } from '../../db/drafts.repository';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { ageOf, entryLabel, isCoApplicantType, recordFileFields, type CoApplicantValues } from './co-applicant-fields';
import { forgetNewCoApplicant } from './new-co-applicant-id';
import { isNameMismatch, type IdentityChecks } from './use-identity-checks';

export const SUBMIT_FAILED = 'Failed to submit co-applicant details. Please try again.';
export const VERIFY_FIRST = 'Verify the PAN (and the voter ID when given) before submitting.';

export type CoApplicantError = { message: string; field?: string };

/** The draft of a co-applicant form: what is typed and what was verified. */
export type CoApplicantDraft = { values: CoApplicantValues; checks: IdentityChecks };

export type SubmitTarget = {
  applicationLocalId: string;
  /** The record's client id: its files, its draft and its id on the server. */
  localId: string;
  recordIndex: number;
  /** A rejected guarantor this form replaces (POST .../co-applicant/replace with id_to_replace). */
  replacing?: string;
  /** The server already has the record, or its add is still queued: PATCH it. */
  update: boolean;
  /** The server's view of the record, whose file ids stand when the phone has no file. */
  server?: Record<string, unknown>;
};

/** The file's server id a body value stands for, for validation: `{"$file": id}` or a server id. */
function fileIdOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const ref = value && typeof value === 'object' ? (value as { $file?: unknown }).$file : undefined;
  return typeof ref === 'string' ? ref : '';
}

/** Method and URL of the submit (docs/application-api.md, co-applicant routes). */
export function submitRoute(target: Pick<SubmitTarget, 'localId' | 'replacing' | 'update'>): { method: 'POST' | 'PATCH'; url: string } {
  if (target.update) return { method: 'PATCH', url: `/v1/app/mfi/co-applicant/${target.localId}` };
  if (target.replacing) return { method: 'POST', url: '/v1/app/mfi/{app}/co-applicant/replace' };
  return { method: 'POST', url: '/v1/app/mfi/{app}/co-applicant' };
}

export type SubmitOutcome = 'invalid' | 'mismatch' | 'queued' | 'failed' | 'busy';

/**
 * The co-borrower / guarantor form: values in react-hook-form, a draft (values and checks) on
 * every change, and Submit: coApplicantSchema over the values and the phone's files, then one
 * queued request for the record (spec 02 §4; the form is reset by leaving it).
 */
export function useCoApplicantForm(target: SubmitTarget, start: CoApplicantDraft, today: CalendarDate) {
  const form = useForm<CoApplicantValues>({ defaultValues: start.values });
  const [error, setError] = useState<CoApplicantError | null>(null);
  const [busy, setBusy] = useState(false);
  const [submittedAt, setSubmittedAt] = useState<number | null>(null);
  const submitted = useRef(false);
  const checksRef = useRef<IdentityChecks>(start.checks);
  const draftForm = `co_applicant.${target.localId}`;
  const saver = useMemo(
    () => createDraftSaver((values) => saveDraft(getDb(), draftForm, values, target.applicationLocalId)),
    [draftForm, target.applicationLocalId],
  );

  const saveNow = useCallback(() => {
    if (!submitted.current) saver.schedule({ values: form.getValues(), checks: checksRef.current });
  }, [form, saver]);

  useEffect(() => {
    const subscription = form.watch(() => {
      setError(null);
      saveNow();
    });
    const onHide = () => void saver.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      void saver.flush();
    };
  }, [form, saveNow, saver]);

  /** The identity checks changed: kept in the draft with the values. */
  const setChecks = useCallback(
    (checks: IdentityChecks) => {
      checksRef.current = checks;
      saveNow();
    },
    [saveNow],
  );

  /**
   * Validates and queues the record. `gate` (online, for the creator) requires the verified PAN
   * and runs the name match; a name mismatch goes as the type's deviation, the match result its info.
   */
  const submit = useCallback(
    async (gate?: () => Promise<'ok' | 'unverified' | 'mismatch'>): Promise<SubmitOutcome> => {
      if (busy || submitted.current) return 'busy';
      setBusy(true);
      try {
        const db = getDb();
        const values = form.getValues();
        const refs = await fileReferences(db, target.applicationLocalId, recordFileFields(target.localId), target.server ?? {});
        const files = Object.fromEntries(Object.entries(refs).map(([field, value]) => [field, fileIdOf(value)]));
        const age = ageOf(values.dob, today);
        const parsed = coApplicantSchema(today).safeParse({ ...values, age, ...files, id: target.localId });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          setError({ message: issue?.message ?? SUBMIT_FAILED, field: typeof issue?.path[0] === 'string' ? issue.path[0] : undefined });
          return 'invalid';
        }
        const verdict = gate ? await gate() : 'ok';
        if (verdict === 'unverified') {
          setError({ message: VERIFY_FIRST, field: 'pan' });
          return 'invalid';
        }
        if (verdict === 'mismatch') return 'mismatch';
        const current = checksRef.current;
        const type = parsed.data.type;
        const mismatch = isNameMismatch(current, parsed.data.name) && isCoApplicantType(type);
        const deviations = mismatch ? [{ type: CO_APPLICANT_NAME_DEVIATION[type], info: current.match!.result }] : undefined;
        const { method, url } = submitRoute(target);
        const body: Record<string, unknown> = {
          ...parsed.data,
          id: target.localId,
          dob: toIsoDate(parsed.data.dob) ?? parsed.data.dob,
          ...refs,
          ...(deviations ? { deviations } : {}),
          ...(target.replacing && !target.update ? { id_to_replace: target.replacing } : {}),
        };
        const kept = {
          ...values,
          age,
          id: target.localId,
          record_index: target.recordIndex,
          ...(target.replacing ? { id_to_replace: target.replacing } : {}),
          ...(deviations ? { deviations } : {}),
        };
        const at = Date.now();
        submitted.current = true;
        saver.cancel();
        await submitRecord(
          db,
          { applicationLocalId: target.applicationLocalId, kind: 'co_applicant', localId: target.localId, form: `co_applicant.${target.localId}`, label: entryLabel(type, parsed.data.name), method, url, body, values: kept },
          at,
        );
        await forgetNewCoApplicant(db, target.applicationLocalId, target.localId);
        setSubmittedAt(at);
        return 'queued';
      } catch (caught) {
        submitted.current = false;
        setError({ message: caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : SUBMIT_FAILED });
        return 'failed';
      } finally {
        setBusy(false);
      }
    },
    [busy, form, saver, target, today],
  );

  /** The server refused the queued item: editable again, the draft saved again. */
  const reopen = useCallback(
    (message: string) => {
      submitted.current = false;
      setSubmittedAt(null);
      setError({ message: message || SUBMIT_FAILED });
      void saveDraft(getDb(), draftForm, { values: form.getValues(), checks: checksRef.current }, target.applicationLocalId);
    },
    [draftForm, form, target.applicationLocalId],
  );

  return { form, error, setError, busy, submittedAt, submit, reopen, setChecks };
}
