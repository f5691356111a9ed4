import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isReviewerDesignation, PATTERNS } from '../../../domain';
import { ApplicationNotice } from '../../components/application-notice';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { useLocalApplication } from '../../db/application-steps.hooks';
import { useEnsuredApplication } from '../../db/applications.hooks';
import { getDb } from '../../db/db';
import { loadDraft } from '../../db/drafts.repository';
import type { LocalApplication } from '../../db/records';
import { StorageFullError } from '../../db/storage-errors';
import { useT } from '../../i18n/use-t';
import { useProfile } from '../../session/use-session';
import { KYC_FORM, startingKycValues, type KycValues } from './kyc-fields';
import { KycForm } from './kyc-form';
import { useApplicationRefresh } from '../../components/use-application-refresh';

/** Spec 02 §6: the two reviewer/editor designations. */

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The form once its starting values are known (draft, submitted step or server KYC). */
function KycStep({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const profile = useProfile();
  const [start, setStart] = useState<{ values: KycValues; local: boolean } | null>(null);

  useEffect(() => {
    let active = true;
    const begin = (draft: Record<string, unknown> | undefined) =>
      active && setStart({ values: startingKycValues(draft, app.steps?.kyc, asRecord(app.server?.kyc)), local: !!(draft ?? app.steps?.kyc) });
    loadDraft(getDb(), KYC_FORM, app.localId).then(begin, () => begin(undefined));
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
  const { t, tm } = useT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = PATTERNS.applicationId.test(id);
  const { localId, error } = useEnsuredApplication(valid ? id : undefined);
  const app = useLocalApplication(localId);
  useApplicationRefresh(valid ? id : undefined, localId);

  return (
    <section className="kyc-screen" aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kyc.title')}</h1>
      {!valid ? (
        <p className="form-error" role="alert">
          {t('kyc.invalidId')}
        </p>
      ) : error ? (
        <p className="form-error" role="alert">
          {tm(error instanceof StorageFullError ? error.message : 'Something went wrong!')}
        </p>
      ) : app ? (
        <KycStep app={app} serverId={id} />
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </section>
  );
}
