import { Link, useSearchParams } from 'react-router-dom';
import { JOIN_US_STATUSES } from '../../../domain';
import type { PartnerRequestSummary } from '../../api/partner-requests.api';
import { formatDateTime } from '../../components/format-time';
import { SearchableDropdown } from '../../components/searchable-dropdown';
import { useFeatureT } from '../../i18n/feature-text';
import { isJoinUsStatus, statusLabel } from './partner-status';
import { RequireReviewer } from './require-reviewer';
import { usePartnerRequestPage } from './use-partner-requests';
import { partnersText } from './partner-requests.text';

/** /partners: the branch manager's list of partner registrations, by status, 10 a page. */
export function PartnerRequestsScreen() {
  return (
    <RequireReviewer>
      <PartnerRequestList />
    </RequireReviewer>
  );
}

function when(createdAt: string): string {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? createdAt : formatDateTime(ms);
}

function PartnerRequestItem({ request, from }: { request: PartnerRequestSummary; from: string }) {
  const { t } = useFeatureT(partnersText);
  return (
    <li className="partner-item">
      <div className="partner-item__top">
        <Link to={`/partners/${encodeURIComponent(String(request.id))}`} state={{ from }} className="partner-item__name">
          {request.first_name} {request.last_name}
        </Link>
        <span className="status-badge" data-status={request.status}>
          {statusLabel(t, request.status)}
        </span>
      </div>
      <p className="muted">
        {request.mobile}
        {request.business_name ? ` · ${request.business_name}` : ''}
      </p>
      <p className="muted">
        {request.city}, {request.state} · {t('partners.received', { time: when(request.created_at) })}
      </p>
    </li>
  );
}

function PartnerRequestList() {
  const { t, tm } = useFeatureT(partnersText);
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? '';
  const status = isJoinUsStatus(rawStatus) ? rawStatus : '';
  const page = Math.max(0, Math.floor(Number(params.get('page')) || 0));
  const { data, error, loading, reload } = usePartnerRequestPage(status, page);
  const pages = Math.max(1, data?.total_pages ?? 1);

  const show = (next: { status?: string; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 0;
    setParams({ ...(nextStatus ? { status: nextStatus } : {}), ...(nextPage > 0 ? { page: String(nextPage) } : {}) });
  };

  return (
    <section className="partners" aria-labelledby="partners-title" aria-busy={loading}>
      <h1 id="partners-title">{t('partners.title')}</h1>
      <div className="partners__filter">
        <SearchableDropdown
          id="partners-status"
          label={t('partners.filter')}
          value={status}
          options={[{ value: '', label: t('partners.all') }, ...JOIN_US_STATUSES.map((value) => ({ value, label: statusLabel(t, value) }))]}
          onChange={(value) => show({ status: value, page: 0 })}
        />
      </div>
      {error ? (
        <div className="partners__error">
          <p role="alert" className="form-error">
            {t('partners.loadFailed')} {tm(error)}
          </p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('partners.retry')}
          </button>
        </div>
      ) : loading && !data ? (
        <p className="route-loading">{t('common.loading')}</p>
      ) : data && data.list.length > 0 ? (
        <>
          <p className="muted" aria-live="polite">
            {t('partners.count', { count: data.total_elements })}
          </p>
          <ul className="partner-list">
            {data.list.map((request) => (
              <PartnerRequestItem key={request.id} request={request} from={params.toString()} />
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('partners.empty')}</p>
      )}
      {data && pages > 1 && (
        <nav className="pager" aria-label={t('partners.title')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 0 || loading}
            onClick={() => show({ page: page - 1 })}
          >
            {t('partners.previous')}
          </button>
          <span aria-live="polite">{t('partners.page', { page: page + 1, pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages - 1 || loading}
            onClick={() => show({ page: page + 1 })}
          >
            {t('partners.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
