import { useEffect, useState } from 'react';
import { objectOrNull, isReviewerDesignation } from '../../../domain';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { loadFormDraft } from '../../db/drafts.actions';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { KYC_FORM, startingKycValues, type KycValues } from './kyc-fields';
import { KycForm } from './kyc-form';
import { kycText } from './kyc-documents.text';

/** The form once its starting values are known (draft, submitted step or server KYC). */
function KycStep({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const profile = useProfile();
  const [start, setStart] = useState<{ values: KycValues; local: boolean } | null>(null);

  useEffect(() => {
    let active = true;
    const begin = (draft: Record<string, unknown> | undefined) =>
      active &&
      setStart({ values: startingKycValues(draft, app.steps?.kyc, objectOrNull(app.server?.kyc)), local: !!(draft ?? app.steps?.kyc) });
    loadFormDraft(KYC_FORM, app.localId).then(begin, () => begin(undefined));
    return () => {
      active = false;
    };
    // Once per application: later changes of the application must not reset what is typed.
  }, [app.localId]);

  const status = typeof app.server?.status === 'string' ? app.server.status : app.status;
  const remarks = typeof app.server?.remarks === 'string' ? app.server.remarks : null;
  return (
    <>
      <ReviewRemarksPanel status={status} remarks={remarks} />
      <ApplicationNotice applicationLocalId={app.localId} />
      {start && (
        <KycForm
          app={app}
          serverId={serverId}
          initial={start.values}
          fromPhone={start.local}
          reviewer={isReviewerDesignation(profile.mfi_employee)}
        />
      )}
    </>
  );
}

/** /application/kyc?id=<application id>: 'Borrowers Info' (spec 02 §2 screen 2). */
export function KycScreen() {
  const { t } = useFeatureT(kycText);
  const frame = useApplicationInUrl();
  return (
    <section className="kyc-screen" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kyc.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('kyc.invalidId')}>
        {({ app, serverId }) => <KycStep app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
