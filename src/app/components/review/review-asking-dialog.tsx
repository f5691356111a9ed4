import type { ReviewAction, ReviewActionKey } from '../../../domain';
import { codeInWords } from '../../i18n/code-labels';
import { useFeatureT } from '../../i18n/feature-text';
import { RemarksDialog } from './remarks-dialog';
import type { ReviewDeviation } from './review-deviations';
import { reviewText } from './review.text';

/** What the review section asks remarks for: an action of the workflow, or a decision on a deviation. */
export type Asking =
  | { kind: 'action'; action: Exclude<ReviewAction, { kind: 'link' }> }
  | { kind: 'deviation'; deviation: ReviewDeviation; decision: 'APPROVED' | 'REJECTED' };

type Props = {
  asking: Asking;
  busy: boolean;
  /** Makes the call with the remarks; answers the message to show in the dialog, or null when it is done. */
  onConfirm(remarks: string): Promise<string | null>;
  onCancel(): void;
};

/** The remarks dialog of a review action or a deviation's decision: its title, hint and button for what is asked. */
export function ReviewAskingDialog({ asking, busy, onConfirm, onCancel }: Props) {
  const { t, lang } = useFeatureT(reviewText);
  const actionLabel = (key: ReviewActionKey) => t(`appReview.action.${key}`);
  return (
    <RemarksDialog
      title={
        asking.kind === 'deviation'
          ? t(asking.decision === 'APPROVED' ? 'appReview.approveDeviation' : 'appReview.rejectDeviation', {
              type: codeInWords(asking.deviation.type, lang),
            })
          : t(`appReview.dialog.${asking.action.key as Exclude<ReviewActionKey, 'cpv' | 'loanOffer'>}`)
      }
      hint={
        asking.kind === 'deviation'
          ? t('appReview.decisionHint')
          : asking.action.kind === 'resubmit'
            ? t('appReview.dialog.resubmitHint')
            : asking.action.remarks === 'required'
              ? t('appReview.dialog.requiredHint')
              : t('appReview.dialog.optionalHint')
      }
      confirmLabel={
        asking.kind === 'deviation'
          ? t(asking.decision === 'APPROVED' ? 'appReview.approve' : 'appReview.reject')
          : actionLabel(asking.action.key)
      }
      remarks={asking.kind === 'deviation' ? 'required' : asking.action.remarks}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
