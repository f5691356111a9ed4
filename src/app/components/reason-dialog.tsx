import { useId, useRef, useState, type FormEvent } from 'react';
import { firstMessage } from '../../domain';
import { useT } from '../i18n/use-t';
import { Modal } from './modal';

/** A domain schema of the one text field the dialog asks for (`{ remarks }`, `{ reason }`). */
type TextSchema<F extends string> = {
  safeParse(
    input: unknown,
  ): { success: true; data: Record<F, string> } | { success: false; error: { issues: readonly { message: string }[] } };
};

type ReasonDialogProps<F extends string> = {
  title: string;
  hint: string;
  label: string;
  maxLength: number;
  required: boolean;
  confirmLabel: string;
  busyLabel: string;
  /** The confirm button's look: primary, or danger for a rejection. */
  tone?: 'primary' | 'danger';
  busy: boolean;
  /** The text is checked on the phone by the same schema the server applies. */
  schema: TextSchema<F>;
  field: F;
  /** The screen's translation of a domain or server message. */
  translate: (message: string) => string;
  /** Resolves with the server's refusal, or null when done (the caller then closes the dialog). */
  onConfirm: (value: string) => Promise<string | null>;
  onCancel: () => void;
};

/**
 * A dialog that asks for a reason or remarks before a move (a review action, a deviation's
 * decision, a partner request's rejection): the text checked on the phone, the server's refusal
 * shown without closing, the field focused at first and on an error.
 */
export function ReasonDialog<F extends string>(props: ReasonDialogProps<F>) {
  const {
    title,
    hint,
    label,
    maxLength,
    required,
    confirmLabel,
    busyLabel,
    tone = 'primary',
    busy,
    schema,
    field,
    translate,
    onConfirm,
    onCancel,
  } = props;
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState('');
  // A refusal of the text itself marks the field; the server's refusal of the move does not (an
  // optional Remarks box is not what is wrong when a step is still missing: issue 21 D7).
  const [error, setError] = useState<{ message: string; ofField: boolean } | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse({ [field]: text });
    if (!parsed.success) {
      setError({ message: firstMessage(parsed.error), ofField: true });
      fieldRef.current?.focus();
      return;
    }
    const refusal = await onConfirm(parsed.data[field]);
    setError(refusal === null ? null : { message: refusal, ofField: false });
  };

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-hint`} onClose={onCancel} initialFocus={fieldRef} className="modal--confirm">
      <form noValidate onSubmit={(event) => void submit(event)} className="reason-dialog">
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-hint`} className="muted">
          {hint}
        </p>
        <label htmlFor={`${id}-text`} className="field-label">
          {label}
        </label>
        <textarea
          ref={fieldRef}
          id={`${id}-text`}
          className="field-input"
          rows={4}
          maxLength={maxLength}
          required={required}
          value={text}
          aria-invalid={error?.ofField ? true : undefined}
          aria-describedby={error?.ofField ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="form-error">
            {translate(error.message)}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`button button--${tone}`} disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
