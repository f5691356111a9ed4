import { useEffect, useState } from 'react';
import { LIMITS, LIST_STATUS_FILTERS } from '../../../domain';
import { useStatusWords } from '../../components/review/review.text';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import { applicationsText } from './applications.text';
import type { ListQuery } from './use-list-query';

/** Spec 02 §9: the search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = LIMITS.dropdownDebounceMs;

/** The list's filters: the search (name, mobile, tracker id), the status and "all" in place of the caller's queue. */
export function ApplicationsFilters({ query }: { query: ListQuery }) {
  const { t } = useFeatureT(applicationsText);
  const words = useStatusWords();
  const { search, status, all, show } = query;
  const [typed, setTyped] = useState(search);

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => show({ q: typed.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text restarts the wait.
  }, [typed]);

  return (
    <div className="applications__filters">
      <div className="field">
        <label htmlFor="applications-search" className="field-label">
          {t('applications.search')}
        </label>
        <input
          id="applications-search"
          className="field-input"
          type="search"
          value={typed}
          aria-describedby="applications-search-hint"
          onChange={(event) => setTyped(event.target.value)}
        />
        <span id="applications-search-hint" className="muted">
          {t('applications.searchHint')}
        </span>
      </div>
      <SearchableDropdown
        id="applications-status"
        label={t('applications.status')}
        value={status}
        options={[
          { value: '', label: t('applications.anyStatus') },
          ...LIST_STATUS_FILTERS.map((value) => ({ value, label: words(value) })),
        ]}
        onChange={(value) => show({ status: value })}
      />
      <label className="applications__toggle">
        <input type="checkbox" checked={all} onChange={(event) => show({ all: event.target.checked })} />
        {t('applications.all')}
      </label>
    </div>
  );
}
