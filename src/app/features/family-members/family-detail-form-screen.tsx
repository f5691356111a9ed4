import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PATTERNS } from '../../../domain';
import { ApplicationGate, openFailureMessage } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { useLocalRecords } from '../../db/application-steps.hooks';
import { loadFormDraft, newRecordFormId } from '../../db/drafts.actions';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { familyForm, NEW_MEMBER_FORM, NEW_MEMBER_SLOT, toFamilyValues, type FamilyValues } from './family-member-fields';
import { FamilyMemberForm } from './family-member-form';
import { familyText } from './family-members.text';

type Initial = { for: string; from: 'draft' | 'member' | 'nothing'; values: FamilyValues };

/** The member's form once its id and starting values are known. */
function FamilyMemberStep({ app, serverId, memberId }: { app: LocalApplication; serverId: string; memberId: string }) {
  const { t, tm } = useFeatureT(familyText);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applicationLocalId = app.localId;
  const members = useLocalRecords(applicationLocalId, 'family_member');
  const [failure, setFailure] = useState<unknown>(null);
  const [initial, setInitial] = useState<Initial>();

  // A new member gets its client id when the form opens, written into the address, so a reload
  // finds its draft and files again.
  const membersLoaded = members !== undefined;
  useEffect(() => {
    if (memberId || !members) return;
    let active = true;
    newRecordFormId(NEW_MEMBER_FORM, applicationLocalId, NEW_MEMBER_SLOT, (id) => members.some((member) => member.localId === id)).then(
      (localId) => {
        if (!active) return;
        const next = new URLSearchParams(params);
        next.set('family_member_id', localId);
        navigate({ search: `?${next.toString()}` }, { replace: true });
      },
      (caught: unknown) => active && setFailure(caught),
    );
    return () => {
      active = false;
    };
    // Once per opening: the members list only has to be loaded, not current.
  }, [memberId, applicationLocalId, membersLoaded]);

  const record = members?.find((member) => member.localId === memberId);
  // The draft wins over the stored member: it is what was typed last. A member that reaches
  // the phone later (the server's copy, fetched now) fills a form nobody has typed in yet.
  // (Only a copy from the server: a member this form just submitted must not reopen it.)
  const waitingForMember = initial?.for === memberId && initial.from === 'nothing' && record?.syncState === 'synced';
  useEffect(() => {
    if (!memberId || !members) return;
    if (initial?.for === memberId && !waitingForMember) return;
    let active = true;
    loadFormDraft(familyForm(memberId), applicationLocalId).then(
      (draft) => {
        if (!active) return;
        // Typing has started (the form stays as it is: same key, no remount).
        if (draft && initial?.for === memberId) setInitial({ ...initial, from: 'draft' });
        else if (draft) setInitial({ for: memberId, from: 'draft', values: toFamilyValues(draft) });
        else if (record) setInitial({ for: memberId, from: 'member', values: toFamilyValues({ ...record.server, ...record.values }) });
        else setInitial({ for: memberId, from: 'nothing', values: toFamilyValues(undefined) });
      },
      (caught: unknown) => active && setFailure(caught),
    );
    return () => {
      active = false;
    };
  }, [applicationLocalId, memberId, membersLoaded, initial?.for, waitingForMember]);

  if (failure) {
    return (
      <p className="form-error" role="alert">
        {tm(openFailureMessage(failure))}
      </p>
    );
  }
  if (initial?.for !== memberId) {
    return (
      <p className="muted" role="status">
        {t('family.loading')}
      </p>
    );
  }
  return (
    <>
      <ApplicationNotice applicationLocalId={applicationLocalId} />
      <ReviewRemarksPanel status={app.status} remarks={typeof app.server?.remarks === 'string' ? app.server.remarks : null} />
      <FamilyMemberForm
        key={initial.from === 'member' ? `${memberId}:member` : memberId}
        applicationLocalId={applicationLocalId}
        serverId={serverId}
        localId={memberId}
        record={record}
        initial={initial.values}
      />
    </>
  );
}

/**
 * /application/family-detail-form?id=<application>&record_index=<n> (a new member) or
 * &family_member_id=<id> (an existing one).
 */
export function FamilyDetailFormScreen() {
  const { t } = useFeatureT(familyText);
  const [params] = useSearchParams();
  const memberId = params.get('family_member_id') ?? '';
  const memberValid = memberId === '' || PATTERNS.applicationId.test(memberId);
  const frame = useApplicationInUrl();
  return (
    <section className="family-screen" aria-labelledby="family-form-title">
      <h1 id="family-form-title">{t('family.formTitle')}</h1>
      <ApplicationGate
        frame={memberValid ? frame : { state: 'invalid' }}
        invalidMessage={t('family.invalidId')}
        loadingMessage={t('family.loading')}
      >
        {({ app, serverId }) => <FamilyMemberStep app={app} serverId={serverId} memberId={memberId} />}
      </ApplicationGate>
    </section>
  );
}
