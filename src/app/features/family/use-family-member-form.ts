import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { calendarDateOf, LIMITS, MSG } from '../../../domain';
import { submitRecord } from '../../db/application-steps.repository';
import { getDb } from '../../db/db';
import { createDraftSaver, saveDraft } from '../../db/drafts.repository';
import type { LocalRecord } from '../../db/records';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { familyForm, type FamilyValues } from './family-fields';
import { prepareFamilySubmit } from './family-member-submit';
import { forgetNewMember } from './new-member-id';

export type FamilyFormError = { message: string; field?: string };
export type FamilySubmitOutcome = 'queued' | 'invalid' | 'failed' | 'busy';

type Options = {
  applicationLocalId: string;
  /** The member's client id (also its server id). */
  localId: string;
  /** The member as stored on the phone, live; undefined for a new one. */
  record: LocalRecord | undefined;
  initial: FamilyValues;
};

/**
 * One family member's form: react-hook-form state, the draft saved on every change (restored by
 * the screen on reload), the pincode lookup filling city and state, and the queued submit.
 */
export function useFamilyMemberForm({ applicationLocalId, localId, record, initial }: Options) {
  const form = useForm<FamilyValues>({ defaultValues: initial });
  const { setValue, getValues, watch } = form;
  const [error, setError] = useState<FamilyFormError | null>(null);
  const [busy, setBusy] = useState(false);
  // City and state come from the pincode; a pincode the directory lacks makes them typed fields.
  const [manualCityState, setManualCityState] = useState(false);
  const submitted = useRef(false);
  const sending = useRef(false);
  const recordRef = useRef(record);
  recordRef.current = record;

  const saver = useMemo(
    () => createDraftSaver((values) => saveDraft(getDb(), familyForm(localId), values, applicationLocalId)),
    [applicationLocalId, localId],
  );

  // Every change is kept as the draft; leaving the page (or the screen) writes what is pending.
  useEffect(() => {
    const subscription = watch((values) => {
      if (submitted.current) return;
      setError(null);
      saver.schedule({ ...values });
    });
    const onHide = () => void saver.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      if (!submitted.current) void saver.flush();
    };
  }, [watch, saver]);

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

  const submit = useCallback(async (): Promise<FamilySubmitOutcome> => {
    if (sending.current) return 'busy';
    sending.current = true;
    setBusy(true);
    const db = getDb();
    try {
      const plan = await prepareFamilySubmit(db, {
        applicationLocalId,
        localId,
        record: recordRef.current,
        values: getValues(),
        today: calendarDateOf(new Date()),
      });
      if (!plan.ok) {
        setError({ message: plan.message, field: plan.field });
        return 'invalid';
      }
      // No draft write may land after the submit cleared it.
      submitted.current = true;
      saver.cancel();
      await saver.flush();
      await submitRecord(db, plan.submit);
      await forgetNewMember(db, applicationLocalId, localId);
      return 'queued';
    } catch (caught) {
      submitted.current = false;
      setError({ message: caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : MSG.somethingWentWrong });
      return 'failed';
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }, [applicationLocalId, localId, getValues, saver]);

  return { form, error, busy, lookup: pincode.state, manualCityState, setPincode, submit };
}
