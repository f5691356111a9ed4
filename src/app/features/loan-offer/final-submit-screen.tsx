import { isMessage } from '../../i18n/translate';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isOfferAccepted, isSanctioned, objectOrNull, type LoanOffer } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { approveApplication } from '../../api/loan-offer.api';
import { ApplicationGate } from '../../components/application-frame/application-gate';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useApplicationInUrl } from '../../components/application-frame/use-application-in-url';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { notifySuccess } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { mirrorApplication } from '../../db/application-steps.actions';
import type { LocalApplication } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { formatRupees, showDate } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';
import '../../components/bre/bre-figures.css';
import './loan-offer.css';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function Approved({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(loanOfferText);
  const trackerId = text(app.server?.tracker_id) ?? app.tracker_id;
  const offer = objectOrNull(app.server?.loan_offer) as LoanOffer | null;
  const kfsNumber = offer?.acknowledgement?.kfs_number;
  return (
    <div className="final-submit__done" data-testid="approved">
      <h2>{t('finalSubmit.approvedTitle')}</h2>
      <p role="status">{t('finalSubmit.approvedBody')}</p>
      {trackerId && (
        <p>
          {t('kfs.trackerId')}: <strong data-testid="tracker-id">{trackerId}</strong>
        </p>
      )}
      {kfsNumber && (
        <p>
          {t('finalSubmit.kfsNumber')}: <strong data-testid="kfs-number">{kfsNumber}</strong>
        </p>
      )}
      {serverId && (
        <Link to={`/application/agreement?id=${serverId}`} className="button button--primary" data-testid="to-agreement">
          {t('finalSubmit.toAgreement')}
        </Link>
      )}
      <Link to="/" className="button button--secondary">
        {t('finalSubmit.dashboard')}
      </Link>
    </div>
  );
}

function FinalSubmit({ app, serverId }: { app: LocalApplication; serverId: string }) {
  const { t } = useFeatureT(loanOfferText);
  const online = useOnline();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Final Submit approves the loan for good: it asks first (issue 21 D13).
  const [confirming, setConfirming] = useState(false);
  const key = useRef<string | null>(null);
  const status = text(app.server?.status) ?? app.status;
  const offer = objectOrNull(app.server?.loan_offer) as LoanOffer | null;
  if (isSanctioned(status)) return <Approved app={app} serverId={serverId} />;

  const submit = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    key.current ??= crypto.randomUUID();
    try {
      const answer = await approveApplication(serverId, key.current);
      if (!answer.success) return setError(answer.message || t('finalSubmit.failed'));
      key.current = null;
      await mirrorApplication(app.localId, answer.data as Record<string, unknown>);
      notifySuccess(t('finalSubmit.approvedTitle'));
    } catch (failure) {
      const message = extractErrorMessage(failure);
      setError(isMessage(message, 'msg.somethingWentWrong') ? t('finalSubmit.failed') : message);
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, string][] = offer
    ? [
        [t('kfs.borrower'), text(app.server?.name) ?? text(app.name) ?? '—'],
        [t('kfs.trackerId'), text(app.server?.tracker_id) ?? app.tracker_id ?? '—'],
        [t('kfs.loanAmount'), formatRupees(offer.final_suggested_loan_amount)],
        [t('kfs.tenure'), t('loanOffer.months', { n: offer.risk_category_and_loan_type_wise_max_tenure })],
        [t('kfs.rate'), `${offer.interest_rate}%`],
        [t('kfs.emi'), formatRupees(offer.final_suggested_emi)],
        [t('loanOffer.processingFee'), formatRupees(offer.total_processing_fee_amount)],
        [t('kfs.insurance'), formatRupees(offer.insurance_fee)],
        [t('kfs.disbursementDate'), showDate(offer.disbursement_date)],
        [t('kfs.firstEmi'), showDate(offer.emi_start_date)],
        ...(offer.acknowledgement && offer.acknowledgement.kfs_number === offer.kfs_number
          ? ([[t('finalSubmit.kfsNumber'), offer.acknowledgement.kfs_number]] as [string, string][])
          : []),
      ]
    : [];
  return (
    <>
      <section aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`}>{t('finalSubmit.summary')}</h2>
        <dl className="loan-offer__figures">
          {rows.map(([label, value]) => (
            <div key={label} className="loan-offer__figure">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {!isOfferAccepted(offer) ? (
        <>
          <p className="form-error" role="alert">
            {t('finalSubmit.notAccepted')}
          </p>
          {offer?.voided && (
            <p className="field-note" data-testid="offer-voided">
              {t('finalSubmit.voided', { reasons: offer.voided.reasons.join('; ') })}
            </p>
          )}
          <Link to={`/application/loan-offer?id=${serverId}`} className="button button--secondary">
            {t('finalSubmit.toOffer')}
          </Link>
        </>
      ) : (
        <div className="loan-offer__actions">
          <ErrorBanner message={error} />
          <button
            type="button"
            className="button button--primary"
            disabled={!online || busy}
            aria-describedby={!online ? `${id}-offline` : undefined}
            onClick={() => setConfirming(true)}
          >
            {t('finalSubmit.submit')}
          </button>
          {!online && <NeedsConnection id={`${id}-offline`} />}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('finalSubmit.confirmTitle')}
          message={t('finalSubmit.confirmMessage')}
          confirmLabel={t('finalSubmit.confirmApprove')}
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** /application/final-submit?id=: the accepted offer's summary and the final submit (PD2_COMPLETE → APPROVED), online only; then the final success. */
export function FinalSubmitScreen() {
  const { t } = useFeatureT(loanOfferText);
  const frame = useApplicationInUrl();
  return (
    <section className="final-submit" aria-labelledby="final-submit-title">
      <h1 id="final-submit-title">{t('finalSubmit.title')}</h1>
      <ApplicationGate frame={frame} invalidMessage={t('loanOffer.invalidId')}>
        {({ app, serverId }) => <FinalSubmit app={app} serverId={serverId} />}
      </ApplicationGate>
    </section>
  );
}
