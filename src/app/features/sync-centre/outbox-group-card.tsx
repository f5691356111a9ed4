import type { OutboxGroup } from '../../db/outbox.hooks';
import { useT } from '../../i18n/use-t';
import { OutboxEntryItem, type EntryActions } from './outbox-entry-item';

/** The waiting items of one application. */
export function OutboxGroupCard({ group, ...actions }: { group: OutboxGroup } & EntryActions) {
  const { t } = useT();
  const heading = !group.applicationLocalId
    ? t('sync.otherItems')
    : group.application?.serverId
      ? t('sync.application', { id: group.application.tracker_id ?? group.application.serverId })
      : t('sync.applicationLocal');
  const headingId = `outbox-group-${group.applicationLocalId ?? 'other'}`;
  return (
    <section className="card outbox-group" aria-labelledby={headingId} data-testid="outbox-group">
      <h2 id={headingId} className="outbox-group__title">
        {heading}
        {group.application?.name && <span className="muted"> · {group.application.name}</span>}
      </h2>
      <ul className="outbox-group__entries">
        {group.entries.map((entry) => (
          <OutboxEntryItem key={entry.seq} entry={entry} {...actions} />
        ))}
      </ul>
    </section>
  );
}
