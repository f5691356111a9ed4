import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SyncState } from '../db/records';
import { useT } from '../i18n/use-t';

/** Has the phone's copy reached the server? */
export type RecordSync = 'queued' | 'synced' | 'attention';
/** What the server decided about the record. */
export type RecordDecision = 'accepted' | 'rejected' | 'pending';

export const recordSyncOf = (state: SyncState): RecordSync =>
  state === 'synced' ? 'synced' : state === 'needs_attention' ? 'attention' : 'queued';

type Props = {
  /** Unique among the page's cards: the title's id is `${id}-title`. */
  id: string;
  title: string;
  /** Lines under the title (type, date of birth / gender). */
  details?: readonly string[];
  sync: RecordSync;
  /** The server's message of a refused submit, shown with 'Needs attention'. */
  problem?: string;
  decision: RecordDecision;
  /** Where Edit goes; no Edit when absent. */
  editTo?: string;
  /** Further actions (buttons or links styled `.button`), before Edit. */
  children?: ReactNode;
  testId?: string;
};

/**
 * One card for a person added to an application (co-applicant, family member): the sync state
 * and the server's decision on two separate lines, and Edit always the same link-as-button.
 * Styles: `.record-card` in styles/states.css.
 */
export function RecordCard({ id, title, details = [], sync, problem, decision, editTo, children, testId }: Props) {
  const { t, tm } = useT();
  const titleId = `${id}-title`;
  const syncText =
    sync === 'attention'
      ? problem
        ? t('record.sync.attentionMessage', { message: tm(problem) })
        : t('record.sync.attention')
      : t(`record.sync.${sync}`);
  const flagged = sync === 'attention' ? 'attention' : decision === 'rejected' ? 'rejected' : sync === 'queued' ? 'queued' : 'settled';
  return (
    <article
      className={`record-card record-card--${flagged}`}
      aria-labelledby={titleId}
      data-testid={testId}
      data-sync={sync}
      data-decision={decision}
    >
      <h2 id={titleId} className="record-card__title">
        {title}
      </h2>
      {details.map((line) => (
        <p key={line} className="record-card__detail">
          {line}
        </p>
      ))}
      <dl className="record-card__states">
        <div>
          <dt>{t('record.syncLabel')}</dt>
          <dd className={`record-card__sync record-card__sync--${sync}`}>{syncText}</dd>
        </div>
        <div>
          <dt>{t('record.decisionLabel')}</dt>
          <dd className={`record-card__decision record-card__decision--${decision}`}>{t(`record.decision.${decision}`)}</dd>
        </div>
      </dl>
      <div className="record-card__actions">
        {children}
        {editTo && (
          <Link to={editTo} className="button button--secondary" aria-label={t('record.editNamed', { name: title })}>
            {t('record.edit')}
          </Link>
        )}
      </div>
    </article>
  );
}
