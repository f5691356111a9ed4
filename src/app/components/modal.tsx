import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement | null): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
}

export type ModalProps = {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Focused on open; else the first focusable element, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra keys (the preview's arrows). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
};

/**
 * A modal dialog: in a portal, the app behind it inert, focus moved in, kept in (Tab wraps)
 * and given back to where it was on close; Escape closes.
 */
export function Modal({ labelledBy, describedBy, onClose, children, role = 'dialog', className, initialFocus, onKeyDown }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);

  // Before the first paint: a key pressed at once (Escape, Tab) already lands inside the dialog.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const madeInert = root && !root.contains(ref.current) && !root.hasAttribute('inert');
    if (madeInert) root.setAttribute('inert', '');
    (initialFocus?.current ?? focusables(ref.current)[0] ?? ref.current)?.focus();
    return () => {
      if (madeInert) root.removeAttribute('inert');
      previous?.focus();
    };
    // Only on open and close.
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      const items = focusables(ref.current);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    onKeyDown?.(event);
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['modal', className].filter(Boolean).join(' ')}
        onKeyDown={handleKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
