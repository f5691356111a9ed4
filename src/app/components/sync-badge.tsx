import { Link } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import { useOutboxCount } from '../sync/use-outbox-count';

/**
 * Header link to the sync centre with the number of items waiting (lazy: it needs Dexie). Until
 * the outbox has been read it says so (busy, no number): never "synced" while items may wait.
 */
export function SyncBadge() {
  const { t } = useT();
  const count = useOutboxCount();
  const loading = count === undefined;
  const name = loading
    ? t('sync.link.loading')
    : count === 0
      ? t('sync.link.none')
      : count === 1
        ? t('sync.link.one')
        : t('sync.link.many', { count });
  return (
    <Link
      to="/sync"
      className={loading ? 'icon-link sync-badge sync-badge--loading' : 'icon-link sync-badge'}
      aria-label={name}
      aria-busy={loading || undefined}
      title={name}
      data-testid="sync-badge"
      data-count={count}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
        <path
          d="M20 11a8 8 0 0 0-14.3-4.9L4 8m0-4v4h4m-4 5a8 8 0 0 0 14.3 4.9L20 16m0 4v-4h-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {loading ? (
        <span className="sync-badge__count sync-badge__count--loading" aria-hidden="true">
          …
        </span>
      ) : (
        count > 0 && (
          <span className="sync-badge__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )
      )}
    </Link>
  );
}
