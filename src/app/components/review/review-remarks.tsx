import { useId } from 'react';
import { latestSendBack, readHistory, resubmissionSinceReview } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { formatWhen } from './review-history';
import { actorInWords, reviewText } from './review.text';

type ReviewRemarksProps = {
  status: 'PD1_REVIEW' | 'PD2_REVIEW';
  remarks: string | null | undefined;
  /** The application view's history. */
  history: unknown;
};

/**
 * The yellow panel's content (review-remarks-panel.tsx, which loads it while the application is
 * in review): the latest send-back's remarks and who sent it back when (from the history), else
 * the application's remarks; once the officer resubmitted, a plain panel that says so.
 */
export function ReviewRemarks({ status, remarks, history }: ReviewRemarksProps) {
  const { t } = useFeatureT(reviewText);
  const id = useId();
  const entries = readHistory(history);
  const sentBack = latestSendBack(entries, status);
  // Resubmitted since the send-back: the remarks stay readable, no longer as a call to act.
  const resubmitted = status === 'PD1_REVIEW' ? resubmissionSinceReview(entries) : undefined;
  const text = (sentBack?.remarks ?? remarks)?.trim();
  return (
    <section className={resubmitted ? 'review-remarks review-remarks--answered' : 'review-remarks'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="review-remarks__title">
        {t('review.title')}
      </h2>
      <p className="review-remarks__status">
        {resubmitted ? t('appReview.resubmitDone', { time: formatWhen(resubmitted.at) }) : t(`review.${status}`)}
      </p>
      <p className="review-remarks__text">{text || t('review.none')}</p>
      {sentBack && (
        <p className="review-remarks__who">
          {t('appReview.sentBackBy', {
            name: actorInWords(t, sentBack.actor_name, sentBack.actor_designation),
            time: formatWhen(sentBack.at),
          })}
        </p>
      )}
    </section>
  );
}
