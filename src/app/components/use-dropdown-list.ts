import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS } from '../../domain';
import { movedActive, NAVIGATION_KEYS } from './dropdown-keys';
import { filterOptions, type DropdownOption } from './dropdown-options';

type Options = {
  id: string;
  value: string | null | undefined;
  options: readonly DropdownOption[];
  onChange(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  /** The list is in a bottom modal (the focus stays in it). */
  narrow: boolean;
};

/**
 * The dropdown's list: open or closed, the search text and the search applied 300 ms after the
 * last key, the active option, and what the keys do.
 */
export function useDropdownList({ id, value, options, onChange, onBlur, disabled, narrow }: Options) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const optionId = (index: number) => `${id}-option-${index}`;
  const selected = options.find((option) => option.value === value);
  const filtered = useMemo(() => filterOptions(options, term), [options, term]);

  // The search applies 300 ms after the last change of the text.
  useEffect(() => {
    if (query === term) return;
    const timer = setTimeout(() => setTerm(query), LIMITS.dropdownDebounceMs);
    return () => clearTimeout(timer);
  }, [query, term]);

  // A new result list starts at its first option.
  useEffect(() => setActive(0), [term]);

  useLayoutEffect(() => {
    if (!open) return;
    if (!narrow) search.current?.focus();
  }, [open, narrow]);

  useEffect(() => {
    if (!open) return;
    const option = document.getElementById(optionId(active));
    if (option && list.current?.contains(option)) option.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openList = (initial = '') => {
    if (disabled) return;
    const start = selected && initial === '' ? Math.max(0, options.indexOf(selected)) : 0;
    setQuery(initial);
    setTerm('');
    setOpen(true);
    setActive(initial === '' ? start : 0);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    setTerm('');
    if (refocus) trigger.current?.focus();
    onBlur?.();
  };

  const choose = (option: DropdownOption) => {
    onChange(option.value);
    close(true);
  };

  /** The list as it will be once the pending search applies (Enter right after typing). */
  const settled = () => {
    if (term === query) return filtered;
    setTerm(query);
    return filterOptions(options, query);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const pending = term !== query;
    // Choosing right after typing: the pending search applies at once.
    const current = NAVIGATION_KEYS.includes(event.key) ? settled() : filtered;
    const position = pending ? 0 : active;
    const moved = movedActive(event.key, position, current.length - 1, pending);
    if (moved !== undefined) {
      event.preventDefault();
      setActive(moved);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = current[position];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab' && !narrow) {
      close(false);
    }
  };

  return {
    open,
    query,
    setQuery,
    active,
    setActive,
    selected,
    filtered,
    trigger,
    search,
    list,
    optionId,
    openList,
    close,
    choose,
    onSearchKeyDown,
  };
}
