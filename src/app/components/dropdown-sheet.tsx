import type { ReactNode, RefObject } from 'react';
import { useT } from '../i18n/use-t';
import { Modal } from './modal';

type Props = {
  id: string;
  label: string;
  /** The search box, focused when the sheet opens. */
  search: RefObject<HTMLInputElement | null>;
  onClose(): void;
  /** The dropdown's panel: the search box and the options. */
  children: ReactNode;
};

/** The dropdown's options on a narrow screen: a bottom modal titled 'Select' (spec 01 §9). */
export function DropdownSheet({ id, label, search, onClose, children }: Props) {
  const { t } = useT();
  return (
    <Modal labelledBy={`${id}-sheet-title`} onClose={onClose} className="modal--sheet dropdown-sheet" initialFocus={search}>
      <div className="modal__header">
        <h2 id={`${id}-sheet-title`}>{t('dropdown.select')}</h2>
        <button type="button" className="button button--link" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p className="dropdown-sheet__label">{label}</p>
      {children}
    </Modal>
  );
}
