import { useId } from 'react';
import { policyAllows, type DisbursementView } from '../../../domain';
import { approveDisbursement, requestDisbursement } from '../../api/disbursement.api';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { CoolingOffExit } from './cooling-off-exit';
import { day, instant, rupees } from './disbursement-format';
import { disbursementText } from './disbursement.text';
import { useDisbursement } from './use-disbursement';
import './disbursement.css';

const STATUS_WORDS = ['DISBURSAL_READY', 'DISBURSED', 'CANCELLED'] as const;

/** The payout's figures: its state and the application's in words, amount, account, date, UTR and times. */
function PayoutFacts({ view }: { view: DisbursementView }) {
  const { t } = useFeatureT(disbursementText);
  const status = (STATUS_WORDS as readonly string[]).includes(view.application_status)
    ? t(`disb.status.${view.application_status as (typeof STATUS_WORDS)[number]}`)
    : t('disb.status.other');
  const amount = view.amount ?? view.planned?.amount ?? null;
  const account = view.account ?? view.planned?.account ?? null;
  const rows: [string, string, string?][] = [
    [t('disb.applicationStatus'), status, 'application-status'],
    [t('disb.state'), t(`disb.state.${view.state}`), 'payout-state'],
    [t('disb.amount'), rupees(amount)],
    [t('disb.account'), account ? `${account} · ${view.ifsc ?? view.planned?.ifsc ?? ''}` : t('disb.accountNotVerified')],
    [t('disb.date'), day(view.disbursement_date ?? view.planned?.disbursement_date)],
  ];
  if (view.utr) rows.push([t('disb.utr'), view.utr, 'payout-utr']);
  if (view.reference) rows.push([t('disb.reference'), view.reference]);
  if (view.requested_at) rows.push([t('disb.requestedAt'), instant(view.requested_at)]);
  if (view.approved_at) rows.push([t('disb.approvedAt'), instant(view.approved_at)]);
  if (view.settled_at) rows.push([t('disb.settledAt'), instant(view.settled_at)]);
  if (view.failure_reason) rows.push([t('disb.failure'), view.failure_reason]);
  return (
    <dl className="disbursement__figures" aria-live="polite">
      {rows.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Payout({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(disbursementText);
  const profile = useProfile();
  const payout = useDisbursement(serverId, app.localId);
  const { view, online, busy, error, act } = payout;
  const offlineId = useId();
  if (!view) {
    return (
      <>
        {!online && <NeedsConnection id={offlineId} />}
        <ErrorBanner message={error} />
        {online && !error && <p role="status">{t('disb.loading')}</p>}
        {online && error && (
          <button type="button" className="button button--secondary" onClick={() => void payout.load()}>
            {t('disb.retry')}
          </button>
        )}
      </>
    );
  }
  const status = view.application_status;
  const designation = profile.mfi_employee;
  const makes = policyAllows(designation, status, 'disburse') && (view.state === 'NONE' || view.state === 'FAILED');
  const checks = policyAllows(designation, status, 'approve-disbursement') && (view.state === 'REQUESTED' || view.state === 'PENDING');
  const ownRequest = checks && view.requested_by === profile.id;
  const disabled = !online || busy;
  return (
    <>
      <section className="disbursement__card" aria-labelledby="payout-title">
        <h2 id="payout-title">{t('disb.payout')}</h2>
        <PayoutFacts view={view} />
        {view.failed_attempts > 0 && <p className="field-note">{t('disb.failedAttempts', { n: view.failed_attempts })}</p>}
      </section>
      {!online && <NeedsConnection id={offlineId} />}
      <ErrorBanner message={error} />
      {makes && view.planned && (
        <section className="disbursement__card" aria-labelledby="maker-title">
          <h2 id="maker-title">{t('disb.maker.title')}</h2>
          <p className="field-note">{t('disb.maker.note')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={disabled}
            aria-describedby={!online ? offlineId : undefined}
            onClick={() => void act('request', (key) => requestDisbursement(serverId, view.planned!.disbursement_date, key))}
          >
            {t(view.state === 'FAILED' ? 'disb.maker.again' : 'disb.maker.button')}
          </button>
        </section>
      )}
      {checks && (
        <section className="disbursement__card" aria-labelledby="checker-title">
          <h2 id="checker-title">{t('disb.checker.title')}</h2>
          {ownRequest ? (
            <p className="field-note">{t('disb.ownRequest')}</p>
          ) : (
            <>
              <p className="field-note">{t('disb.checker.note')}</p>
              <button
                type="button"
                className="button button--primary"
                disabled={disabled}
                aria-describedby={!online ? offlineId : undefined}
                onClick={() => void act('approve', (key) => approveDisbursement(serverId, key))}
              >
                {t(view.state === 'PENDING' ? 'disb.checker.check' : 'disb.checker.button')}
              </button>
            </>
          )}
        </section>
      )}
      {view.state === 'PAID' && (
        <CoolingOffExit serverId={serverId} mayRecord={policyAllows(designation, status, 'cooling-off-exit')} payout={payout} />
      )}
    </>
  );
}

/**
 * /application/disbursement?id=<application id> (issue 34): the payout of a sanctioned loan. The
 * credit manager requests it (Disburse), a branch manager approves it (Approve disbursement, never
 * their own request), everyone reviewing sees its state and UTR; after the payout, the credit
 * manager records the borrower's cooling-off exit. Online only: nothing here is queued.
 */
export function DisbursementScreen() {
  const { t } = useFeatureT(disbursementText);
  const frame = useApplicationInUrl();
  return (
    <article className="disbursement" aria-labelledby="disbursement-title">
      <h1 id="disbursement-title">{t('disb.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('disb.invalidId')} review={false} readOnlyNotice={false}>
        {({ app, serverId }) => <Payout app={app} serverId={serverId} />}
      </ApplicationGate>
    </article>
  );
}
