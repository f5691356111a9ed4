import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../components/needs-connection';
import { RecordCard, recordSyncOf, type RecordDecision } from '../../components/record-card';
import type { LocalRecord } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { isRejectedRecord, recordView } from './co-applicant-list';
import { coApplicantsText } from './co-applicants.text';

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

/** The server's decision: rejected (status or bureau checks), accepted once it holds an active record, else pending. */
function decisionOf(record: LocalRecord): RecordDecision {
  if (isRejectedRecord(record)) return 'rejected';
  return record.server?.status === 'ACTIVE' ? 'accepted' : 'pending';
}

/** A co-applicant's card: name, type, sync state and decision; a rejected one offers Bureau Check, a rejected guarantor its replacement. */
export function CoApplicantCard({ record, applicationId, problem, online, creator, checking, onBureauCheck }: Props) {
  const { t } = useFeatureT(coApplicantsText);
  const view = recordView(record);
  const name = text(view.name) || t('coApp.unnamed');
  const type = text(view.type) === 'GUARANTOR' ? 'GUARANTOR' : 'CO_BORROWER';
  const decision = decisionOf(record);
  const rejected = decision === 'rejected';
  const offlineId = `co-applicant-${record.localId}-offline`;
  const details = `/application/co-applicant-details?id=${applicationId}`;

  return (
    <RecordCard
      id={`co-applicant-${record.localId}`}
      testId={`co-applicant-${record.localId}`}
      title={name}
      details={[t(`coApp.type.${type}`)]}
      sync={recordSyncOf(record.syncState)}
      problem={problem}
      decision={decision}
      editTo={rejected ? undefined : `${details}&co_applicant_id=${record.localId}&type=${type}`}
    >
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
    </RecordCard>
  );
}
