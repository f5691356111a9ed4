import { Link } from 'react-router-dom';
import { usePendingCount } from '../db/outbox.hooks';
import { useT } from '../i18n/use-t';

/** Header link to the sync centre with the number of items waiting (lazy: it needs Dexie). */
export function SyncBadge() {
  const { t } = useT();
  const count = usePendingCount();
  const name = count === 0 ? t('sync.link.none') : count === 1 ? t('sync.link.one') : t('sync.link.many', { count });
  return (
    <Link to="/sync" className="icon-link sync-badge" aria-label={name} title={name} data-testid="sync-badge" data-count={count}>
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
      {count > 0 && (
        <span className="sync-badge__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
