import { useId, useRef, useState, type FormEvent } from 'react';
import { firstMessage, optionalRemarksSchema, REVIEW_REMARKS_MAX, requiredRemarksSchema } from '../../../domain';
import { useFeatureT } from '../../i18n/feature-text';
import { Modal } from '../modal';
import { reviewText } from './review.text';

export type RemarksDialogProps = {
  title: string;
  hint: string;
  confirmLabel: string;
  remarks: 'required' | 'optional';
  busy: boolean;
  /** Resolves with the server's message when refused, or null when done (the dialog then closes). */
  onConfirm: (remarks: string) => Promise<string | null>;
  onCancel: () => void;
};

/**
 * Asks for the remarks of a review move (required: at least 3 characters; optional otherwise)
 * and shows the server's refusal (it names what is missing) without closing.
 */
export function RemarksDialog({ title, hint, confirmLabel, remarks, busy, onConfirm, onCancel }: RemarksDialogProps) {
  const { t, tm } = useFeatureT(reviewText);
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = (remarks === 'required' ? requiredRemarksSchema : optionalRemarksSchema).safeParse({ remarks: text });
    if (!parsed.success) {
      setError(firstMessage(parsed.error));
      fieldRef.current?.focus();
      return;
    }
    setError(await onConfirm(parsed.data.remarks));
  };

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-hint`} onClose={onCancel} initialFocus={fieldRef} className="modal--confirm">
      <form noValidate onSubmit={(event) => void submit(event)} className="review-dialog">
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-hint`} className="muted">
          {hint}
        </p>
        <label htmlFor={`${id}-remarks`} className="field-label">
          {t('appReview.remarks')}
        </label>
        <textarea
          ref={fieldRef}
          id={`${id}-remarks`}
          name="remarks"
          className="field-input"
          rows={4}
          maxLength={REVIEW_REMARKS_MAX}
          required={remarks === 'required'}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
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
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? t('appReview.working') : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
