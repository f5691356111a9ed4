import { useState } from 'react';
import { MSG, type Envelope } from '../../../domain';
import { extractErrorMessage } from '../../api/error-message';
import {
  approvePartnerRequest,
  rejectPartnerRequest,
  startPartnerVerification,
  type PartnerRequestDetail,
} from '../../api/partner-requests.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { NeedsConnection } from '../../components/needs-connection';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { allowedActions } from './partner-status';
import { RejectDialog } from './reject-dialog';
import { partnersText } from './partner-requests.text';

const CONFLICT = 409;

type PartnerRequestActionsProps = {
  request: PartnerRequestDetail;
  onUpdated: (request: PartnerRequestDetail) => void;
  /** A 409: someone else moved the request; load it again. */
  onConflict: () => void;
};

/** Start verification, Approve (after a confirmation) and Reject (with a reason), as the status allows. */
export function PartnerRequestActions({ request, onUpdated, onConflict }: PartnerRequestActionsProps) {
  const { t, tm } = useFeatureT(partnersText);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const actions = allowedActions(request.status);
  // A refused action leaves its message even when the reloaded status allows nothing more.
  if (actions.length === 0 && !error) return null;

  /** The failure message, or null when the server took the action. */
  const run = async (call: () => Promise<Envelope<PartnerRequestDetail>>): Promise<string | null> => {
    setBusy(true);
    setError(null);
    let failure: string;
    try {
      const answer = await call();
      if (answer.success) {
        onUpdated(answer.data);
        return null;
      }
      failure = answer.message || MSG.somethingWentWrong;
      if (answer.status_code === CONFLICT) onConflict();
    } catch (caught) {
      failure = extractErrorMessage(caught);
    } finally {
      setBusy(false);
    }
    setError(failure);
    return failure;
  };

  const disabled = busy || !online;
  const describedBy = online ? undefined : 'partner-actions-offline';
  const name = `${request.first_name} ${request.last_name}`;

  return (
    <section className="partner-section" aria-labelledby="partner-actions-title">
      <h2 id="partner-actions-title">{t('partners.actions')}</h2>
      {actions.length > 0 && (
        <div className="partner-actions">
          {actions.includes('verify') && (
            <button
              type="button"
              className="button button--primary"
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => void run(() => startPartnerVerification(request.id))}
            >
              {t('partners.startVerification')}
            </button>
          )}
          {actions.includes('approve') && (
            <button
              type="button"
              className="button button--primary"
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => setDialog('approve')}
            >
              {t('partners.approve')}
            </button>
          )}
          {actions.includes('reject') && (
            <button
              type="button"
              className="button button--danger"
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => setDialog('reject')}
            >
              {t('partners.reject')}
            </button>
          )}
        </div>
      )}
      {!online && actions.length > 0 && <NeedsConnection id="partner-actions-offline" />}
      {error && (
        <p role="alert" className="form-error">
          {tm(error)}
        </p>
      )}
      {dialog === 'approve' && (
        <ConfirmDialog
          title={t('partners.approveTitle')}
          message={t('partners.approveBody', { name, mobile: request.mobile })}
          confirmLabel={t('partners.approve')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            void run(() => approvePartnerRequest(request.id));
          }}
        />
      )}
      {dialog === 'reject' && (
        <RejectDialog
          busy={busy}
          onCancel={() => setDialog(null)}
          onReject={async (reason) => {
            const failure = await run(() => rejectPartnerRequest(request.id, reason));
            if (failure === null) setDialog(null);
            return failure;
          }}
        />
      )}
    </section>
  );
}
