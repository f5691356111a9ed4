import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { LIMITS } from '../../domain';
import { useT } from '../i18n/use-t';
import { Modal } from './modal';

export type DropdownOption = { value: string; label: string };

export type SearchableDropdownProps = {
  id: string;
  label: string;
  value: string | null | undefined;
  options: readonly DropdownOption[];
  onChange(value: string): void;
  /** Shown while nothing is chosen; default 'Select'. */
  placeholder?: string;
  /** The field's message, shown under it and announced. */
  error?: string;
  disabled?: boolean;
  /** Name of a hidden input carrying the value, for a native form. */
  name?: string;
  /** Ids of notes that describe the field. */
  describedBy?: string;
  /** The button that opens the list (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLButtonElement>;
  onBlur?(): void;
};

/** Spec 01 §9: below 576 px the options open in a bottom modal titled 'Select'. */
export const NARROW_QUERY = `(max-width: ${LIMITS.dropdownModalPx - 0.02}px)`;

/** A media query, live (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
      list?.addEventListener?.('change', listener);
      return () => list?.removeEventListener?.('change', listener);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

const NAVIGATION_KEYS = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Enter'];

/** Options whose label contains the search text, case and extra spaces ignored. */
export function filterOptions<T extends DropdownOption>(options: readonly T[], search: string): readonly T[] {
  const needle = search.trim().replace(/\s+/g, ' ').toLowerCase();
  if (needle === '') return options;
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}

/**
 * A select with a search box (spec 01 §5 "Dropdowns"): 'Search...' filters the options 300 ms
 * after the last key, 'No options found' when none match, and on a narrow screen the list opens
 * in a bottom modal titled 'Select'. The button shows the choice; the search box is a combobox
 * driving a listbox with aria-activedescendant (arrows, Home/End, Enter, Escape).
 */
export function SearchableDropdown(props: SearchableDropdownProps) {
  const { id, label, value, options, onChange, placeholder, error, disabled, name, describedBy, ref, onBlur } = props;
  const { t, tm } = useT();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const labelId = `${id}-label`;
  const listId = `${id}-listbox`;
  const errorId = `${id}-error`;
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
    const last = current.length - 1;
    const position = pending ? 0 : active;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(Math.min(position + (pending ? 0 : 1), Math.max(last, 0)));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(position - 1, 0));
        break;
      case 'PageDown':
        event.preventDefault();
        setActive(Math.min(position + 10, Math.max(last, 0)));
        break;
      case 'PageUp':
        event.preventDefault();
        setActive(Math.max(position - 10, 0));
        break;
      case 'Enter': {
        event.preventDefault();
        const option = current[position];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        if (!narrow) close(false);
        break;
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on the closed field starts a search with that character.
      event.preventDefault();
      openList(event.key);
    }
  };

  // The popover closes when the focus leaves the field (not inside the bottom modal).
  const onWrapperBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!open || narrow) return;
    const next = event.relatedTarget as Node | null;
    if (next && event.currentTarget.contains(next)) return;
    close(false);
  };

  const activeOption = filtered[active];
  const described = [describedBy, error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  const panel = (
    <div className="dropdown__panel">
      <input
        ref={search}
        className="field-input dropdown__search"
        type="text"
        role="combobox"
        aria-label={t('dropdown.searchLabel', { label })}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        placeholder={t('dropdown.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKeyDown}
      />
      <ul ref={list} id={listId} role="listbox" aria-labelledby={labelId} className="dropdown__list">
        {filtered.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            className={['dropdown__option', index === active ? 'dropdown__option--active' : ''].filter(Boolean).join(' ')}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== active && setActive(index)}
            onClick={() => choose(option)}
          >
            {option.label}
            {option.value === value && (
              <span className="dropdown__tick" aria-hidden="true">
                ✓
              </span>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className={filtered.length > 0 ? 'visually-hidden' : 'dropdown__empty'}>
        {filtered.length > 0 ? t('dropdown.results', { count: filtered.length }) : t('dropdown.noOptions')}
      </p>
    </div>
  );

  return (
    <div className={['field', 'dropdown', open && !narrow ? 'dropdown--open' : ''].filter(Boolean).join(' ')} onBlur={onWrapperBlur}>
      <label id={labelId} htmlFor={id} className="field-label">
        {label}
      </label>
      <button
        ref={(element) => {
          trigger.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        id={id}
        type="button"
        className={['field-input', 'dropdown__trigger', selected ? '' : 'dropdown__trigger--empty'].filter(Boolean).join(' ')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${id}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={onTriggerKeyDown}
      >
        <span className="dropdown__value">{selected ? selected.label : (placeholder ?? t('dropdown.select'))}</span>
        <span className="dropdown__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      {open && !narrow && panel}
      {open && narrow && (
        <Modal labelledBy={`${id}-sheet-title`} onClose={() => close(true)} className="modal--sheet dropdown-sheet" initialFocus={search}>
          <div className="modal__header">
            <h2 id={`${id}-sheet-title`}>{t('dropdown.select')}</h2>
            <button type="button" className="button button--link" onClick={() => close(true)}>
              {t('common.close')}
            </button>
          </div>
          <p className="dropdown-sheet__label">{label}</p>
          {panel}
        </Modal>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {tm(error)}
        </p>
      )}
    </div>
  );
}
