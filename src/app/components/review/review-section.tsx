import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  isReviewerDesignation,
  readHistory,
  resubmissionSinceReview,
  resubmittedSinceReview,
  reviewActionsOf,
  shownStatusOf,
  type ReviewAction,
  type ReviewActionKey,
} from '../../../domain';
import { countUnsyncedOf } from '../../db/outbox.actions';
import type { LocalApplication, LocalRecord } from '../../db/records';
import { codeInWords } from '../../i18n/code-labels';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { saveOpenSteps } from '../form/open-step';
import { NeedsConnection } from '../needs-connection';
import { notifySuccess } from '../notify';
import { useOnline } from '../use-online';
import { RemarksDialog } from './remarks-dialog';
import { ReviewDeviationList } from './review-deviation-list';
import { deviationsOf, type ReviewDeviation } from './review-deviations';
import { formatWhen, ReviewHistory } from './review-history';
import { reviewText, statusInWords } from './review.text';
import { statusOf } from './review-status';
import { useReviewCall } from './use-review-call';

type Asking =
  | { kind: 'action'; action: Exclude<ReviewAction, { kind: 'link' }> }
  | { kind: 'deviation'; deviation: ReviewDeviation; decision: 'APPROVED' | 'REJECTED' };

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
  const { t, lang } = useFeatureT(reviewText);
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const online = useOnline();
  const designation = useProfile().mfi_employee;
  const { run, busy } = useReviewCall(serverId, app.localId);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [done, setDone] = useState('');

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
  const actionLabel = (key: ReviewActionKey) => t(`appReview.action.${key}`);

  /**
   * The server counts only what reached it: this phone's waiting changes of the application are
   * sent first, and a resubmit that would still miss some is not made (issue 21 D4).
   */
  const unsyncedBeforeResubmit = async (): Promise<string | null> => {
    if ((await countUnsyncedOf(app.localId)) === 0) return null;
    const { syncNow } = await import('../../sync/page-sync');
    await syncNow();
    const left = await countUnsyncedOf(app.localId);
    return left === 0 ? null : t('appReview.resubmitUnsynced', { count: left });
  };

  const confirm = async (remarks: string): Promise<string | null> => {
    if (!asking) return null;
    if (asking.kind === 'action' && asking.action.kind === 'resubmit') {
      // The step open on this screen, changed and not yet sent: saved first, so the change counts.
      if ((await saveOpenSteps(app.localId)) === 'refused') return t('appReview.openStepRefused');
      const unsynced = await unsyncedBeforeResubmit();
      if (unsynced) return unsynced;
    }
    const outcome =
      asking.kind === 'deviation'
        ? await run({
            kind: 'deviation',
            decision: {
              type: asking.deviation.type,
              ...(asking.deviation.coApplicantId ? { co_applicant_id: asking.deviation.coApplicantId } : {}),
              decision: asking.decision,
              remarks,
            },
          })
        : asking.action.kind === 'resubmit'
          ? await run({ kind: 'resubmit', ...(remarks ? { remarks } : {}) })
          : await run({ kind: 'move', status: asking.action.to, ...(remarks ? { remarks } : {}) });
    if (!outcome.ok) return outcome.message;
    const message =
      asking.kind === 'deviation'
        ? t('appReview.decided', { decision: t(`appReview.deviation.${asking.decision}`).toLowerCase() })
        : asking.action.kind === 'resubmit'
          ? t('appReview.resubmitted')
          : t('appReview.moved', { status: statusInWords(t, outcome.status ?? asking.action.to) });
    setAsking(null);
    setDone(message);
    notifySuccess(message);
    return null;
  };

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
        <div className="app-review__actions" role="group" aria-label={t('appReview.actions')}>
          {actions.map((action) =>
            action.kind === 'link' ? (
              <button
                key={action.key}
                type="button"
                className="button button--secondary"
                onClick={() => navigate(`/application/${action.route}?id=${encodeURIComponent(serverId)}`)}
              >
                {actionLabel(action.key)}
              </button>
            ) : (
              <button
                key={action.key}
                type="button"
                className={action.remarks === 'required' ? 'button button--secondary' : 'button button--primary'}
                // Resubmitted since the send-back: the branch manager has it (a later change reaches them as it syncs).
                disabled={!online || busy || (action.kind === 'resubmit' && resubmission !== undefined)}
                aria-describedby={action.kind === 'resubmit' && resubmission ? resubmittedId : online ? undefined : offlineId}
                onClick={() => setAsking({ kind: 'action', action })}
              >
                {actionLabel(action.key)}
              </button>
            ),
          )}
        </div>
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
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
