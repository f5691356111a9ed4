/** Keys that act on the list as it will be once a pending search applies. */
export const NAVIGATION_KEYS = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Enter'];

/**
 * Where a key moves the active option, from `position` in a list whose last index is `last`
 * (undefined for a key that moves nothing). Right after typing (`pending`) ArrowDown stays on the
 * first option of the new list.
 */
export function movedActive(key: string, position: number, last: number, pending: boolean): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(position + (pending ? 0 : 1), Math.max(last, 0));
    case 'ArrowUp':
      return Math.max(position - 1, 0);
    case 'PageDown':
      return Math.min(position + 10, Math.max(last, 0));
    case 'PageUp':
      return Math.max(position - 10, 0);
  }
  return undefined;
}

/** The closed field opens on the arrows (''), and on a character typed (a search starting with it); null for other keys. */
export function openingSearch(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): string | null {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') return '';
  if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) return event.key;
  return null;
}
