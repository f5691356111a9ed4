import { useId } from 'react';
import { latestSendBack, readHistory, resubmissionSinceReview } from '../../domain';
import { useFeatureT } from '../i18n/feature-text';
import { useFrameApplication } from './application-frame/frame-application';
import { formatWhen } from './review/review-history';
import { actorInWords, reviewText } from './review/review.text';

/** The statuses in which a reviewer sent the application back with remarks (spec 02 §2). */
export const REVIEW_STATUSES = ['PD1_REVIEW', 'PD2_REVIEW'] as const;
type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const isReviewStatus = (status: string | undefined): status is ReviewStatus =>
  (REVIEW_STATUSES as readonly (string | undefined)[]).includes(status);

export type ReviewRemarksPanelProps = {
  status: string | undefined;
  remarks: string | null | undefined;
  /** The application view's history; default: the frame's application's. */
  history?: unknown;
  /** The frame's own panel (ApplicationGate); a screen's panel inside a frame that shows one renders nothing. */
  framed?: boolean;
};

/**
 * The yellow panel of the reviewer's remarks, shown only while the application is in review:
 * the latest send-back's remarks and who sent it back when (from the history), else the
 * application's remarks; once the officer resubmitted, a plain panel that says so.
 */
export function ReviewRemarksPanel({ status, remarks, history, framed = false }: ReviewRemarksPanelProps) {
  const { t } = useFeatureT(reviewText);
  const id = useId();
  const frame = useFrameApplication();
  if (!isReviewStatus(status) || (!framed && frame?.remarksInFrame)) return null;
  const entries = readHistory(history ?? frame?.app.server?.history);
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
