import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../components/needs-connection';
import type { LocalRecord } from '../../db/records';
import { useT } from '../../i18n/use-t';
import { isRejectedRecord, recordView } from './co-applicant-list';

type Props = {
  record: LocalRecord;
  applicationId: string;
  /** The server's message of a refused submit, when the record needs attention. */
  problem?: string;
  online: boolean;
  /** The PD1 role runs Bureau Check and replaces guarantors (docs/application-api.md). */
  creator: boolean;
  checking: boolean;
  onBureauCheck: () => void;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A co-applicant's card: name, type and status; a rejected one offers Bureau Check, a rejected guarantor its replacement. */
export function CoApplicantCard({ record, applicationId, problem, online, creator, checking, onBureauCheck }: Props) {
  const { t, tm } = useT();
  const view = recordView(record);
  const name = text(view.name) || t('coApp.unnamed');
  const type = text(view.type) === 'GUARANTOR' ? 'GUARANTOR' : 'CO_BORROWER';
  const rejected = isRejectedRecord(record);
  const titleId = `co-applicant-${record.localId}`;
  const offlineId = `${titleId}-offline`;
  const state = record.syncState === 'needs_attention' ? 'attention' : rejected ? 'rejected' : record.syncState === 'synced' ? 'active' : 'waiting';
  const status =
    state === 'attention'
      ? problem
        ? t('coApp.status.needsAttentionMessage', { message: tm(problem) })
        : t('coApp.status.needsAttention')
      : state === 'rejected'
        ? t('coApp.status.REJECTED')
        : state === 'active'
          ? t('coApp.status.ACTIVE')
          : t('coApp.status.pending');
  const details = `/application/co-applicant-details?id=${applicationId}`;

  return (
    <article className={`co-applicant-card co-applicant-card--${state}`} aria-labelledby={titleId} data-testid={`co-applicant-${record.localId}`}>
      <h2 id={titleId} className="co-applicant-card__name">
        {name}
      </h2>
      <p className="co-applicant-card__type">{t(`coApp.type.${type}`)}</p>
      <p className={`co-applicant-card__status co-applicant-card__status--${state}`}>{status}</p>
      <div className="co-applicant-card__actions">
        {rejected && creator && (
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={!online || checking}
              aria-label={t('coApp.bureauCheckNamed', { name })}
              aria-describedby={online ? undefined : offlineId}
              onClick={onBureauCheck}
            >
              {checking ? t('coApp.bureauChecking') : t('coApp.bureauCheck')}
            </button>
            {!online && <NeedsConnection id={offlineId} />}
          </>
        )}
        {rejected && creator && type === 'GUARANTOR' && (
          <Link
            to={`${details}&type=GUARANTOR&rejected_guarantor_id=${record.localId}`}
            className="button button--secondary"
            aria-label={t('coApp.replaceNamed', { name })}
          >
            {t('coApp.replace')}
          </Link>
        )}
        {!rejected && (
          <Link to={`${details}&co_applicant_id=${record.localId}&type=${type}`} className="button button--link" aria-label={t('coApp.editNamed', { name })}>
            {t('coApp.edit')}
          </Link>
        )}
      </div>
    </article>
  );
}
