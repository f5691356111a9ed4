import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CREATOR_DESIGNATION,
  designationOf,
  isReviewerDesignation,
  isSanctioned,
  mayEverDo,
  policyAllows,
  type Designation,
} from '../../../domain';
import { ReadOnlyNotice } from '../../components/application-frame/application-gate';
import { FrameApplicationContext } from '../../components/application-frame/frame-application';
import { ApplicationNotice } from '../../components/application-notice';
import { DecisionsPanel } from '../../components/decisions/decisions-panel';
import { ReviewRemarksPanel } from '../../components/review-remarks-panel';
import { ApplicationReview } from '../../components/review/application-review';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { BorrowerForm } from './borrower-form';
import type { BorrowerMethod } from './borrower-submit';
import { useBorrowerStart } from './use-borrower-start';
import { borrowerText } from './borrower.text';

/** The reviewer/editor designations of spec 02 §6 (DECISIONS "Roles"). */
/** States in which the officer's changes go through the second-type update (docs/application-api.md). */
const PATCH_STATUSES = ['REJECTED', 'PD1_REVIEW'];

/**
 * /application/mobile (spec 02 screen 1, 'Borrower info'): without `id` a new application
 * starts with the mobile check; with `id` the application's borrower step is edited. A
 * reviewer sees the server's data and saves with PATCH. Issue 31 N10: a caller the access
 * policy gives no part in applications (an AGENT) is told so, and nothing is loaded or made.
 */
export function BorrowerScreen() {
  const { t } = useFeatureT(borrowerText);
  const designation = designationOf(useProfile());
  if (designation && mayEverDo(designation, 'read')) return <BorrowerEditor />;
  return (
    <section className="borrower-screen" aria-labelledby="borrower-title">
      <h1 id="borrower-title">{t('borrower.title')}</h1>
      <p className="field-note" role="status">
        {t('borrower.notForRole')}
      </p>
    </section>
  );
}

function BorrowerEditor() {
  const { t, tm } = useFeatureT(borrowerText);
  const [params] = useSearchParams();
  const designation = useProfile().mfi_employee as Designation | null;
  const reviewer = isReviewerDesignation(designation);
  const start = useBorrowerStart(reviewer);
  const server = start.app?.server;
  const status = typeof server?.status === 'string' ? server.status : start.app?.status;
  const remarks = typeof server?.remarks === 'string' ? server.remarks : null;
  const method: BorrowerMethod =
    reviewer || params.get('rejection_status') === 'true' || PATCH_STATUSES.includes(status ?? '') ? 'PATCH' : 'PUT';
  // Issue 21 D16: an approved application is read-only here as in every other step; and no check
  // (the name match runs by itself) is sent where the access policy would refuse it (D15: a 409).
  const readOnly = isSanctioned(status);
  const mayVerify = !status || policyAllows(designation, status, 'verify', server);
  const app = start.app;
  const frame = useMemo(() => (readOnly && app ? { app, remarksInFrame: false, readOnly } : undefined), [readOnly, app]);

  return (
    <section className="borrower-screen" aria-labelledby="borrower-title">
      <h1 id="borrower-title">{t('borrower.title')}</h1>
      {start.app && start.state === 'ready' && start.serverId && <ApplicationReview app={start.app} serverId={start.serverId} refresh />}
      <ReviewRemarksPanel status={status} remarks={remarks} history={server?.history} />
      <ApplicationNotice applicationLocalId={start.app?.localId} />
      {/* Not inside the application frame (ApplicationGate): the screen where these fields are edited shows their decisions too. */}
      {app && !readOnly && <DecisionsPanel app={app} />}
      {start.state === 'invalid' ? (
        <p className="form-error" role="alert">
          {t('borrower.invalidId')}
        </p>
      ) : start.state === 'error' ? (
        <p className="form-error" role="alert">
          {tm(start.message)}
        </p>
      ) : start.state === 'loading' ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <FrameApplicationContext.Provider value={frame}>
          {readOnly && <ReadOnlyNotice />}
          <BorrowerForm
            key={start.localId ?? 'new'}
            localId={start.localId}
            serverId={start.serverId}
            initial={start.initial}
            method={method}
            gated={designation === CREATOR_DESIGNATION}
            mayVerify={mayVerify}
          />
        </FrameApplicationContext.Provider>
      )}
    </section>
  );
}
