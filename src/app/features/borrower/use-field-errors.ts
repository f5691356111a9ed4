import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { calendarDateOf } from '../../../domain';
import type { BorrowerChecks } from './borrower-checks';
import { borrowerInputId, type BorrowerField, type BorrowerValues } from './borrower-fields';
import { planBorrowerSubmit, type BorrowerMethod, type FieldErrors } from './borrower-submit';

type Banner = {
  error: { message: string; field?: string } | null;
  setError: (error: { message: string; field?: BorrowerField } | null) => void;
};

export const today = () => calendarDateOf(new Date());

/**
 * The borrower form's messages: one per field, and the banner beside Next (the submit's, which is
 * made after the checks that set these: `connectBanner` joins it). After a refused Next the
 * messages follow the values as they are corrected (`setAttempted`).
 */
export function useFieldErrors(form: UseFormReturn<BorrowerValues>, checksRef: RefObject<BorrowerChecks>, method: BorrowerMethod) {
  const { getValues, watch } = form;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const setBannerRef = useRef<Banner['setError']>(() => {});
  const clearBannerOfRef = useRef<(field: BorrowerField) => void>(() => {});

  const setFieldError = useCallback((field: BorrowerField, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    setBannerRef.current({ message, field });
    document.getElementById(borrowerInputId(field))?.focus();
  }, []);

  /** A field now verified: its message goes, under it and beside Next (issue 31 N2). */
  const clearFieldError = useCallback((field: BorrowerField) => {
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
    clearBannerOfRef.current(field);
  }, []);

  const revalidate = useCallback(() => {
    const plan = planBorrowerSubmit(getValues(), checksRef.current, { today: today(), method });
    setErrors(plan.ok ? {} : plan.errors);
    setBannerRef.current(plan.ok ? null : plan.first);
  }, [getValues, method]);

  useEffect(() => {
    if (!attempted) return;
    const subscription = watch(() => revalidate());
    return () => subscription.unsubscribe();
  }, [attempted, watch, revalidate]);

  const connectBanner = (banner: Banner) => {
    setBannerRef.current = banner.setError;
    clearBannerOfRef.current = (field) => {
      if (banner.error?.field === field) banner.setError(null);
    };
  };

  return { errors, setErrors, setAttempted, setFieldError, clearFieldError, connectBanner };
}
