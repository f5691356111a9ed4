import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS, LIST_STATUS_FILTERS } from '../../../domain';
import { useStatusWords } from '../../components/review/review.text';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { ApplicationRow } from './application-row';
import { SelfAppliedSection } from './self-applied-section';
import { applicationsText } from './applications.text';
import { FIGURE_NEEDS_CONNECTION, useApplicationsPage } from './use-applications-page';

/** Spec 02 §9: the search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = LIMITS.dropdownDebounceMs;

/**
 * /applications (spec 02 screen 15, §7): search (name, mobile, tracker id), status filter, the
 * caller's queue by default or every application they may see, pages of 10 (zero-based on the
 * wire), expandable rows with Open. Offline, the applications already seen on this phone.
 */
export function ApplicationsScreen() {
  const { t, tm } = useFeatureT(applicationsText);
  const words = useStatusWords();
  const profile = useProfile();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const status = (LIST_STATUS_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : '';
  const all = params.get('all') === '1';
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  // A figure of the dashboard (#/insights): its applications, with the range and officer it was counted for.
  const figureText = params.get('figure');
  const figure = figureText
    ? {
        figure: figureText,
        from: params.get('from') ?? undefined,
        to: params.get('to') ?? undefined,
        officer: params.get('officer') ?? undefined,
      }
    : null;
  const [typed, setTyped] = useState(search);
  const { page: data, loading, error, reload } = useApplicationsPage({ search, status, all, page, figure }, String(profile.id));

  const show = (next: Partial<{ q: string; status: string; all: boolean; page: number; figure: null }>) => {
    const merged = { q: search, status, all, page: 0, figure, ...next };
    setParams(
      {
        ...(merged.figure ? Object.fromEntries(Object.entries(merged.figure).filter(([, v]) => v)) : {}),
        ...(merged.q ? { q: merged.q } : {}),
        ...(merged.status ? { status: merged.status } : {}),
        ...(merged.all ? { all: '1' } : {}),
        ...(merged.page > 0 ? { page: String(merged.page) } : {}),
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => show({ q: typed.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text restarts the wait.
  }, [typed]);

  const pages = Math.max(1, data?.total_pages ?? 1);
  // An empty list says what is empty: the queue, everything, or what the filters asked for (issue 31 N9).
  const emptyText =
    status && search
      ? t('applications.emptyStatusSearch', { status: words(status), search })
      : status
        ? t('applications.emptyStatus', { status: words(status) })
        : search
          ? t('applications.emptySearch', { search })
          : t(all ? 'applications.emptyAll' : 'applications.emptyQueue');

  return (
    <section className="applications" aria-labelledby="applications-title" aria-busy={loading}>
      <h1 id="applications-title">{t('applications.title')}</h1>
      <SelfAppliedSection designation={profile.mfi_employee} />
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
      {figure ? (
        <p className="device-note" role="status">
          {t('applications.figureNote', { from: figure.from ?? '', to: figure.to ?? '' })}{' '}
          <button type="button" className="button button--link" onClick={() => show({ figure: null })}>
            {t('applications.figureClear')}
          </button>
        </p>
      ) : (
        <p className="muted">{all || status || search ? t('applications.allNote') : t('applications.queueNote')}</p>
      )}
      {data?.source === 'device' && (
        <p className="device-note" role="status">
          {data.deviceReason === 'offline' ? t('applications.fromDevice') : t('applications.fromDeviceFailed')}
        </p>
      )}
      {error !== null ? (
        <div>
          <p role="alert" className="form-error">
            {error === FIGURE_NEEDS_CONNECTION ? (
              t('applications.figureOffline')
            ) : (
              <>
                {t('applications.loadFailed')} {error ? tm(error) : ''}
              </>
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('applications.retry')}
          </button>
        </div>
      ) : loading && !data ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : data && data.list.length > 0 ? (
        <>
          <p className="muted" aria-live="polite">
            {t('applications.count', { count: data.total_elements })}
          </p>
          <ul className="applications-list">
            {data.list.map((item) => (
              <ApplicationRow key={item.id} item={item} designation={profile.mfi_employee} />
            ))}
          </ul>
        </>
      ) : (
        <p className="muted" role="status">
          {emptyText}
        </p>
      )}
      {data && pages > 1 && (
        <nav className="pager" aria-label={t('applications.pages')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 0 || loading}
            onClick={() => show({ page: page - 1 })}
          >
            {t('applications.previous')}
          </button>
          <span aria-live="polite">{t('applications.page', { page: page + 1, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages - 1 || loading}
            onClick={() => show({ page: page + 1 })}
          >
            {t('applications.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
