import { useT } from '../i18n/use-t';
import type { useDropdownList } from './use-dropdown-list';

type Props = {
  id: string;
  label: string;
  value: string | null | undefined;
  list: ReturnType<typeof useDropdownList>;
};

/** The search box (a combobox) over the listbox of the options that match, and how many do (announced). */
export function DropdownPanel({ id, label, value, list }: Props) {
  const { t } = useT();
  const { filtered, active, setActive, optionId, choose } = list;
  const listId = `${id}-listbox`;
  const activeOption = filtered[active];
  return (
    <div className="dropdown__panel">
      <input
        ref={list.search}
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
        value={list.query}
        onChange={(event) => list.setQuery(event.target.value)}
        onKeyDown={list.onSearchKeyDown}
      />
      <ul ref={list.list} id={listId} role="listbox" aria-labelledby={`${id}-label`} className="dropdown__list">
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
}
