import type { OutboxGroup } from '../../db/outbox.hooks';
import { useFeatureT } from '../../i18n/feature-text';
import { OutboxEntryItem, type EntryActions } from './outbox-entry-item';
import { syncCentreText } from './sync-centre.text';

/** The heading of a group: the application's tracker or server id, 'not yet on the server', or 'Other items'. */
export function useGroupHeading(): (group: OutboxGroup) => string {
  const { t } = useFeatureT(syncCentreText);
  return (group) =>
    !group.applicationLocalId
      ? t('sync.otherItems')
      : group.application?.serverId
        ? t('sync.application', { id: group.application.tracker_id ?? group.application.serverId })
        : t('sync.applicationLocal');
}

type Props = { group: OutboxGroup; onDiscardGroup: (group: OutboxGroup) => void } & EntryActions;

/** The waiting items of one application, with Retry per item and one Discard for them all. */
export function OutboxGroupCard({ group, onRetry, onDiscardGroup }: Props) {
  const { t } = useFeatureT(syncCentreText);
  const heading = useGroupHeading()(group);
  const headingId = `outbox-group-${group.applicationLocalId ?? 'other'}`;
  const count = group.entries.length;
  return (
    <section className="card outbox-group" aria-labelledby={headingId} data-testid="outbox-group">
      <div className="outbox-group__head">
        <h2 id={headingId} className="outbox-group__title">
          {heading}
          {group.application?.name && (
            <>
              {' '}
              <span className="muted outbox-group__name">{group.application.name}</span>
            </>
          )}
        </h2>
        <p className="outbox-group__count muted">{count === 1 ? t('sync.items.one') : t('sync.items.many', { count })}</p>
      </div>
      <ul className="outbox-group__entries">
        {group.entries.map((entry) => (
          <OutboxEntryItem key={entry.seq} entry={entry} onRetry={onRetry} />
        ))}
      </ul>
      <div className="outbox-group__actions">
        <button
          type="button"
          className="button button--danger"
          aria-label={t('sync.discardGroupNamed', { label: heading })}
          onClick={() => onDiscardGroup(group)}
        >
          {t('sync.discardGroup')}
        </button>
      </div>
    </section>
  );
}
