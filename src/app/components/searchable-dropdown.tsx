import type { FocusEvent, Ref } from 'react';
import { LIMITS } from '../../domain';
import { useT } from '../i18n/use-t';
import { openingSearch } from './dropdown-keys';
import type { DropdownOption } from './dropdown-options';
import { DropdownPanel } from './dropdown-panel';
import { DropdownSheet } from './dropdown-sheet';
import { useDropdownList } from './use-dropdown-list';
import { useMediaQuery } from './use-media-query';

export { filterOptions, type DropdownOption } from './dropdown-options';

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
  const list = useDropdownList({ id, value, options, onChange, onBlur, disabled, narrow });
  const { open, selected, close, openList } = list;

  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  // The popover closes when the focus leaves the field (not inside the bottom modal).
  const onWrapperBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!open || narrow) return;
    const next = event.relatedTarget as Node | null;
    if (next && event.currentTarget.contains(next)) return;
    close(false);
  };

  const panel = <DropdownPanel id={id} label={label} value={value} list={list} />;

  return (
    <div className={['field', 'dropdown', open && !narrow ? 'dropdown--open' : ''].filter(Boolean).join(' ')} onBlur={onWrapperBlur}>
      <label id={labelId} htmlFor={id} className="field-label">
        {label}
      </label>
      <button
        ref={(element) => {
          list.trigger.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        id={id}
        type="button"
        className={['field-input', 'dropdown__trigger', selected ? '' : 'dropdown__trigger--empty'].filter(Boolean).join(' ')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-listbox` : undefined}
        aria-labelledby={`${labelId} ${id}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={(event) => {
          // Typing on the closed field starts a search with that character.
          const initial = openingSearch(event);
          if (initial === null) return;
          event.preventDefault();
          openList(initial);
        }}
      >
        <span className="dropdown__value">{selected ? selected.label : (placeholder ?? t('dropdown.select'))}</span>
        <span className="dropdown__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      {open && !narrow && panel}
      {open && narrow && (
        <DropdownSheet id={id} label={label} search={list.search} onClose={() => close(true)}>
          {panel}
        </DropdownSheet>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {tm(error)}
        </p>
      )}
    </div>
  );
}
