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
  useShowFirstError(refusals, () => {
    const named = error?.field;
    const banner = document.getElementById(bannerId);
    if (named) keepFocusOnField(() => elementOf(named), banner);
    return { focus: (named ? elementOf(named) : null) ?? banner };
  });
}

/** How long the field a refusal names may take to be drawn, or drawn again, before the focus is left where it is. */
const DRAWN_WITHIN_MS = 10_000;

/**
 * The field a refusal names may not be drawn yet when the refusal is shown, or be drawn again just
 * after (an upload box reading its files from the phone, on a slow phone, replaces its input): the
 * focus, on the banner or lost with the element it was on, goes to the field once it is drawn,
 * unless the user has moved it elsewhere.
 */
function keepFocusOnField(find: () => HTMLElement | null, banner: HTMLElement | null) {
  const observer = new MutationObserver(() => {
    const field = find();
    if (!field) return;
    const active = document.activeElement;
    if (active === field) return;
    const lost = active === null || active === document.body || active === banner;
    if (!lost) return stop();
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
  });
  const timer = setTimeout(() => stop(), DRAWN_WITHIN_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
