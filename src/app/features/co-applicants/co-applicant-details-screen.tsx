import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { calendarDateOf, CREATOR_DESIGNATION, PATTERNS } from '../../../domain';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { useLocalRecords } from '../../db/application-steps.hooks';
import { loadFormDraft, newRecordFormId } from '../../db/drafts.actions';
import type { LocalRecord } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { coApplicantValuesOf, EMPTY_CO_APPLICANT, isCoApplicantType, NEW_FORMS, newFormSlot } from './co-applicant-fields';
import { CoApplicantForm } from './co-applicant-form';
import type { CoApplicantDraft, SubmitTarget } from './use-co-applicant-form';
import type { IdentityChecks } from './use-identity-checks';
import { coApplicantsText } from './co-applicants.text';
import { isObject } from '../../../domain/shared/is-object';

/** What the form opens with: its draft, else the record (server view under the phone's values), else a new form of `type`. */
export function startingDraft(draft: Record<string, unknown> | undefined, record: LocalRecord | undefined, type: string): CoApplicantDraft {
  if (draft && isObject(draft.values)) {
    return { values: coApplicantValuesOf(draft.values), checks: isObject(draft.checks) ? (draft.checks as IdentityChecks) : {} };
  }
  if (record) return { values: coApplicantValuesOf({ ...record.server, ...record.values }), checks: {} };
  return { values: { ...EMPTY_CO_APPLICANT, type }, checks: {} };
}

type Opened = { target: SubmitTarget; start: CoApplicantDraft };

/**
 * The application's co-applicants once they are its own: a live query keeps its previous answer
 * (the empty list of "no application yet") for a moment after the application id arrives.
 */
function useCoApplicantsOf(applicationLocalId: string | undefined): LocalRecord[] | undefined {
  const records = useLocalRecords(applicationLocalId, 'co_applicant');
  const before = useRef<{ app?: string; records?: LocalRecord[] }>({});
  if (before.current.app !== applicationLocalId) before.current = { app: applicationLocalId, records };
  return applicationLocalId && records !== undefined && records !== before.current.records ? records : undefined;
}

/**
 * /application/co-applicant-details?id=&record_index=&co_applicant_id=&rejected_guarantor_id=&type=
 * (spec 02 screen 4): 'Co-Borrower/Guarantor Details', or 'Replace Rejected Guarantor' with its
 * banner. A new form gets its client id when it first opens (its files and draft are kept under it).
 */
export function CoApplicantDetailsScreen() {
  const { t } = useFeatureT(coApplicantsText);
  const profile = useProfile();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const frame = useApplicationInUrl();
  const rejectedParam = params.get('rejected_guarantor_id') ?? '';
  const rejectedGuarantorId = PATTERNS.applicationId.test(rejectedParam) ? rejectedParam : '';
  const requestedId = params.get('co_applicant_id') ?? '';
  const typeParam = (params.get('type') ?? '').toUpperCase();
  const type = rejectedGuarantorId ? 'GUARANTOR' : isCoApplicantType(typeParam) ? typeParam : 'CO_BORROWER';
  const indexParam = Number.parseInt(params.get('record_index') ?? '', 10);
  const applicationLocalId = frame.state === 'ready' ? frame.localId : undefined;
  const records = useCoApplicantsOf(applicationLocalId);
  const [opened, setOpened] = useState<Opened | null>(null);
  const today = useMemo(() => calendarDateOf(new Date()), []);

  useEffect(() => {
    if (!applicationLocalId || !records || opened) return;
    let active = true;
    void (async () => {
      const recordId = PATTERNS.applicationId.test(requestedId)
        ? requestedId
        : await newRecordFormId(NEW_FORMS, applicationLocalId, newFormSlot(type, rejectedGuarantorId), (candidate) =>
            records.some((r) => r.localId === candidate),
          );
      const record = records.find((r) => r.localId === recordId);
      const draft = await loadFormDraft(`co_applicant.${recordId}`, applicationLocalId);
      const replacing = rejectedGuarantorId || (typeof record?.values.id_to_replace === 'string' ? record.values.id_to_replace : '');
      const storedIndex = record?.values.record_index ?? record?.server?.record_index;
      const target: SubmitTarget = {
        applicationLocalId,
        localId: recordId,
        recordIndex:
          typeof storedIndex === 'number' ? storedIndex : Number.isInteger(indexParam) && indexParam >= 0 ? indexParam : records.length,
        replacing: replacing || undefined,
        update: !!record && (record.server !== undefined || record.syncState === 'pending'),
        server: record?.server,
      };
      if (active) setOpened({ target, start: startingDraft(draft, record, type) });
    })();
    return () => {
      active = false;
    };
  }, [applicationLocalId, records === undefined]);

  const replacing = !!opened?.target.replacing;
  return (
    <section className="co-applicant-details" aria-labelledby="co-applicant-details-title">
      <h1 id="co-applicant-details-title">{t(replacing || rejectedGuarantorId ? 'coApp.replaceTitle' : 'coApp.detailsTitle')}</h1>
      {(replacing || rejectedGuarantorId) && (
        <p className="co-applicant-banner" role="note">
          {t('coApp.replaceBanner')}
        </p>
      )}
      <ApplicationGate frame={frame} invalidMessage={t('coApp.invalidId')}>
        {() =>
          opened ? (
            <CoApplicantForm
              target={opened.target}
              start={opened.start}
              serverId={id}
              serverKnown
              creator={profile.mfi_employee === CREATOR_DESIGNATION}
              today={today}
            />
          ) : (
            <p role="status">{t('common.loading')}</p>
          )
        }
      </ApplicationGate>
    </section>
  );
}
