import { useFeatureT } from '../../i18n/feature-text';
import { applicationsText } from './applications.text';

type Props = { page: number; pages: number; loading: boolean; onPage(page: number): void };

/** The list's pages: previous, "page n of m", next. */
export function ApplicationsPager({ page, pages, loading, onPage }: Props) {
  const { t } = useFeatureT(applicationsText);
  return (
    <nav className="pager" aria-label={t('applications.pages')}>
      <button type="button" className="button button--secondary" disabled={page <= 0 || loading} onClick={() => onPage(page - 1)}>
        {t('applications.previous')}
      </button>
      <span aria-live="polite">{t('applications.page', { page: page + 1, pages })}</span>
      <button type="button" className="button button--secondary" disabled={page >= pages - 1 || loading} onClick={() => onPage(page + 1)}>
        {t('applications.next')}
      </button>
    </nav>
  );
}
