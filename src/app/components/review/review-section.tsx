import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  isReviewerDesignation,
  readHistory,
  resubmissionSinceReview,
  resubmittedSinceReview,
  reviewActionsOf,
  shownStatusOf,
} from '../../../domain';
import type { LocalApplication, LocalRecord } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { NeedsConnection } from '../needs-connection';
import { notifySuccess } from '../notify';
import { useOnline } from '../use-online';
import { ReviewActions } from './review-actions';
import { ReviewAskingDialog, type Asking } from './review-asking-dialog';
import { ReviewDeviationList } from './review-deviation-list';
import { deviationsOf } from './review-deviations';
import { formatWhen, ReviewHistory } from './review-history';
import { reviewText, statusInWords } from './review.text';
import { statusOf } from './review-status';
import { useReviewCall } from './use-review-call';
import { useReviewConfirm } from './use-review-confirm';

type ReviewSectionProps = {
  app: LocalApplication;
  serverId: string;
  /** The application's co-applicants on the phone (their deviations), as ApplicationReview read them. */
  coApplicants: readonly LocalRecord[];
};

/**
 * The review section of every application screen (spec 02 §6, DECISIONS "Review workflow"):
 * the status in words, the actions of the caller's designation for that status (online only),
 * the deviations with their decisions (the branch manager approves or rejects each with a
 * remark) and the history, collapsed. An officer with nothing to act on and nothing to read
 * sees nothing. Loaded by ApplicationReview (application-review.tsx) only when it may show.
 */
export function ReviewSection({ app, serverId, coApplicants }: ReviewSectionProps) {
  const { t } = useFeatureT(reviewText);
  const id = useId();
  const { pathname } = useLocation();
  const online = useOnline();
  const designation = useProfile().mfi_employee;
  const { run, busy } = useReviewCall(serverId, app.localId);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [done, setDone] = useState('');
  const confirm = useReviewConfirm(app.localId, run, (message) => {
    setAsking(null);
    setDone(message);
    notifySuccess(message);
  });

  const status = statusOf(app);
  const history = readHistory(app.server?.history);
  // A link to the screen already shown (the CPV or loan offer screen itself) is left out.
  const actions = reviewActionsOf(designation, status, resubmittedSinceReview(history)).filter(
    (a) => a.kind !== 'link' || pathname !== `/application/${a.route}`,
  );
  const deviations = deviationsOf(app.server, coApplicants);
  const resubmission = status === 'PD1_REVIEW' ? resubmissionSinceReview(history) : undefined;
  const shownStatus = shownStatusOf(status, history);
  const reviewer = isReviewerDesignation(designation);
  if (!reviewer && actions.length === 0 && deviations.length === 0 && history.length === 0) return null;

  const offlineId = `${id}-offline`;
  const resubmittedId = `${id}-resubmitted`;
  const canDecide = designation === 'BRANCH_MANAGER';

  const pd1ReviewNote =
    status === 'PD1_REVIEW' && designation === 'BRANCH_MANAGER'
      ? resubmittedSinceReview(history)
        ? t('appReview.resubmittedNote')
        : t('appReview.waitingResubmit')
      : null;

  return (
    <section className="app-review" aria-labelledby={`${id}-title`}>
      <div className="app-review__head">
        <h2 id={`${id}-title`}>{t('appReview.title')}</h2>
        <span className="status-badge" data-status={shownStatus}>
          {t('appReview.statusLine', { status: statusInWords(t, shownStatus) })}
        </span>
      </div>
      {pd1ReviewNote && <p className="muted">{pd1ReviewNote}</p>}
      {resubmission && !reviewer && (
        <p id={resubmittedId} className="muted">
          {t('appReview.resubmitDone', { time: formatWhen(resubmission.at) })}
        </p>
      )}
      {actions.length > 0 && (
        <ReviewActions
          actions={actions}
          serverId={serverId}
          online={online}
          busy={busy}
          resubmitted={resubmission !== undefined}
          resubmittedId={resubmittedId}
          offlineId={offlineId}
          onAsk={(action) => setAsking({ kind: 'action', action })}
        />
      )}
      {!online && (actions.some((a) => a.kind !== 'link') || (canDecide && deviations.some((d) => d.status === 'PENDING'))) && (
        <NeedsConnection id={offlineId} />
      )}
      <p className="form-notice" role="status" aria-live="polite">
        {done}
      </p>
      {deviations.length > 0 && (
        <ReviewDeviationList
          deviations={deviations}
          canDecide={canDecide}
          disabled={!online || busy}
          describedBy={online ? undefined : offlineId}
          onDecide={(deviation, decision) => setAsking({ kind: 'deviation', deviation, decision })}
        />
      )}
      <ReviewHistory history={history} />
      {asking && (
        <ReviewAskingDialog
          asking={asking}
          busy={busy}
          onConfirm={(remarks) => confirm(asking, remarks)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
