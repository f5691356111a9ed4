import { useCallback, useEffect, useRef } from 'react';
import { BUSINESS_DETAILS_FIELDS, businessDetailsSchema, LIMITS, type BankListItem } from '../../../domain';
import { checkStepForm, useDraftAutosave, useQueuedSubmit, useStepForm } from '../../components/form';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { queueStep } from '../../db/application-steps.actions';
import { useParkedStep } from '../../db/parked-steps.hooks';
import { BUSINESS_FORM, type BusinessValues } from './business-fields';
import { BUSINESS_URL, businessSchemaInput, planBusinessSubmit, type BusinessPlan } from './business-submit';

type Options = {
  applicationLocalId: string;
  initial: BusinessValues;
  /** The server's business details (their file ids stand when the phone has none). */
  server: Record<string, unknown>;
  banks: readonly BankListItem[] | null | undefined;
  method: 'POST' | 'PATCH';
  /** After the submit is queued and the toast shown: the next step. */
  onQueued: () => void;
};

/**
 * The business form on the kit: values in react-hook-form, the draft autosave, the pincode
 * lookup (district, city and state), and Next: businessDetailsSchema through the resolver, the
 * bank code, then one queued business-detail request recording BUSINESS_INFO (works offline).
 */
export function useBusinessForm({ applicationLocalId, initial, server, banks, method, onQueued }: Options) {
  const latest = useRef({ server, banks, method });
  latest.current = { server, banks, method };
  const form = useStepForm({
    schema: businessDetailsSchema,
    defaultValues: initial,
    input: (values) => businessSchemaInput(applicationLocalId, values, latest.current.server),
  });
  const { getValues, setValue } = form;
  const autosave = useDraftAutosave({ form, draft: { form: BUSINESS_FORM, applicationLocalId }, onChange: () => queued.setError(null) });
  const queued = useQueuedSubmit<BusinessPlan, number>({
    autosave,
    parked: useParkedStep(applicationLocalId, BUSINESS_URL),
    fields: BUSINESS_DETAILS_FIELDS,
    validate: async () => {
      const parsed = await checkStepForm(form);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const checked = await planBusinessSubmit({
        applicationLocalId,
        data: parsed.data,
        values: getValues(),
        server: latest.current.server,
        banks: latest.current.banks,
      });
      return checked.ok ? { ok: true, plan: checked.plan } : { ok: false, error: { message: checked.message, field: checked.field } };
    },
    queue: ({ body, values }, at) =>
      queueStep(
        {
          applicationLocalId,
          form: BUSINESS_FORM,
          label: 'Business details',
          method: latest.current.method,
          url: BUSINESS_URL,
          body,
          values,
          stage: 'BUSINESS_INFO',
        },
        at,
      ),
    onQueued,
  });

  const restoring = useRef(false);
  const pincode = usePincodeLookup((found) => {
    const wasRestoring = restoring.current;
    restoring.current = false;
    if (!found && wasRestoring) return;
    for (const [field, value] of [
      ['business_city', found?.city],
      ['business_district', found?.district],
      ['business_state', found?.state],
    ] as const) {
      if (getValues(field) !== (value ?? '')) setValue(field, value ?? '');
    }
  });
  const { lookUp } = pincode;
  useEffect(() => {
    const saved = getValues('business_pincode');
    if (saved.length !== LIMITS.pincodeLength) return;
    restoring.current = true;
    lookUp(saved);
  }, [getValues, lookUp]);

  /** Spec 02 §5: a new pincode clears district, city and state, then looks them up at 6 digits. */
  const setPincode = useCallback(
    (value: string) => {
      if (value === getValues('business_pincode')) return;
      restoring.current = false;
      setValue('business_pincode', value);
      for (const field of ['business_city', 'business_district', 'business_state'] as const) setValue(field, '');
      lookUp(value);
    },
    [getValues, setValue, lookUp],
  );

  return { form, queued, saveError: autosave.saveError, lookup: pincode.state, setPincode };
}
