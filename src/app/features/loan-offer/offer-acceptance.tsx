import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoanOfferView } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import { updateLoanOffer } from '../../api/loan-offer.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { NeedsConnection } from '../../components/needs-connection';
import { notifyError, notifySuccess } from '../../components/notify';
import { readApplicationFromServer } from '../../components/use-application-refresh';
import { useFeatureT } from '../../i18n/feature-text';
import { isMessage } from '../../i18n/translate';
import { formatRupees } from './loan-offer-format';
import { loanOfferText } from './loan-offer.text';

type Props = {
  offer: LoanOfferView;
  serverId: string;
  localId: string;
  status: string;
  phone: string | undefined;
  /** The caller may accept now (a credit manager, PD2 complete, the offer not yet accepted). */
  canAccept: boolean;
  /** The caller may still change the terms (then acceptance waits for PD2). */
  editable: boolean;
  online: boolean;
  pending: boolean;
  hasProblem: boolean;
  setOffer(offer: LoanOfferView): void;
};

/**
 * Accept (after the borrower's acknowledgement of the current KFS, confirmed in a dialog, sent
 * once under one Idempotency-Key however often it is retried), or Finish for whoever only reads.
 */
export function OfferAcceptance({
  offer,
  serverId,
  localId,
  status,
  phone,
  canAccept,
  editable,
  online,
  pending,
  hasProblem,
  setOffer,
}: Props) {
  const { t } = useFeatureT(loanOfferText);
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const acceptKey = useRef<string | null>(null);
  const acknowledged = offer.kfs_acknowledged && !offer.kfs_expired;
  const offlineNote = `${id}-offline`;

  const accept = async () => {
    setConfirming(false);
    setAccepting(true);
    acceptKey.current ??= crypto.randomUUID();
    try {
      const answer = await updateLoanOffer(
        {
          application_id: serverId,
          updated_info: {
            final_suggested_loan_amount: offer.final_suggested_loan_amount!,
            risk_category_and_loan_type_wise_max_tenure: offer.risk_category_and_loan_type_wise_max_tenure,
            disbursement_date: offer.disbursement_date!,
            emi_start_date: offer.emi_start_date,
          },
          is_accepted: true,
          ...(phone ? { phone } : {}),
        },
        acceptKey.current,
      );
      if (!answer.success) {
        notifyError(answer.message || t('loanOffer.acceptFailed'));
        return;
      }
      acceptKey.current = null;
      // A replayed acceptance (a retry after a lost answer) carries only its status fields.
      setOffer({ ...offer, ...answer.data });
      notifySuccess(t('loanOffer.acceptedToast'));
      await readApplicationFromServer(serverId, localId);
      navigate(`/application/final-submit?id=${serverId}`);
    } catch (error) {
      const message = extractErrorMessage(error);
      notifyError(isMessage(message, 'msg.somethingWentWrong') ? t('loanOffer.acceptFailed') : message);
    } finally {
      setAccepting(false);
    }
  };

  const finish = () => navigate(offer.is_accepted && status !== 'APPROVED' ? `/application/final-submit?id=${serverId}` : '/');

  return (
    <>
      <div className="loan-offer__actions">
        {canAccept ? (
          <>
            <button
              type="button"
              className="button button--primary"
              disabled={!online || pending || accepting || hasProblem || !acknowledged}
              aria-describedby={!online ? offlineNote : !acknowledged ? `${id}-needs-ack` : undefined}
              onClick={() => setConfirming(true)}
            >
              {t('loanOffer.accept')}
            </button>
            {!acknowledged && (
              <p id={`${id}-needs-ack`} className="field-note">
                {t('consent.acceptNeedsAck')}
              </p>
            )}
          </>
        ) : (
          <>
            {editable && status !== 'PD2_COMPLETE' && <p className="field-note">{t('loanOffer.acceptAfterPd2')}</p>}
            <button type="button" className="button button--primary" disabled={pending} onClick={finish}>
              {t('loanOffer.finish')}
            </button>
          </>
        )}
        {!online && <NeedsConnection id={offlineNote} />}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('loanOffer.confirmTitle')}
          message={t('loanOffer.confirmMessage')}
          confirmLabel={t('loanOffer.confirmAccept')}
          onConfirm={() => void accept()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {formatRupees(offer.final_suggested_loan_amount)} ·{' '}
            {t('loanOffer.months', { n: offer.risk_category_and_loan_type_wise_max_tenure })} · {t('loanOffer.emi')}{' '}
            {formatRupees(offer.final_suggested_emi)}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
