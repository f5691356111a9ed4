import { useNavigate } from 'react-router-dom';
import type { ReviewAction, ReviewActionKey } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { reviewText } from './review.text';

type Props = {
  actions: readonly ReviewAction[];
  serverId: string;
  online: boolean;
  busy: boolean;
  /** The officer resubmitted since the send-back: the resubmit waits (described by `resubmittedId`). */
  resubmitted: boolean;
  resubmittedId: string;
  offlineId: string;
  onAsk(action: Exclude<ReviewAction, { kind: 'link' }>): void;
};

/** The review actions of the caller's designation: links to a step's screen, and the calls, each asking its remarks first. */
export function ReviewActions({ actions, serverId, online, busy, resubmitted, resubmittedId, offlineId, onAsk }: Props) {
  const { t } = useFeatureT(reviewText);
  const navigate = useNavigate();
  const actionLabel = (key: ReviewActionKey) => t(`appReview.action.${key}`);
  return (
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
            disabled={!online || busy || (action.kind === 'resubmit' && resubmitted)}
            aria-describedby={action.kind === 'resubmit' && resubmitted ? resubmittedId : online ? undefined : offlineId}
            onClick={() => onAsk(action)}
          >
            {actionLabel(action.key)}
          </button>
        ),
      )}
    </div>
  );
}
