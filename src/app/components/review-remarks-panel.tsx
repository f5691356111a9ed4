import { useId } from 'react';
import { useT } from '../i18n/use-t';

/** The statuses in which a reviewer sent the application back with remarks (spec 02 §2). */
export const REVIEW_STATUSES = ['PD1_REVIEW', 'PD2_REVIEW'] as const;
type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const isReviewStatus = (status: string | undefined): status is ReviewStatus =>
  (REVIEW_STATUSES as readonly (string | undefined)[]).includes(status);

export type ReviewRemarksPanelProps = {
  status: string | undefined;
  remarks: string | null | undefined;
};

/** The yellow panel of the reviewer's remarks, shown only while the application is in review. */
export function ReviewRemarksPanel({ status, remarks }: ReviewRemarksPanelProps) {
  const { t } = useT();
  const id = useId();
  if (!isReviewStatus(status)) return null;
  const text = remarks?.trim();
  return (
    <section className="review-remarks" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="review-remarks__title">
        {t('review.title')}
      </h2>
      <p className="review-remarks__status">{t(`review.${status}`)}</p>
      <p className="review-remarks__text">{text || t('review.none')}</p>
    </section>
  );
}
