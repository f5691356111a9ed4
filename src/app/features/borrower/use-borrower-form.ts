import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useDraftAutosave, useQueuedSubmit, useShowFirstError, type SubmitPlan } from '../../components/form';
import { useOnline } from '../../components/use-online';
import { queueStep } from '../../db/application-steps.actions';
import type { StepSubmit } from '../../db/application-steps.repository';
import { currentNameMatch, verificationsDone, type BorrowerChecks } from './borrower-checks';
import { borrowerInputId, tenureForLoanType, type BorrowerField, type BorrowerValues } from './borrower-fields';
import { planBorrowerSubmit, type BorrowerMethod } from './borrower-submit';
import { BORROWER_FORM, type BorrowerDraft } from './use-borrower-start';
import { useAadhaarFrontPrefill } from './use-aadhaar-front-prefill';
import { useBorrowerPincode } from './use-borrower-pincode';
import { today, useFieldErrors } from './use-field-errors';
import { useIdentityChecks } from './use-identity-checks';
import { useValidationOtp } from './use-validation-otp';
import { borrowerText } from './borrower.text';

type Options = {
  localId: string | undefined;
  serverId: string | undefined;
  initial: BorrowerDraft;
  method: BorrowerMethod;
  /** Next waits for the verifications (the relationship officer, spec 02 §5). */
  gated: boolean;
  /** The access policy lets this caller run checks on the application now. */
  mayVerify: boolean;
};

/**
 * The borrower form: react-hook-form values, the verifications, a draft saved on every change
 * (keyed to the application, or to "new" before the mobile is verified), the pincode lookup,
 * and the submit queued through the outbox (so it works offline once the mobile is verified).
 */
export function useBorrowerForm({ localId, serverId, initial, method, gated, mayVerify }: Options) {
  const navigate = useNavigate();
  const online = useOnline();
  const form = useForm<BorrowerValues>({ defaultValues: initial.values });
  const { getValues, setValue, watch } = form;
  const [checks, setChecksState] = useState<BorrowerChecks>(initial.checks);
  const checksRef = useRef(checks);
  const { errors, setErrors, setAttempted, setFieldError, clearFieldError, connectBanner } = useFieldErrors(form, checksRef, method);

  // Every change is kept as the draft (keyed to the application, or to "new" before the mobile
  // check); after a refused submit the messages follow the values as they are corrected.
  const autosave = useDraftAutosave({
    form,
    draft: { form: BORROWER_FORM, applicationLocalId: localId },
    snapshot: () => ({ values: getValues(), checks: checksRef.current }) satisfies BorrowerDraft,
    onChange: (name) => {
      if (name === 'loan_type') {
        const tenure = tenureForLoanType(getValues('loan_type'), getValues('tenure_requested'));
        if (tenure !== getValues('tenure_requested')) setValue('tenure_requested', tenure);
      }
      if (name) setErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
    },
  });
  const scheduleDraft = autosave.schedule;

  const setChecks = useCallback(
    (update: (current: BorrowerChecks) => BorrowerChecks) => {
      checksRef.current = update(checksRef.current);
      setChecksState(checksRef.current);
      scheduleDraft();
    },
    [scheduleDraft],
  );

  const { lookup, stateFound, setPincode } = useBorrowerPincode(form, initial.values.state.trim() !== '');
  const identity = useIdentityChecks({
    form,
    serverId,
    online,
    mayVerify,
    checks,
    setChecks,
    setFieldError,
    clearFieldError,
    setPincode,
  });
  useAadhaarFrontPrefill(localId, form, setPincode);
  const mobileOtp = useValidationOtp(form, checksRef, autosave);

  const values = watch();
  const done = verificationsDone(checks, values);
  const match = currentNameMatch(values.name, checks);
  const mismatch = match !== null && match.is_match === false;

  /** Spec 02 §5: the verifications (PD1), then the schema's first message, then the names compared again. */
  const validate = async (): Promise<SubmitPlan<Omit<StepSubmit, 'applicationLocalId'>>> => {
    if (gated && !verificationsDone(checksRef.current, getValues()))
      return { ok: false, error: { message: borrowerText.en['borrower.verifyBeforeNext'] } };
    setAttempted(true);
    const plan = planBorrowerSubmit(getValues(), checksRef.current, { today: today(), method });
    if (!plan.ok) {
      setErrors(plan.errors);
      return { ok: false, error: { message: plan.first.message, field: plan.first.field } };
    }
    setErrors({});
    if (!localId || !serverId) return { ok: false, error: { message: borrowerText.en['borrower.verifyMobileFirst'] } };
    // Names compared with other names than these: compare again first (when online), and let
    // the officer see a mismatch before continuing with the deviation.
    if (identity.nameMatchStale && online && mayVerify && !plan.deviation) {
      const matched = await identity.matchNow();
      if (matched === false) return { ok: false, error: null, outcome: 'mismatch' };
    }
    const final = planBorrowerSubmit(getValues(), checksRef.current, { today: today(), method });
    return final.ok ? { ok: true, plan: final.submit } : { ok: false, error: null };
  };

  const queued = useQueuedSubmit({
    autosave,
    validate,
    queue: (step, at) => queueStep({ applicationLocalId: localId!, ...step }, at),
    onQueued: () => navigate(`/application/kyc?id=${serverId}`),
  });
  connectBanner(queued);

  // A refused Next: the focus goes to the first field the schema refused.
  const refusedField = queued.error?.field;
  useShowFirstError(queued.refusals, () => ({
    focus: refusedField ? document.getElementById(borrowerInputId(refusedField as BorrowerField)) : null,
  }));

  return {
    form,
    online,
    checks,
    errors,
    banner: queued.error?.message ?? null,
    busy: queued.busy,
    saveError: autosave.saveError,
    lookup,
    stateFound,
    setPincode,
    identity,
    mobileOtp,
    mismatch,
    nextBlocked: gated && !done,
    showFieldError: setFieldError,
    clearAadhaar: () => {
      setValue('aadhaar', '', { shouldDirty: true });
      setChecks((c) => ({ ...c, aadhaar: false }));
    },
    submit: queued.submit,
  };
}
