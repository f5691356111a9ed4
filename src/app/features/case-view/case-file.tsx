import { useMemo, type MouseEvent } from 'react';
import { useApplicationFiles } from '../../db/application-files.hooks';
import { useLocalRecords } from '../../db/application-steps.hooks';
import type { LocalApplication } from '../../db/records';
import { useOnline } from '../../components/use-online';
import { statusOf } from '../../components/review/application-review';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { BankSection, BusinessSection, ReferencesSection } from './case-business';
import { VerificationsSection } from './case-checks';
import { CaseContext, type CaseContextValue } from './case-context';
import { CasePayoutLink } from './case-payout-link';
import { BreSection } from './case-bre';
import { CpvSection } from './case-cpv';
import { BorrowerSection, CoApplicantsSection, FamilySection, KycSection } from './case-people';
import { editPathOf, type Data, type SectionId } from './case-view.model';
import { caseViewText } from './case-view.text';

const CONTENTS: readonly SectionId[] = [
  'borrower',
  'kyc',
  'coApplicants',
  'family',
  'business',
  'bank',
  'cpv',
  'references',
  'verifications',
  'bre',
];

/** The view of an application on this phone: the server's last answer mirrored here, else what was captured here. */
function viewOf(app: LocalApplication): Data {
  const captured = app.steps?.borrower ?? {};
  return { ...captured, name: app.name, phone: app.phone, tracker_id: app.tracker_id, ...(app.server ?? {}) };
}

/** The jump list: a link per section that moves focus to its heading (the address keeps the route). */
function Contents({ view }: { view: Data }) {
  const { t } = useFeatureT(caseViewText);
  const salaried = view.job_type === 'SALARIED' || (!!view.app_mfi_employment_info && !view.app_mfi_business_details);
  const sections = CONTENTS.map((id) => (id === 'business' && salaried ? 'employment' : id));
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: SectionId) => {
    event.preventDefault();
    const heading = document.getElementById(`case-${id}-title`);
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus();
  };
  return (
    <nav className="case-contents" aria-label={t('case.contents')}>
      <ul>
        {sections.map((id) => (
          <li key={id}>
            <a href={`#case-${id}`} onClick={(event) => jump(event, id)}>
              {t(`case.section.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The whole application on one page, read from this phone's tables (the frame refreshes them from the server). */
export function CaseFile({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(caseViewText);
  const online = useOnline();
  const designation = useProfile().mfi_employee;
  const coApplicants = useLocalRecords(app.localId, 'co_applicant') ?? [];
  const family = useLocalRecords(app.localId, 'family_member') ?? [];
  const files = useApplicationFiles(app.localId);
  const status = statusOf(app);
  const view = viewOf(app);

  const context = useMemo<CaseContextValue>(
    () => ({
      editPath: (section) => editPathOf(section, designation, status, serverId),
      localFile: (fileId) => (files ? files.find((file) => file.serverFileId === fileId || file.localId === fileId) : 'loading'),
    }),
    [designation, status, serverId, files],
  );

  const name = typeof view.name === 'string' && view.name.trim() ? view.name.trim() : t('case.noName');
  const tracker = typeof view.tracker_id === 'string' && view.tracker_id ? view.tracker_id : t('case.noTracker');
  const active = coApplicants.filter((r) => (r.server ?? r.values).status !== 'REPLACED');

  return (
    <CaseContext.Provider value={context}>
      <p className="case-view__subtitle" data-testid="case-subtitle">
        {t('case.subtitle', { name, tracker })}
      </p>
      {!online && (
        <p className="field-note" role="status">
          {t('case.offline')}
        </p>
      )}
      <CasePayoutLink designation={designation} status={status} serverId={serverId} />
      <Contents view={view} />
      <BorrowerSection view={view} />
      <KycSection view={view} />
      <CoApplicantsSection records={active} />
      <FamilySection records={family} />
      <BusinessSection view={view} />
      <BankSection view={view} />
      <CpvSection view={view} />
      <ReferencesSection view={view} />
      <VerificationsSection view={view} coApplicants={coApplicants} />
      <BreSection view={view} status={status} />
    </CaseContext.Provider>
  );
}
