import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resumeOf } from '../../../domain';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { useLocalRecords } from '../../db/application-steps.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { clearAll, getApplicationId } from '../../session/session.storage';
import { useProfile } from '../../session/use-session';
import { BreReasons, EngineInputs } from '../../components/bre/bre-figures';
import { statusOf } from '../../components/review/review-status';
import { rejectionActions } from './rejection-actions';
import { breRejectionOf, rejectionLines, rejectionSubject, type RejectionSubject } from './rejection-reasons';
import { rejectionText, type RejectionKey } from './rejection.text';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Without an id in the address, the application being worked on. */
function currentApplicationId(): string {
  const current = getApplicationId();
  return current === -1 ? '' : current;
}

/** Where 'Back to the application' goes: the co-applicants list for a co-applicant, else where the application resumes. */
function backPath(id: string, stage: readonly string[], subject: RejectionSubject): string {
  const route = subject.coApplicant ? 'co-applicants' : (resumeOf(stage).route ?? 'mobile');
  return `/application/${route}?id=${id}`;
}

/**
 * /application/rejection?id=<application>[&type=GUARANTOR|CO_BORROWER][&co_applicant_id=<id>]:
 * the reasons of the decision, read from the phone's copy of the server's answer (so a rejection
 * that arrived after an offline submit shows offline too), and where to go next. Only for a
 * rejection: an application (or co-applicant) the phone does not know as rejected gets a plain
 * "not rejected" page with the way back.
 */
export function RejectionScreen() {
  const { t } = useFeatureT(rejectionText);
  // A bureau reason the catalogue knows in words (both languages), any other as its code in sentence case.
  const reasonInWords = (code: string, fallback: string) => {
    const key = `rejection.reason.${code}`;
    return Object.hasOwn(rejectionText.en, key) ? t(key as RejectionKey) : fallback;
  };
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const designation = useProfile().mfi_employee;
  // The application frame: the id validated, its local copy ensured, read live and refreshed.
  const frame = useApplicationInUrl({ fallbackId: currentApplicationId });
  const valid = frame.state !== 'absent' && frame.state !== 'invalid';
  const id = valid ? frame.serverId : '';
  const error = frame.state === 'error' ? frame.error : undefined;
  const localId = frame.state === 'ready' ? frame.localId : undefined;
  const app = frame.state === 'ready' ? frame.app : undefined;
  const coApplicants = useLocalRecords(localId, 'co_applicant');

  const subject = rejectionSubject(app, coApplicants ?? [], {
    type: (params.get('type') ?? '').toUpperCase(),
    coApplicantId: params.get('co_applicant_id') ?? '',
  });
  const lines = rejectionLines(subject.view);
  // The engine's rejection, confirmed by the credit manager: its reasons in words and the surplus with its parts.
  const bre = subject.coApplicant ? null : breRejectionOf(subject.view);
  const guarantorId = subject.coApplicant?.type === 'GUARANTOR' ? subject.coApplicant.id : '';

  const startNew = () => {
    clearAll();
    navigate('/application/mobile');
  };

  if (!valid || error !== undefined) {
    return (
      <section className="rejection-screen" aria-labelledby="rejection-title">
        <h1 id="rejection-title">{t('rejection.unknownTitle')}</h1>
        <p className="form-error" role="alert">
          {valid ? t('msg.somethingWentWrong') : t('rejection.invalidId')}
        </p>
      </section>
    );
  }
  const reading = app === undefined || (coApplicants === undefined && Boolean(params.get('co_applicant_id') || params.get('type')));
  if (reading) {
    return (
      <p className="route-loading" role="status">
        {t('rejection.checking')}
      </p>
    );
  }
  if (!subject.rejected) {
    return (
      <section className="rejection-screen rejection-screen--not-rejected" aria-labelledby="rejection-title" data-testid="not-rejected">
        <h1 id="rejection-title">{t('rejection.notRejectedTitle')}</h1>
        {subject.coApplicant?.name && (
          <p className="rejection-screen__who">{t('rejection.coApplicantNotRejected', { name: subject.coApplicant.name })}</p>
        )}
        <p>{t('rejection.notRejectedBody')}</p>
        <div className="rejection-screen__actions">
          <Link to={backPath(id, app.stage, subject)} className="button button--primary">
            {t('rejection.backToApplication')}
          </Link>
        </div>
      </section>
    );
  }

  const actions = rejectionActions(designation, app, subject, bre !== null);
  return (
    <section className="rejection-screen" aria-labelledby="rejection-title">
      <h1 id="rejection-title">{t('rejection.title')}</h1>
      {/* The application, as the other pages name it (issue 31 N15); then whose rejection, for a co-applicant's. */}
      <p className="rejection-screen__who" data-testid="rejected-application">
        {t('rejection.application', {
          name: text(app.server?.name) || text(app.name),
          tracker: text(app.server?.tracker_id) || app.tracker_id || t('rejection.noTracker'),
        })}
      </p>
      {subject.coApplicant?.name && (
        <p className="rejection-screen__who">
          {t(subject.coApplicant.type === 'GUARANTOR' ? 'rejection.guarantor' : 'rejection.coBorrower', { name: subject.coApplicant.name })}
        </p>
      )}
      <section className="rejection-screen__reasons" aria-labelledby="rejection-reasons-title">
        <h2 id="rejection-reasons-title">{t('rejection.reasons')}</h2>
        {bre && <p className="muted">{t('rejection.byBre')}</p>}
        {bre ? (
          <BreReasons offer={bre} />
        ) : lines.length > 0 ? (
          <ul>
            {lines.map((line) => (
              <li key={line.code} data-code={line.code}>
                <span className="rejection-screen__reason">{reasonInWords(line.code, line.text)}</span>
                {line.overdueAmount && (
                  <span className="rejection-screen__amount">{t('rejection.overdue', { amount: line.overdueAmount })}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('rejection.noReasons')}</p>
        )}
      </section>
      {bre?.inputs && <EngineInputs inputs={bre.inputs} titleId="rejection-inputs-title" status={statusOf(app)} />}
      {subject.final && (
        <p className="rejection-screen__final" data-testid="rejection-final">
          {t(actions.startNew ? 'rejection.final' : 'rejection.finalReviewer')}
        </p>
      )}
      <div className="rejection-screen__actions">
        {/* DECISIONS.md "Review workflow": the ways out apply to a bureau rejection, not to a reviewer's or a confirmed BRE rejection. */}
        {actions.changeLoanType && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate(`/application/mobile?id=${id}&rejection_status=true`)}
          >
            {t('rejection.changeLoanType')}
          </button>
        )}
        {actions.addGuarantor && (
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
        {actions.startNew && (
          <button type="button" className="button button--secondary" onClick={startNew}>
            {t('rejection.startNew')}
          </button>
        )}
        {actions.backToList && (
          <Link to="/applications" className="button button--secondary">
            {t('rejection.backToList')}
          </Link>
        )}
      </div>
    </section>
  );
}
