import { useCallback, useRef, useState } from 'react';
import { bankAccountChangeSchema, bankAccountSchema } from '../../../domain';
import { checkStepForm, fieldElement, useDraftAutosave, useQueuedSubmit, useStepForm, type FormError } from '../../components/form';
import { fileReferencesOf, queueStep, queueStepChange } from '../../db/application-steps.actions';
import { useParkedStep } from '../../db/parked-steps.hooks';
import { StorageFullError, STORAGE_FULL_MESSAGE } from '../../db/storage-errors';
import { businessStepsText as bankAccountSteps } from '../../i18n/business-steps.text';
import { bankAccountText } from './bank-account.text';
import {
  BANK_CHANGE_URL,
  BANK_FORM,
  BANK_PROOF,
  BANK_TEXT_FIELDS,
  BANK_URL,
  bankDeviation,
  bankInputId,
  type BankChecks,
  type BankValues,
} from './bank-account-fields';

type Options = {
  applicationLocalId: string;
  initial: BankValues;
  initialChecks: BankChecks;
  server: Record<string, unknown>;
  method: 'POST' | 'PATCH';
  onQueued: () => void;
};

const checkValue = (ref: unknown): string | undefined => {
  if (typeof ref === 'string' && ref !== '') return ref;
  if (ref && typeof ref === 'object' && '$file' in ref) return String((ref as { $file: unknown }).$file);
  return undefined;
};

/**
 * The bank account form on the kit: values and the bank checks in the draft, and Submit:
 * bankAccountSchema (the account type upper-cased, the IFSC trimmed), the bank proof, the
 * deviation when the holder's name did not match, then one queued bank-account request
 * recording BANK_ACCOUNT (works offline).
 */
export function useBankAccountForm({ applicationLocalId, initial, initialChecks, server, method, onQueued }: Options) {
  const [checks, setChecksState] = useState<BankChecks>(initialChecks);
  const checksRef = useRef(checks);
  checksRef.current = checks;
  const latest = useRef({ server, method });
  latest.current = { server, method };
  const proofRef = () => fileReferencesOf(applicationLocalId, { [BANK_PROOF.field]: BANK_PROOF.uploadField }, latest.current.server);
  const form = useStepForm({
    schema: bankAccountSchema,
    defaultValues: initial,
    // The typed values with the bank proof, and the name deviation when the holder's name did not match.
    input: async (values) => {
      const deviations = bankDeviation(checksRef.current);
      return { ...values, bank_proof: checkValue((await proofRef()).bank_proof), ...(deviations ? { deviations } : {}) };
    },
  });
  const parked = useParkedStep(applicationLocalId, BANK_URL);

  /** A message of the form's own (Verify's refusal, a failed change), beside the field it is about. */
  const [fieldError, setFieldError] = useState<FormError | null>(null);

  const autosave = useDraftAutosave({
    form,
    draft: { form: BANK_FORM, applicationLocalId },
    snapshot: () => ({ ...form.getValues(), checks: checksRef.current }),
    onChange: () => {
      queued.setError(null);
      setFieldError(null);
    },
  });
  const setChecks = useCallback(
    (next: BankChecks) => {
      checksRef.current = next;
      setChecksState(next);
      autosave.schedule();
    },
    [autosave.schedule],
  );

  const queued = useQueuedSubmit({
    autosave,
    parked,
    fields: [...BANK_TEXT_FIELDS, BANK_PROOF.field],
    toast: bankAccountSteps.en['bank.submitted'],
    validate: async () => {
      const values = form.getValues();
      const parsed = await checkStepForm(form);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const deviations = bankDeviation(checksRef.current);
      const body = { ...parsed.data, bank_proof: (await proofRef()).bank_proof, ...(deviations ? { deviations } : {}) };
      return { ok: true, plan: { body, values: { ...values, checks: checksRef.current } } };
    },
    queue: ({ body, values }, at) =>
      queueStep(
        {
          applicationLocalId,
          form: BANK_FORM,
          label: 'Bank account',
          method: latest.current.method,
          url: BANK_URL,
          body,
          values,
          stage: 'BANK_ACCOUNT',
        },
        at,
      ),
    onQueued,
  });

  /**
   * "Change account" (issue 21 D1): the verification and the name match go, on the phone at once
   * (draft and submitted values) and on the server through the outbox (works offline), so the
   * account, its confirmation and the IFSC can be corrected and verified again. A check the
   * server cannot have recorded (an old draft's invalid account) is only dropped here.
   */
  const changeAccount = useCallback(async (): Promise<boolean> => {
    const given = checksRef.current.verified;
    const cleared: BankChecks = {};
    const body = given ? bankAccountChangeSchema.safeParse({ account_number: given.account_number, ifsc_code: given.ifsc }) : null;
    try {
      await queueStepChange({
        applicationLocalId,
        form: BANK_FORM,
        label: 'Bank account change',
        url: BANK_CHANGE_URL,
        body: body?.success ? body.data : null,
        draft: { ...form.getValues(), checks: cleared },
        stepValues: { checks: cleared },
      });
    } catch (caught) {
      setFieldError({ message: caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : bankAccountText.en['bank.changeFailed'] });
      return false;
    }
    queued.setError(null);
    setFieldError(null);
    setChecks(cleared);
    return true;
  }, [applicationLocalId, form, queued.setError, setChecks]);

  /** A field 'Verify' cannot check yet (use-bank-checks.ts): its message beside it, and the focus on it. */
  const refuseCheck = (field: string, message: string) => {
    queued.setError(null);
    setFieldError({ field, message });
    fieldElement(bankInputId(field))?.focus();
  };

  return { form, checks, setChecks, queued, parked, saveError: autosave.saveError, fieldError, setFieldError, changeAccount, refuseCheck };
}
