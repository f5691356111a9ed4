import { useCallback, useEffect, useRef } from 'react';
import { employmentInfoSchema } from '../../../domain';
import { checkStepForm, useDraftAutosave, useQueuedSubmit, useStepForm } from '../../components/form';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { fileReferencesOf, queueStep } from '../../db/application-steps.actions';
import { useParkedStep } from '../../db/parked-steps.hooks';
import {
  EMPLOYMENT_FILE_FIELDS,
  EMPLOYMENT_FORM,
  EMPLOYMENT_TEXT_FIELDS,
  EMPLOYMENT_URL,
  type EmploymentValues,
  COMPANY_PINCODE_LENGTH,
} from './employment-fields';

const checkValue = (ref: unknown): string | undefined => {
  if (typeof ref === 'string' && ref !== '') return ref;
  if (ref && typeof ref === 'object' && '$file' in ref) return String((ref as { $file: unknown }).$file);
  return undefined;
};
const withoutBlanks = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => !(typeof v === 'string' && v.trim() === '') && v !== undefined));

type Options = { applicationLocalId: string; initial: EmploymentValues; server: Record<string, unknown>; onQueued: () => void };

/**
 * The salaried borrower's step on the kit: employmentInfoSchema over the values and the phone's
 * files (three salary slips), the company pincode filling city and state (read-only), and one
 * queued employment-info request recording BUSINESS_INFO (DECISIONS: both count as it).
 */
export function useEmploymentForm({ applicationLocalId, initial, server, onQueued }: Options) {
  const latest = useRef(server);
  latest.current = server;
  const form = useStepForm({
    schema: employmentInfoSchema,
    defaultValues: initial,
    // The typed values with the phone's files (blank text is "not entered").
    input: async (values) => {
      const refs = await fileReferencesOf(applicationLocalId, EMPLOYMENT_FILE_FIELDS, latest.current);
      return withoutBlanks({ ...values, ...Object.fromEntries(Object.entries(refs).map(([f, ref]) => [f, checkValue(ref)])) });
    },
  });
  const { getValues, setValue } = form;
  const autosave = useDraftAutosave({ form, draft: { form: EMPLOYMENT_FORM, applicationLocalId }, onChange: () => queued.setError(null) });
  const queued = useQueuedSubmit({
    autosave,
    parked: useParkedStep(applicationLocalId, EMPLOYMENT_URL),
    fields: [...EMPLOYMENT_TEXT_FIELDS, ...Object.keys(EMPLOYMENT_FILE_FIELDS)],
    validate: async () => {
      const values = getValues();
      const refs = await fileReferencesOf(applicationLocalId, EMPLOYMENT_FILE_FIELDS, latest.current);
      const parsed = await checkStepForm(form);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const body: Record<string, unknown> = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
      for (const [field, ref] of Object.entries(refs)) if (body[field] !== undefined) body[field] = ref;
      return { ok: true, plan: { body, values } };
    },
    queue: ({ body, values }, at) =>
      queueStep(
        {
          applicationLocalId,
          form: EMPLOYMENT_FORM,
          label: 'Employment details',
          method: 'POST',
          url: EMPLOYMENT_URL,
          body,
          values,
          stage: 'BUSINESS_INFO',
        },
        at,
      ),
    onQueued,
  });

  const pincode = usePincodeLookup((found) => {
    if (getValues('company_city') !== (found?.city ?? '')) setValue('company_city', found?.city ?? '');
    if (getValues('company_state') !== (found?.state ?? '')) setValue('company_state', found?.state ?? '');
  });
  const { lookUp } = pincode;
  useEffect(() => {
    const saved = getValues('company_pincode');
    if (saved.length === COMPANY_PINCODE_LENGTH) lookUp(saved);
  }, [getValues, lookUp]);

  /** Spec 02 §5: a new pincode clears city and state (both read-only for employment), then looks them up. */
  const setPincode = useCallback(
    (value: string) => {
      if (value === getValues('company_pincode')) return;
      setValue('company_pincode', value);
      setValue('company_city', '');
      setValue('company_state', '');
      lookUp(value);
    },
    [getValues, setValue, lookUp],
  );

  return { form, queued, saveError: autosave.saveError, lookup: pincode.state, setPincode };
}
