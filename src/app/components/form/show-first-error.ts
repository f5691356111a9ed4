import { useLayoutEffect, useRef } from 'react';

/**
 * After a refused submit: the focus goes where the form wants it (the field, or the banner),
 * and the field the message is about is scrolled into view with its message beside it.
 */
export function useShowFirstError(refusals: number, target: () => { focus?: HTMLElement | null; field?: HTMLElement | null }) {
  const find = useRef(target);
  find.current = target;
  useLayoutEffect(() => {
    if (refusals === 0) return;
    const { focus, field } = find.current();
    focus?.focus();
    // jsdom has no scrollIntoView; a browser does.
    (field ?? focus)?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);
}

/** The input of a form field, or the first control of its upload box (`data-field`). */
export function fieldElement(id: string, uploadField?: string): HTMLElement | null {
  return (
    document.getElementById(id) ??
    (uploadField
      ? document.querySelector<HTMLElement>(`[data-field="${uploadField}"] input:not([disabled]), [data-field="${uploadField}"] button`)
      : null)
  );
}
