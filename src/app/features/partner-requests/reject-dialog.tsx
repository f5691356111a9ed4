import { useId, useState, type FormEvent } from 'react';
import { firstMessage, JOIN_US_REASON_MAX, joinUsRejectSchema } from '../../../domain';
import { Modal } from '../../components/modal';
import { useFeatureT } from '../../i18n/feature-text';
import { partnersText } from './partner-requests.text';

type RejectDialogProps = {
  busy: boolean;
  /** Resolves with the failure message, or null once rejected. */
  onReject: (reason: string) => Promise<string | null>;
  onCancel: () => void;
};

/** Asks for the reason of a rejection (the domain's rule: required, at most 500 characters). */
export function RejectDialog({ busy, onReject, onCancel }: RejectDialogProps) {
  const { t, tm } = useFeatureT(partnersText);
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinUsRejectSchema.safeParse({ reason });
    if (!parsed.success) return setError(firstMessage(parsed.error));
    setError(await onReject(parsed.data.reason));
  };

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-body`} onClose={onCancel} className="modal--confirm">
      <form noValidate onSubmit={(event) => void submit(event)} className="reject-form">
        <h2 id={`${id}-title`}>{t('partners.rejectTitle')}</h2>
        <p id={`${id}-body`} className="muted">
          {t('partners.rejectBody')}
        </p>
        <label htmlFor={`${id}-reason`} className="field-label">
          {t('partners.reasonLabel')}
        </label>
        <textarea
          id={`${id}-reason`}
          className="field-input"
          rows={4}
          maxLength={JOIN_US_REASON_MAX}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="form-error">
            {tm(error)}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('partners.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
