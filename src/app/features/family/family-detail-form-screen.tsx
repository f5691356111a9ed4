import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MSG, PATTERNS } from '../../../domain';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { useLocalApplication, useLocalRecords } from '../../db/application-steps.hooks';
import { useEnsuredApplication } from '../../db/applications.hooks';
import { getDb } from '../../db/db';
import { loadDraft } from '../../db/drafts.repository';
import { StorageFullError } from '../../db/storage-errors';
import { useT } from '../../i18n/use-t';
import { familyForm, toFamilyValues, type FamilyValues } from './family-fields';
import { FamilyMemberForm } from './family-member-form';
import { newMemberId } from './new-member-id';
import { useApplicationRefresh } from '../../components/use-application-refresh';

/**
 * /application/family-detail-form?id=<application>&record_index=<n> (a new member) or
 * &family_member_id=<id> (an existing one). A new member gets its client id when the form opens,
 * written into the address, so a reload finds its draft and files again.
 */
export function FamilyDetailFormScreen() {
  const { t, tm } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const memberId = params.get('family_member_id') ?? '';
  const valid = PATTERNS.applicationId.test(id) && (memberId === '' || PATTERNS.applicationId.test(memberId));
  const { localId: applicationLocalId, error } = useEnsuredApplication(valid ? id : undefined);
  const app = useLocalApplication(applicationLocalId);
  const members = useLocalRecords(applicationLocalId, 'family_member');
  const [failure, setFailure] = useState<unknown>(null);
  const [initial, setInitial] = useState<{ for: string; from: 'draft' | 'member' | 'nothing'; values: FamilyValues }>();
  useApplicationRefresh(valid ? id : undefined, applicationLocalId);

  const membersLoaded = members !== undefined;
  useEffect(() => {
    if (!valid || memberId || !applicationLocalId || !members) return;
    let active = true;
    newMemberId(getDb(), applicationLocalId, members).then((localId) => {
      if (!active) return;
      const next = new URLSearchParams(params);
      next.set('family_member_id', localId);
      navigate({ search: `?${next.toString()}` }, { replace: true });
    }, (caught: unknown) => active && setFailure(caught));
    return () => {
      active = false;
    };
    // Once per opening: the members list only has to be loaded, not current.
  }, [valid, memberId, applicationLocalId, membersLoaded]);

  const record = members?.find((member) => member.localId === memberId);
  // The draft wins over the stored member: it is what was typed last. A member that reaches
  // the phone later (the server's copy, fetched now) fills a form nobody has typed in yet.
  // (Only a copy from the server: a member this form just submitted must not reopen it.)
  const waitingForMember = initial?.for === memberId && initial.from === 'nothing' && record?.syncState === 'synced';
  useEffect(() => {
    if (!applicationLocalId || !memberId || !members) return;
    if (initial?.for === memberId && !waitingForMember) return;
    let active = true;
    loadDraft(getDb(), familyForm(memberId), applicationLocalId).then((draft) => {
      if (!active) return;
      // Typing has started (the form stays as it is: same key, no remount).
      if (draft && initial?.for === memberId) setInitial({ ...initial, from: 'draft' });
      else if (draft) setInitial({ for: memberId, from: 'draft', values: toFamilyValues(draft) });
      else if (record) setInitial({ for: memberId, from: 'member', values: toFamilyValues({ ...record.server, ...record.values }) });
      else setInitial({ for: memberId, from: 'nothing', values: toFamilyValues(undefined) });
    }, (caught: unknown) => active && setFailure(caught));
    return () => {
      active = false;
    };
  }, [applicationLocalId, memberId, membersLoaded, initial?.for, waitingForMember]);

  const problem = error ?? failure;
  const ready = applicationLocalId && initial?.for === memberId;
  return (
    <section className="family-screen" aria-labelledby="family-form-title">
      <h1 id="family-form-title">{t('family.formTitle')}</h1>
      {!valid ? (
        <p className="form-error" role="alert">
          {t('family.invalidId')}
        </p>
      ) : problem ? (
        <p className="form-error" role="alert">
          {tm(problem instanceof StorageFullError ? problem.message : MSG.somethingWentWrong)}
        </p>
      ) : !ready ? (
        <p className="muted" role="status">
          {t('family.loading')}
        </p>
      ) : (
        <>
          <ApplicationNotice applicationLocalId={applicationLocalId} />
          <ReviewRemarksPanel status={app?.status} remarks={typeof app?.server?.remarks === 'string' ? app.server.remarks : null} />
          <FamilyMemberForm key={initial.from === 'member' ? `${memberId}:member` : memberId} applicationLocalId={applicationLocalId} serverId={id} localId={memberId} record={record} initial={initial.values} />
        </>
      )}
    </section>
  );
}
