import { useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { Modal } from './modal';

export type ConfirmDialogProps = {
  title: string;
  message: string;
  /** A second paragraph, e.g. what happens to a file. */
  detail?: string;
  /** What the action affects, listed between the message and the detail. */
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before something that cannot be undone; Cancel has the focus, Escape cancels. */
export function ConfirmDialog({ title, message, detail, children, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useT();
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      onClose={onCancel}
      initialFocus={cancelRef}
      className="modal--confirm"
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-message`} className="modal__message">
        <p>{message}</p>
        {children}
        {detail && <p className="muted">{detail}</p>}
      </div>
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
