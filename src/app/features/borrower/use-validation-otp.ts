import { useRef, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { resendValidationOtp, sendValidationOtp, verifyValidationOtp } from '../../api/verification.api';
import type { DraftAutosave } from '../../components/form';
import { ensureApplication } from '../../db/application-steps.actions';
import { deleteFormDraft, saveFormDraft } from '../../db/drafts.actions';
import type { BorrowerChecks } from './borrower-checks';
import type { BorrowerValues } from './borrower-fields';
import { BORROWER_FORM, type BorrowerDraft } from './use-borrower-start';

/** Validation OTP (spec 02 §4): its verify creates the application; the screen moves onto it. */
export function useValidationOtp(
  form: UseFormReturn<BorrowerValues>,
  checksRef: RefObject<BorrowerChecks>,
  autosave: Pick<DraftAutosave, 'stop'>,
) {
  const navigate = useNavigate();
  const { getValues } = form;
  const session = useRef<string>('');
  return {
    onSend: async () => {
      const answer = await sendValidationOtp(getValues('phone'));
      if (answer.success) session.current = answer.data.session_id;
      return answer;
    },
    onResend: () => resendValidationOtp(session.current),
    onVerify: (otp: string) => verifyValidationOtp(session.current, otp),
    onVerified: async ({ application_id }: { application_id: string }) => {
      // The draft moves onto the application the OTP created; the "new" one is gone.
      await autosave.stop();
      const appLocalId = await ensureApplication(application_id);
      await saveFormDraft(
        BORROWER_FORM,
        { values: getValues(), checks: { ...checksRef.current, mobile: true } } satisfies BorrowerDraft,
        appLocalId,
      );
      await deleteFormDraft(BORROWER_FORM);
      navigate(`/application/mobile?id=${application_id}`, { replace: true });
    },
  };
}
