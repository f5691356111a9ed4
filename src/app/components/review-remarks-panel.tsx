import { lazy, Suspense } from 'react';
import { useFrameApplication } from './application-frame/frame-application';

// Its texts and the history's formatting load only while the application is in review.
const ReviewRemarks = lazy(() => import('./review/review-remarks').then((m) => ({ default: m.ReviewRemarks })));

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
 * The yellow panel of the reviewer's remarks, shown only while the application is in review
 * (review/review-remarks.tsx): nothing in any other status.
 */
export function ReviewRemarksPanel({ status, remarks, history, framed = false }: ReviewRemarksPanelProps) {
  const frame = useFrameApplication();
  if (!isReviewStatus(status) || (!framed && frame?.remarksInFrame)) return null;
  return (
    <Suspense fallback={null}>
      <ReviewRemarks status={status} remarks={remarks} history={history ?? frame?.app.server?.history} />
    </Suspense>
  );
}
