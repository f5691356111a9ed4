import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { coApplicantRequirement, CREATOR_DESIGNATION } from '../../../domain';
import { isReadOnlyApplication } from '../../components/application-frame/frame-application';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ErrorBanner } from '../../components/error-banner';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { useOnline } from '../../components/use-online';
import { useLocalRecords } from '../../db/application-steps.hooks';
import type { LocalApplication } from '../../db/records';
import { useOutbox } from '../../db/outbox.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { CoApplicantCard } from './co-applicant-card';
import { countedSummaries, recordView, visibleCoApplicants } from './co-applicant-list';
import { useBureauCheck } from './use-bureau-check';
import { coApplicantsText } from './co-applicants.text';

const ERROR_ID = 'co-applicants-error';

/**
 * /application/co-applicants?id= (spec 02 screen 3): 'Add Co-borrower/Guarantor'. Reads the
 * phone's tables first; online, the server's view refreshes them.
 */
export function CoApplicantsScreen() {
  const { t } = useFeatureT(coApplicantsText);
  const frame = useApplicationInUrl();
  return (
    <section className="co-applicants" aria-labelledby="co-applicants-title">
      <h1 id="co-applicants-title">{t('coApp.listTitle')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('coApp.invalidId')}>
        {({ app, serverId }) => <CoApplicantsList app={app} id={serverId} />}
      </ApplicationGate>
    </section>
  );
}

function CoApplicantsList({ app, id }: { app: LocalApplication; id: string }) {
  const { t } = useFeatureT(coApplicantsText);
  const navigate = useNavigate();
  const online = useOnline();
  const profile = useProfile();
  const localId = app.localId;
  const records = useLocalRecords(localId, 'co_applicant');
  const outbox = useOutbox();
  const bureau = useBureauCheck(id, localId);
  const [blocking, setBlocking] = useState<string | null>(null);

  const creator = profile.mfi_employee === CREATOR_DESIGNATION;
  const visible = visibleCoApplicants(records ?? []);
  const loanType = app?.steps?.borrower?.loan_type ?? app?.server?.loan_type;
  const requirement = coApplicantRequirement(loanType, countedSummaries(visible));
  const nextIndex = records?.length ?? 0;
  const problemOf = (recordLocalId: string) =>
    outbox
      ?.flatMap((group) => group.entries)
      .find((e) => e.state === 'needs_attention' && e.effect.type === 'record-answer' && e.effect.recordLocalId === recordLocalId)
      ?.lastError;

  const bureauCheck = async (recordLocalId: string, type: string) => {
    const outcome = await bureau.check(recordLocalId, type);
    if (outcome === 'rejected') navigate(`/application/rejection?id=${id}&type=${type}&co_applicant_id=${recordLocalId}`);
  };

  const submit = () => {
    setBlocking(requirement.blocking);
    if (!requirement.blocking) navigate(`/application/family-details?id=${id}`);
  };

  const status = typeof app?.server?.status === 'string' ? app.server.status : app?.status;
  const remarks = typeof app?.server?.remarks === 'string' ? app.server.remarks : null;
  const addPath = (type: string) => `/application/co-applicant-details?id=${id}&type=${type}&record_index=${nextIndex}`;

  return (
    <>
      <ReviewRemarksPanel status={status} remarks={remarks} />
      <ApplicationNotice applicationLocalId={app?.localId} />
      <p className="co-applicants__hint">{t(requirement.needsGuarantor ? 'coApp.msg.hintBoth' : 'coApp.msg.hintCoBorrower')}</p>
      {records === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : visible.length === 0 ? (
        <p className="muted">{t('coApp.empty')}</p>
      ) : (
        <ul className="co-applicants__list" aria-label={t('coApp.listLabel')}>
          {visible.map((record) => (
            <li key={record.localId}>
              <CoApplicantCard
                record={record}
                applicationId={id}
                problem={problemOf(record.localId)}
                online={online}
                creator={creator}
                checking={bureau.busyId === record.localId}
                onBureauCheck={() =>
                  void bureauCheck(record.localId, recordView(record).type === 'GUARANTOR' ? 'GUARANTOR' : 'CO_BORROWER')
                }
              />
            </li>
          ))}
        </ul>
      )}
      {creator && !isReadOnlyApplication(app) && (
        <div className="co-applicants__add">
          <Link to={addPath('CO_BORROWER')} className="add-tile">
            <span className="add-tile__plus" aria-hidden="true">
              +
            </span>
            {t('coApp.addCoBorrower')}
          </Link>
          <Link to={addPath('GUARANTOR')} className="add-tile">
            <span className="add-tile__plus" aria-hidden="true">
              +
            </span>
            {t('coApp.addGuarantor')}
          </Link>
        </div>
      )}
      <ErrorBanner id={ERROR_ID} message={blocking !== null ? requirement.blocking : null} />
      <button
        type="button"
        className="button button--primary co-applicants__submit"
        aria-describedby={blocking !== null && requirement.blocking ? ERROR_ID : undefined}
        onClick={submit}
      >
        {t('coApp.submit')}
      </button>
    </>
  );
}
