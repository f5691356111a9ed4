import { useCallback, useEffect, useRef, useState } from 'react';
import { calendarDateOf, familyMemberSchema, LIMITS } from '../../../domain';
import { checkStepForm, useDraftAutosave, useQueuedSubmit, useStepForm } from '../../components/form';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { queueRecord } from '../../db/application-steps.actions';
import { forgetRecordFormId } from '../../db/drafts.actions';
import { useParkedRecord } from '../../db/parked-steps.hooks';
import type { LocalRecord } from '../../db/records';
import { FAMILY_FILE_FIELDS, FAMILY_TEXT_FIELDS, familyForm, NEW_MEMBER_FORM, type FamilyValues } from './family-member-fields';
import { familySchemaInput, planFamilySubmit } from './family-member-submit';

const FAMILY_FIELDS = [...FAMILY_TEXT_FIELDS, ...FAMILY_FILE_FIELDS];

type Options = {
  applicationLocalId: string;
  /** The member's client id (also its server id). */
  localId: string;
  /** The member as stored on the phone, live; undefined for a new one. */
  record: LocalRecord | undefined;
  initial: FamilyValues;
  /** After the submit is queued (a toast, the list). */
  onQueued: () => void;
};

/**
 * One family member's form on the kit: react-hook-form state, the draft autosave (restored by
 * the screen on reload), the pincode lookup filling city and state, and the queued submit.
 */
export function useFamilyMemberForm({ applicationLocalId, localId, record, initial, onQueued }: Options) {
  const recordRef = useRef(record);
  recordRef.current = record;
  const form = useStepForm({
    // Today's date at each check (the age rules).
    schema: () => familyMemberSchema(calendarDateOf(new Date())),
    defaultValues: initial,
    input: (values) => familySchemaInput(applicationLocalId, localId, recordRef.current, values),
  });
  const { setValue, getValues } = form;
  // City and state come from the pincode; a pincode the directory lacks makes them typed fields.
  const [manualCityState, setManualCityState] = useState(false);

  const autosave = useDraftAutosave({
    form,
    draft: { form: familyForm(localId), applicationLocalId },
    onChange: () => queued.setError(null),
  });
  const queued = useQueuedSubmit({
    autosave,
    parked: useParkedRecord(applicationLocalId, localId),
    fields: FAMILY_FIELDS,
    validate: async () => {
      const parsed = await checkStepForm(form);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      return { ok: true, plan: await planFamilySubmit({ applicationLocalId, localId, record: recordRef.current, data: parsed.data }) };
    },
    queue: async (submit) => {
      await queueRecord(submit);
      await forgetRecordFormId(NEW_MEMBER_FORM, applicationLocalId, localId);
    },
    onQueued,
  });

  // The first lookup re-checks a restored pincode: a miss keeps what was typed, editable.
  const restoring = useRef(false);
  const pincode = usePincodeLookup((found) => {
    const wasRestoring = restoring.current;
    restoring.current = false;
    setManualCityState(!found);
    if (!found && wasRestoring) return;
    // Unchanged values are not set again: opening a form is not a change to save.
    if (getValues('city') !== (found?.city ?? '')) setValue('city', found?.city ?? '');
    if (getValues('state') !== (found?.state ?? '')) setValue('state', found?.state ?? '');
  });
  const { lookUp } = pincode;

  useEffect(() => {
    const saved = getValues('pincode');
    if (saved.length !== LIMITS.pincodeLength) return;
    restoring.current = true;
    lookUp(saved);
  }, [getValues, lookUp]);

  /** Spec 02 §5: a new pincode clears city and state, then looks them up at 6 digits. */
  const setPincode = useCallback(
    (value: string) => {
      if (value === getValues('pincode')) return;
      restoring.current = false;
      setManualCityState(false);
      setValue('pincode', value);
      setValue('city', '');
      setValue('state', '');
      lookUp(value);
    },
    [getValues, setValue, lookUp],
  );

  return { form, queued, saveError: autosave.saveError, lookup: pincode.state, manualCityState, setPincode };
}
