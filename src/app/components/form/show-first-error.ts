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

/**
 * The one way a step shows a refusal (its own check's, or the server's): the focus goes to the
 * field the message is about, which the banner describes, or to the banner when it names none.
 */
export function useFocusRefusal(
  refusals: number,
  error: { field?: string } | null,
  bannerId: string,
  elementOf: (field: string) => HTMLElement | null,
) {
  useShowFirstError(refusals, () => ({
    focus: (error?.field ? elementOf(error.field) : null) ?? document.getElementById(bannerId),
  }));
}
