import { optionalRemarksSchema, REVIEW_REMARKS_MAX, requiredRemarksSchema } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { ReasonDialog } from '../reason-dialog';
import { reviewText } from './review.text';

export type RemarksDialogProps = {
  title: string;
  hint: string;
  confirmLabel: string;
  remarks: 'required' | 'optional';
  busy: boolean;
  /** Resolves with the server's message when refused, or null when done (the dialog then closes). */
  onConfirm: (remarks: string) => Promise<string | null>;
  onCancel: () => void;
};

/**
 * Asks for the remarks of a review move (required: at least 3 characters; optional otherwise)
 * and shows the server's refusal (it names what is missing) without closing.
 */
export function RemarksDialog({ remarks, ...shown }: RemarksDialogProps) {
  const { t, tm } = useFeatureT(reviewText);
  return (
    <ReasonDialog
      {...shown}
      label={t('appReview.remarks')}
      maxLength={REVIEW_REMARKS_MAX}
      required={remarks === 'required'}
      busyLabel={t('appReview.working')}
      schema={remarks === 'required' ? requiredRemarksSchema : optionalRemarksSchema}
      field="remarks"
      translate={tm}
    />
  );
}
