import { useCallback, useRef } from 'react';
import {
  CO_APPLICANT_NAME_DEVIATION,
  CO_APPLICANT_ROUTES,
  coApplicantSchema,
  pathOf,
  queuedPathOf,
  toIsoDate,
  type CalendarDate,
} from '../../../domain';
import { checkStepForm, useDraftAutosave, useQueuedSubmit, useStepForm, type SubmitOutcome, type SubmitPlan } from '../../components/form';
import { fileReferencesOf, queueRecord } from '../../db/application-steps.actions';
import type { RecordSubmit } from '../../db/application-steps.repository';
import { forgetRecordFormId } from '../../db/drafts.actions';
import {
  ageOf,
  CO_APPLICANT_TEXT_FIELDS,
  entryLabel,
  isCoApplicantType,
  NEW_FORMS,
  recordFileFields,
  type CoApplicantValues,
} from './co-applicant-fields';
import { isNameMismatch, type IdentityChecks } from './use-identity-checks';

export const VERIFY_FIRST = 'Verify the PAN (and the voter ID when given) before submitting.';

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

type Gate = () => Promise<'ok' | 'unverified' | 'mismatch'>;

/** The file's server id a body value stands for, for validation: `{"$file": id}` or a server id. */
function fileIdOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const ref = value && typeof value === 'object' ? (value as { $file?: unknown }).$file : undefined;
  return typeof ref === 'string' ? ref : '';
}

/** Method and URL of the submit (docs/application-api.md, co-applicant routes). */
export function submitRoute(target: Pick<SubmitTarget, 'localId' | 'replacing' | 'update'>): { method: 'POST' | 'PATCH'; url: string } {
  if (target.update) return { method: 'PATCH', url: pathOf(CO_APPLICANT_ROUTES.update, { coId: target.localId }) };
  return { method: 'POST', url: queuedPathOf(CO_APPLICANT_ROUTES[target.replacing ? 'replace' : 'add']) };
}

/**
 * The co-borrower / guarantor form on the kit: values in react-hook-form, the draft (values and
 * checks) autosaved, and Submit: coApplicantSchema over the values and the phone's files, then
 * one queued request for the record (spec 02 §4; the form is reset by leaving it).
 */
export function useCoApplicantForm(target: SubmitTarget, start: CoApplicantDraft, today: CalendarDate) {
  const files = () => fileReferencesOf(target.applicationLocalId, recordFileFields(target.localId), target.server ?? {});
  const form = useStepForm({
    schema: () => coApplicantSchema(today),
    defaultValues: start.values,
    // The typed values with the age, the phone's files and the record's client id.
    input: async (values) => ({
      ...values,
      age: ageOf(values.dob, today),
      ...Object.fromEntries(Object.entries(await files()).map(([field, value]) => [field, fileIdOf(value)])),
      id: target.localId,
    }),
  });
  const checksRef = useRef<IdentityChecks>(start.checks);
  const gateRef = useRef<Gate | undefined>(undefined);
  const autosave = useDraftAutosave({
    form,
    draft: { form: `co_applicant.${target.localId}`, applicationLocalId: target.applicationLocalId },
    snapshot: () => ({ values: form.getValues(), checks: checksRef.current }),
    onChange: () => queued.setError(null),
  });

  const validate = async (): Promise<SubmitPlan<RecordSubmit>> => {
    const values = form.getValues();
    const age = ageOf(values.dob, today);
    const parsed = await checkStepForm(form);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const refs = await files();
    const verdict = gateRef.current ? await gateRef.current() : 'ok';
    if (verdict === 'unverified') return { ok: false, error: { message: VERIFY_FIRST, field: 'pan' } };
    if (verdict === 'mismatch') return { ok: false, error: null, outcome: 'mismatch' };
    const current = checksRef.current;
    const type = parsed.data.type;
    const mismatch = isNameMismatch(current, parsed.data.name) && isCoApplicantType(type);
    const deviations = mismatch ? [{ type: CO_APPLICANT_NAME_DEVIATION[type], info: current.match!.result }] : undefined;
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
    const plan: RecordSubmit = {
      applicationLocalId: target.applicationLocalId,
      kind: 'co_applicant',
      localId: target.localId,
      form: `co_applicant.${target.localId}`,
      label: entryLabel(type),
      ...submitRoute(target),
      body,
      values: kept,
    };
    return { ok: true, plan };
  };

  const queued = useQueuedSubmit({
    autosave,
    // The form follows the server's answer (the bureau) before it says anything.
    toast: false,
    fields: [...CO_APPLICANT_TEXT_FIELDS, ...Object.keys(recordFileFields(target.localId))],
    validate,
    queue: async (plan, at) => {
      await queueRecord(plan, at);
      await forgetRecordFormId(NEW_FORMS, target.applicationLocalId, target.localId);
    },
  });

  /** The identity checks changed: kept in the draft with the values. */
  const { schedule } = autosave;
  const setChecks = useCallback(
    (checks: IdentityChecks) => {
      checksRef.current = checks;
      schedule();
    },
    [schedule],
  );

  /**
   * Validates and queues the record. `gate` (online, for the creator) requires the verified PAN
   * and runs the name match; a name mismatch goes as the type's deviation, the match result its info.
   */
  const submit = (gate?: Gate): Promise<SubmitOutcome> => {
    gateRef.current = gate;
    return queued.submit();
  };

  return {
    form,
    error: queued.error,
    refusals: queued.refusals,
    busy: queued.busy,
    saveError: autosave.saveError,
    submittedAt: queued.queuedAt,
    submit,
    reopen: queued.reopen,
    setChecks,
  };
}
