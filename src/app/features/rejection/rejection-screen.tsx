import { useNavigate, useSearchParams } from 'react-router-dom';
import { PATTERNS } from '../../../domain';
import { useLocalApplication, useLocalRecords } from '../../db/application-steps.hooks';
import { useEnsuredApplication } from '../../db/applications.hooks';
import { useT } from '../../i18n/use-t';
import { clearAll, getApplicationId } from '../../session/session.storage';
import { rejectionLines, rejectionSubject } from './rejection-reasons';
import { useApplicationRefresh } from '../../components/use-application-refresh';

/** The application of the page: the address's id, else the one being worked on. */
function applicationIdOf(params: URLSearchParams): string {
  const given = params.get('id') ?? '';
  if (given) return given;
  const current = getApplicationId();
  return current === -1 ? '' : current;
}

/**
 * /application/rejection?id=<application>[&type=GUARANTOR|CO_BORROWER][&co_applicant_id=<id>]:
 * the reasons of the decision, read from the phone's copy of the server's answer (so a rejection
 * that arrived after an offline submit shows offline too), and where to go next.
 */
export function RejectionScreen() {
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = applicationIdOf(params);
  const valid = PATTERNS.applicationId.test(id);
  const { localId } = useEnsuredApplication(valid ? id : undefined);
  const app = useLocalApplication(localId);
  const coApplicants = useLocalRecords(localId, 'co_applicant');
  useApplicationRefresh(valid ? id : undefined, localId);

  const subject = rejectionSubject(app, coApplicants ?? [], {
    type: (params.get('type') ?? '').toUpperCase(),
    coApplicantId: params.get('co_applicant_id') ?? '',
  });
  const lines = rejectionLines(subject.view);
  const guarantorId = subject.coApplicant?.type === 'GUARANTOR' ? subject.coApplicant.id : '';

  const startNew = () => {
    clearAll();
    navigate('/application/mobile');
  };

  return (
    <section className="rejection-screen" aria-labelledby="rejection-title">
      <h1 id="rejection-title">{t('rejection.title')}</h1>
      {subject.coApplicant?.name && (
        <p className="rejection-screen__who">
          {t(subject.coApplicant.type === 'GUARANTOR' ? 'rejection.guarantor' : 'rejection.coBorrower', { name: subject.coApplicant.name })}
        </p>
      )}
      <section className="rejection-screen__reasons" aria-labelledby="rejection-reasons-title">
        <h2 id="rejection-reasons-title">{t('rejection.reasons')}</h2>
        {lines.length > 0 ? (
          <ul>
            {lines.map((line) => (
              <li key={line.code} data-code={line.code}>
                <span className="rejection-screen__reason">{line.text}</span>
                {line.overdueAmount && <span className="rejection-screen__amount">{t('rejection.overdue', { amount: line.overdueAmount })}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('rejection.noReasons')}</p>
        )}
      </section>
      <div className="rejection-screen__actions">
        {valid && (
          <button type="button" className="button button--primary" onClick={() => navigate(`/application/mobile?id=${id}&rejection_status=true`)}>
            {t('rejection.changeLoanType')}
          </button>
        )}
        {valid && subject.type === 'GUARANTOR' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              navigate(
                guarantorId
                  ? `/application/co-applicant-details?id=${id}&type=GUARANTOR&rejected_guarantor_id=${guarantorId}`
                  : `/application/co-applicants?id=${id}`,
              )
            }
          >
            {t('rejection.addGuarantor')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={startNew}>
          {t('rejection.startNew')}
        </button>
      </div>
    </section>
  );
}
