import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { calendarDateOf, LIMITS, MSG } from '../../../domain';
import { resendValidationOtp, sendValidationOtp, verifyValidationOtp } from '../../api/verification.api';
import { notifySuccess } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { submitStep } from '../../db/application-steps.repository';
import { ensureLocalApplication } from '../../db/applications.repository';
import { getDb } from '../../db/db';
import { createDraftSaver, deleteDraft, saveDraft } from '../../db/drafts.repository';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '../../db/storage-errors';
import { en } from '../../i18n/en';
import { usePincodeLookup } from '../../components/use-pincode-lookup';
import { currentNameMatch, verificationsDone, type BorrowerChecks } from './borrower-checks';
import { borrowerInputId, tenureForLoanType, type BorrowerField, type BorrowerValues } from './borrower-fields';
import { planBorrowerSubmit, type BorrowerMethod, type FieldErrors } from './borrower-submit';
import { BORROWER_FORM, type BorrowerDraft } from './use-borrower-start';
import { useIdentityChecks } from './use-identity-checks';

type Options = {
  localId: string | undefined;
  serverId: string | undefined;
  initial: BorrowerDraft;
  method: BorrowerMethod;
  /** Next waits for the verifications (the relationship officer, spec 02 §5). */
  gated: boolean;
};

export type BorrowerSubmitOutcome = 'queued' | 'invalid' | 'mismatch' | 'failed' | 'busy';

/**
 * The borrower form: react-hook-form values, the verifications, a draft saved on every change
 * (keyed to the application, or to "new" before the mobile is verified), the pincode lookup,
 * and the submit queued through the outbox (so it works offline once the mobile is verified).
 */
export function useBorrowerForm({ localId, serverId, initial, method, gated }: Options) {
  const navigate = useNavigate();
  const online = useOnline();
  const form = useForm<BorrowerValues>({ defaultValues: initial.values });
  const { getValues, setValue, watch } = form;
  const [checks, setChecksState] = useState<BorrowerChecks>(initial.checks);
  const checksRef = useRef(checks);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [stateFound, setStateFound] = useState(initial.values.state.trim() !== '');
  const leaving = useRef(false);
  const sending = useRef(false);

  const saver = useMemo(
    () => createDraftSaver((values) => saveDraft(getDb(), BORROWER_FORM, values, localId).catch(() => undefined)),
    [localId],
  );
  const scheduleDraft = useCallback(() => {
    if (!leaving.current) saver.schedule({ values: getValues(), checks: checksRef.current } satisfies BorrowerDraft);
  }, [saver, getValues]);

  const setChecks = useCallback(
    (update: (current: BorrowerChecks) => BorrowerChecks) => {
      checksRef.current = update(checksRef.current);
      setChecksState(checksRef.current);
      scheduleDraft();
    },
    [scheduleDraft],
  );

  const setFieldError = useCallback((field: BorrowerField, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    setBanner(message);
    document.getElementById(borrowerInputId(field))?.focus();
  }, []);

  const today = () => calendarDateOf(new Date());

  // Every change is kept as the draft; leaving the page (or the screen) writes what is pending.
  // After a refused submit the messages follow the values as they are corrected.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      scheduleDraft();
      if (name === 'loan_type') {
        const tenure = tenureForLoanType(getValues('loan_type'), getValues('tenure_requested'));
        if (tenure !== getValues('tenure_requested')) setValue('tenure_requested', tenure);
      }
      if (name) setErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
    });
    const onHide = () => void saver.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onHide);
      void saver.flush();
    };
  }, [watch, saver, scheduleDraft, getValues, setValue]);

  const revalidate = useCallback(() => {
    const plan = planBorrowerSubmit(getValues(), checksRef.current, { today: today(), method });
    setErrors(plan.ok ? {} : plan.errors);
    setBanner(plan.ok ? null : plan.first.message);
  }, [getValues, method]);

  useEffect(() => {
    if (!attempted) return;
    const subscription = watch(() => revalidate());
    return () => subscription.unsubscribe();
  }, [attempted, watch, revalidate]);

  // Spec 02 §5: a 6-digit pincode fills city, district and state; another length clears them.
  const pincode = usePincodeLookup((found) => {
    setStateFound(found !== null);
    if (!found) return;
    setValue('city', found.city, { shouldDirty: true });
    setValue('district', found.district || found.city, { shouldDirty: true });
    setValue('state', found.state, { shouldDirty: true });
  });
  const { lookUp } = pincode;
  const setPincode = useCallback(
    (value: string) => {
      if (value === getValues('pincode')) return;
      setValue('pincode', value, { shouldDirty: true });
      for (const field of ['city', 'district', 'state'] as const) setValue(field, '', { shouldDirty: true });
      setStateFound(false);
      lookUp(value);
    },
    [getValues, setValue, lookUp],
  );
  useEffect(() => {
    const saved = getValues('pincode');
    if (saved.length === LIMITS.pincodeLength && getValues('state').trim() === '') lookUp(saved);
  }, [getValues, lookUp]);

  const identity = useIdentityChecks({ form, serverId, online, checks, setChecks, setFieldError });

  /** Validation OTP (spec 02 §4): its verify creates the application; the screen moves onto it. */
  const session = useRef<string>('');
  const mobileOtp = {
    onSend: async () => {
      const answer = await sendValidationOtp(getValues('phone'));
      if (answer.success) session.current = answer.data.session_id;
      return answer;
    },
    onResend: () => resendValidationOtp(session.current),
    onVerify: (otp: string) => verifyValidationOtp(session.current, otp),
    onVerified: async ({ application_id }: { application_id: string }) => {
      leaving.current = true;
      saver.cancel();
      const db = getDb();
      const appLocalId = await ensureLocalApplication(db, application_id);
      await saveDraft(db, BORROWER_FORM, { values: getValues(), checks: { ...checksRef.current, mobile: true } } satisfies BorrowerDraft, appLocalId);
      await deleteDraft(db, BORROWER_FORM);
      navigate(`/application/mobile?id=${application_id}`, { replace: true });
    },
  };

  const values = watch();
  const done = verificationsDone(checks, values);
  const match = currentNameMatch(values.name, checks);
  const mismatch = match !== null && match.is_match === false;

  const submit = useCallback(async (): Promise<BorrowerSubmitOutcome> => {
    if (sending.current) return 'busy';
    if (gated && !verificationsDone(checksRef.current, getValues())) {
      setBanner(en['borrower.verifyBeforeNext']);
      return 'invalid';
    }
    setAttempted(true);
    const plan = planBorrowerSubmit(getValues(), checksRef.current, { today: today(), method });
    if (!plan.ok) {
      setErrors(plan.errors);
      setBanner(plan.first.message);
      document.getElementById(borrowerInputId(plan.first.field))?.focus();
      return 'invalid';
    }
    setErrors({});
    setBanner(null);
    if (!localId || !serverId) {
      setBanner(en['borrower.verifyMobileFirst']);
      return 'invalid';
    }
    sending.current = true;
    setBusy(true);
    try {
      // Names compared with other names than these: compare again first (when online), and
      // let the officer see a mismatch before continuing with the deviation.
      if (identity.nameMatchStale && online && !plan.deviation) {
        const matched = await identity.matchNow();
        if (matched === false) return 'mismatch';
      }
      const final = planBorrowerSubmit(getValues(), checksRef.current, { today: today(), method });
      if (!final.ok) return 'invalid';
      leaving.current = true;
      saver.cancel();
      await submitStep(getDb(), { applicationLocalId: localId, ...final.submit });
      notifySuccess(en['borrower.queued']);
      navigate(`/application/kyc?id=${serverId}`);
      return 'queued';
    } catch (caught) {
      leaving.current = false;
      setBanner(caught instanceof StorageFullError ? STORAGE_FULL_MESSAGE : MSG.somethingWentWrong);
      return 'failed';
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }, [gated, getValues, method, localId, serverId, identity, online, saver, navigate]);

  return {
    form,
    online,
    checks,
    errors,
    banner,
    busy,
    lookup: pincode.state,
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
    submit,
  };
}
