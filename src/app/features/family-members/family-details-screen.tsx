import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { canAddFamilyMember } from '../../../domain';
import { isReadOnlyApplication } from '../../components/application-frame/frame-application';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ErrorBanner } from '../../components/error-banner';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { useLocalRecords } from '../../db/application-steps.hooks';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { FamilyMemberCard } from './family-member-card';
import { useRecordProblems } from './use-record-problems';
import { familyText } from './family-members.text';

/**
 * /application/family-details?id=<application>: 'Add Family Members'. The members on this phone
 * (with the server's, mirrored when online), an add tile while there are 5 or fewer, and Submit
 * to the business step. Submit needs at least one member: the resume rules of spec 02 §4 go
 * from the co-applicants to the family step until a FAMILY_MEMBER stage exists.
 */
export function FamilyDetailsScreen() {
  const { t } = useFeatureT(familyText);
  const frame = useApplicationInUrl();
  return (
    <section className="family-screen" aria-labelledby="family-title">
      <h1 id="family-title">{t('family.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('family.invalidId')} loadingMessage={t('family.loading')}>
        {({ app, serverId }) => <FamilyMembers app={app} id={serverId} />}
      </ApplicationGate>
    </section>
  );
}

function FamilyMembers({ app, id }: { app: LocalApplication; id: string }) {
  const { t } = useFeatureT(familyText);
  const navigate = useNavigate();
  const applicationLocalId = app.localId;
  const members = useLocalRecords(applicationLocalId, 'family_member');
  const problems = useRecordProblems(applicationLocalId);
  const banner = useRef<HTMLParagraphElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);

  useLayoutEffect(() => {
    if (attempts > 0) banner.current?.focus();
  }, [attempts]);

  const count = members?.length ?? 0;
  const formPath = `/application/family-detail-form?id=${id}`;

  const submit = () => {
    if (count === 0) {
      setMessage(familyText.en['family.needOne']);
      setAttempts((n) => n + 1);
      return;
    }
    // DECISIONS: business details for a self-employed borrower, employment for a salaried one.
    const jobType = app.server?.job_type;
    const salaried = typeof jobType === 'string' && jobType !== '' && jobType !== 'SELF_EMPLOYED';
    navigate(salaried ? `/application/employment?id=${id}` : `/application/business?id=${id}`);
  };

  return (
    <>
      <ApplicationNotice applicationLocalId={applicationLocalId} />
      <ReviewRemarksPanel status={app?.status} remarks={typeof app?.server?.remarks === 'string' ? app.server.remarks : null} />
      {members === undefined ? (
        <p className="muted" role="status">
          {t('family.loading')}
        </p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {count === 0 ? t('family.empty') : t('family.count', { count })}
          </p>
          <ul className="family-cards">
            {members.map((member) => (
              <li key={member.localId}>
                <FamilyMemberCard
                  member={member}
                  editPath={`${formPath}&family_member_id=${member.localId}`}
                  problem={problems.get(member.localId)}
                />
              </li>
            ))}
            {canAddFamilyMember(count) && !isReadOnlyApplication(app) && (
              <li>
                <Link to={`${formPath}&record_index=${count}`} className="family-cards__add">
                  <span aria-hidden="true" className="family-cards__plus">
                    +
                  </span>
                  {t('family.add')}
                </Link>
              </li>
            )}
          </ul>
          {!canAddFamilyMember(count) && <p className="field-note">{t('family.limit')}</p>}
        </>
      )}
      <ErrorBanner ref={banner} message={count === 0 ? message : null} />
      <div className="family-screen__actions">
        <button type="button" className="button button--primary" onClick={submit} disabled={members === undefined}>
          {t('family.submit')}
        </button>
      </div>
    </>
  );
}
