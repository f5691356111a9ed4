import { lazy, Suspense } from 'react';
import { isReviewerDesignation, readHistory, reviewActionsOf } from '../../../domain';
import { useLocalRecords } from '../../db/application-steps.hooks';
import type { LocalApplication } from '../../db/records';
import { useProfile } from '../../session/use-session';
import { useApplicationRefresh } from '../use-application-refresh';
import { deviationsOf } from './review-deviations';
import { statusOf } from './review-status';

// The section, its texts, dialogs and calls load when it may show (a reviewer, or an officer with
// something to act on or read): not with every step screen an officer opens on a new application.
const ReviewSection = lazy(() => import('./review-section').then((m) => ({ default: m.ReviewSection })));

export { statusOf };

type ApplicationReviewProps = {
  app: LocalApplication;
  serverId: string;
  /**
   * Read the server's view once (online, nothing of it queued here), for a screen whose frame
   * does not (the borrower screen reads it only for reviewers): the status and history a
   * reviewer set since this phone last saw the application.
   */
  refresh?: boolean;
};

/**
 * The review section of every application screen (review-section.tsx): shown to a reviewer, and
 * to an officer with an action, a deviation or a history to see; nothing otherwise.
 */
export function ApplicationReview({ app, serverId, refresh = false }: ApplicationReviewProps) {
  const designation = useProfile().mfi_employee;
  const coApplicants = useLocalRecords(app.localId, 'co_applicant') ?? [];
  useApplicationRefresh(refresh ? serverId : undefined, app.localId);
  const maybeShown =
    isReviewerDesignation(designation) ||
    reviewActionsOf(designation, statusOf(app)).length > 0 ||
    deviationsOf(app.server, coApplicants).length > 0 ||
    readHistory(app.server?.history).length > 0;
  if (!maybeShown) return null;
  return (
    <Suspense fallback={null}>
      <ReviewSection app={app} serverId={serverId} coApplicants={coApplicants} />
    </Suspense>
  );
}
