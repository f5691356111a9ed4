import { useStatusWords } from '../../components/review/review.text';
import { useFeatureT } from '../../i18n/feature-text';
import { useProfile } from '../../session/use-session';
import { ApplicationRow } from './application-row';
import { ApplicationsFilters } from './applications-filters';
import { ApplicationsPager } from './applications-pager';
import { SelfAppliedSection } from './self-applied-section';
import { applicationsText } from './applications.text';
import { FIGURE_NEEDS_CONNECTION, useApplicationsPage } from './use-applications-page';
import { useListQuery } from './use-list-query';

/**
 * /applications (spec 02 screen 15, §7): search (name, mobile, tracker id), status filter, the
 * caller's queue by default or every application they may see, pages of 10 (zero-based on the
 * wire), expandable rows with Open. Offline, the applications already seen on this phone.
 */
export function ApplicationsScreen() {
  const { t, tm } = useFeatureT(applicationsText);
  const words = useStatusWords();
  const profile = useProfile();
  const query = useListQuery();
  const { search, status, all, page, figure, show } = query;
  const { page: data, loading, error, reload } = useApplicationsPage({ search, status, all, page, figure }, String(profile.id));

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
      <ApplicationsFilters query={query} />
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
      {data && pages > 1 && <ApplicationsPager page={page} pages={pages} loading={loading} onPage={(next) => show({ page: next })} />}
    </section>
  );
}
