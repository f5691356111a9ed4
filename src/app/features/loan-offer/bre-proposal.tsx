import { isMessage } from '../../i18n/translate';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { BreInputsView, LoanOfferView } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { confirmBreRejection } from '../../api/loan-offer.api';
import { BreReasons } from '../../components/bre/bre-figures';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { NeedsConnection } from '../../components/needs-connection';
import { notifyError, notifySuccess } from '../../components/notify';
import { readApplicationFromServer } from '../../components/use-application-refresh';
import { useFeatureT } from '../../i18n/feature-text';
import { loanOfferText } from './loan-offer.text';

const cpvPath = (serverId: string) => `/application/cpv-info?id=${serverId}`;

type ComputeProps = {
  serverId: string;
  read: BreInputsView;
  creditManager: boolean;
  online: boolean;
  computing: boolean;
  error: string | null;
  onCompute: () => void;
};

/** No current offer: the engine runs only when the credit manager taps Compute offer. */
export function ComputeOffer({ serverId, read, creditManager, online, computing, error, onCompute }: ComputeProps) {
  const { t } = useFeatureT(loanOfferText);
  if (!read.inputs) {
    return (
      <div className="loan-offer__compute">
        <p className="field-note">{t('loanOffer.needsCpv')}</p>
        <Link to={cpvPath(serverId)} className="button button--secondary">
          {t('loanOffer.backToCpv')}
        </Link>
      </div>
    );
  }
  return (
    <div className="loan-offer__compute">
      {read.offer && !read.offer_current && (
        <p className="field-note" role="status">
          {t('loanOffer.stale')}
        </p>
      )}
      {creditManager ? (
        <>
          <p className="field-note">{t('loanOffer.computeNote')}</p>
          <button type="button" className="button button--primary" disabled={!online || computing} onClick={onCompute}>
            {computing ? t('loanOffer.computing') : t('loanOffer.compute')}
          </button>
        </>
      ) : (
        <p className="field-note">{t('loanOffer.computeByBcm')}</p>
      )}
      <ErrorBanner message={error} />
    </div>
  );
}

type ProposalProps = {
  offer: LoanOfferView;
  serverId: string;
  localId: string;
  borrower: string | undefined;
  trackerId: string | undefined;
  creditManager: boolean;
  online: boolean;
};

/**
 * The engine's REJECTED answer as a proposal: the application named, the reasons in words with
 * their figures (the surplus and its parts are shown above), and the two ways on: Confirm
 * rejection (the credit manager, after a confirm dialog) or back to field verification.
 */
export function RejectionProposal({ offer, serverId, localId, borrower, trackerId, creditManager, online }: ProposalProps) {
  const { t } = useFeatureT(loanOfferText);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const key = useRef<string | null>(null);

  const confirm = async () => {
    setAsking(false);
    setSending(true);
    key.current ??= crypto.randomUUID();
    try {
      const answer = await confirmBreRejection(serverId, key.current);
      if (!answer.success) {
        notifyError(answer.message || t('loanOffer.rejectionFailed'));
        return;
      }
      notifySuccess(t('loanOffer.rejectedToast'));
      await readApplicationFromServer(serverId, localId);
      navigate(`/application/rejection?id=${serverId}`, { replace: true });
    } catch (error) {
      const message = extractErrorMessage(error);
      notifyError(isMessage(message, 'msg.somethingWentWrong') ? t('loanOffer.rejectionFailed') : message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="loan-offer__proposal" aria-labelledby="bre-proposal-title" data-testid="bre-proposal">
      <h2 id="bre-proposal-title">{t('loanOffer.proposalTitle')}</h2>
      {(borrower || trackerId) && (
        <p className="rejection-screen__who">{t('loanOffer.proposalFor', { name: borrower ?? '', tracker: trackerId ?? '' })}</p>
      )}
      <h3>{t('loanOffer.reasonsTitle')}</h3>
      <BreReasons offer={offer} />
      <p className="field-note">{t('loanOffer.proposalNote')}</p>
      {!creditManager && <p className="field-note">{t('loanOffer.onlyBcmConfirms')}</p>}
      <div className="loan-offer__actions">
        <Link to={cpvPath(serverId)} className="button button--secondary">
          {t('loanOffer.backToCpv')}
        </Link>
        {creditManager && (
          <button type="button" className="button button--danger" disabled={!online || sending} onClick={() => setAsking(true)}>
            {t('loanOffer.confirmRejection')}
          </button>
        )}
        {!online && <NeedsConnection id="bre-proposal-offline" />}
      </div>
      {asking && (
        <ConfirmDialog
          title={t('loanOffer.confirmRejectionTitle')}
          message={t('loanOffer.confirmRejectionMessage')}
          confirmLabel={t('loanOffer.confirmRejectionYes')}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          <BreReasons offer={offer} />
        </ConfirmDialog>
      )}
    </section>
  );
}
