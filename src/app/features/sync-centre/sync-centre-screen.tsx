import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime } from '../../components/format-time';
import { NeedsConnection } from '../../components/needs-connection';
import { notifyError } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { useLastSyncAt, useOutbox, type OutboxGroup } from '../../db/outbox.hooks';
import { discardOutboxEntries, retryOutboxEntry } from '../../db/outbox.actions';
import type { OutboxEntry } from '../../db/records';
import { useFeatureT } from '../../i18n/feature-text';
import { syncNow } from '../../sync/page-sync';
import { discardSummary } from './discard-summary';
import { OutboxGroupCard, useGroupHeading } from './outbox-group-card';
import { StorageUsage } from './storage-usage';
import { syncCentreText } from './sync-centre.text';

/** The confirmation of a group's Discard: how many items, and which photos, documents and steps are lost. */
function DiscardGroupDialog({ group, onConfirm, onCancel }: { group: OutboxGroup; onConfirm: () => void; onCancel: () => void }) {
  const { t, tm } = useFeatureT(syncCentreText);
  const heading = useGroupHeading()(group);
  const lost = discardSummary(group.entries);
  const count = group.entries.length;
  return (
    <ConfirmDialog
      title={t('sync.discardGroupTitle', { count })}
      message={t('sync.discardGroupBody', { label: heading })}
      detail={lost.fileCount > 0 ? t('sync.discardGroupFiles') : undefined}
      confirmLabel={t('sync.discardGroup')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <ul className="discard-list" data-testid="discard-list">
        {lost.fileCount > 0 && (
          <li>{t('sync.discardLosesFiles', { count: lost.fileCount, labels: lost.fileLabels.map(tm).join(', ') })}</li>
        )}
        {lost.steps.length > 0 && (
          <li>{t('sync.discardLosesSteps', { count: lost.steps.length, labels: lost.steps.map(tm).join(', ') })}</li>
        )}
      </ul>
    </ConfirmDialog>
  );
}

/** /sync: what waits to reach the server, per application, with Retry per item, one Discard per application, and Sync now. */
export function SyncCentreScreen() {
  const { t } = useFeatureT(syncCentreText);
  const online = useOnline();
  const groups = useOutbox();
  const lastSyncAt = useLastSyncAt();
  const [syncing, setSyncing] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxGroup | null>(null);
  const count = groups?.reduce((n, g) => n + g.entries.length, 0) ?? 0;
  const signInAgain = groups?.some((g) => g.entries.some((e) => e.lastStatus === 401));

  const runSync = async () => {
    setSyncing(true);
    try {
      await syncNow();
    } finally {
      setSyncing(false);
    }
  };

  const retry = async (entry: OutboxEntry) => {
    await retryOutboxEntry(entry.seq!);
    void syncNow();
  };

  const discard = async (group: OutboxGroup) => {
    setDiscarding(null);
    try {
      await discardOutboxEntries(group.entries.map((entry) => entry.seq!));
    } catch {
      notifyError(t('sync.discardFailed'));
    }
  };

  return (
    <section className="sync-centre" aria-labelledby="sync-title">
      <h1 id="sync-title">{t('sync.title')}</h1>
      <div className="sync-centre__summary">
        <p className="muted" data-testid="last-sync">
          {lastSyncAt ? t('sync.lastSync', { time: formatDateTime(lastSyncAt) }) : t('sync.neverSynced')}
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={!online || syncing}
          aria-describedby={online ? undefined : 'sync-now-offline'}
          onClick={() => void runSync()}
        >
          {syncing ? t('sync.syncing') : t('sync.syncNow')}
        </button>
        {!online && <NeedsConnection id="sync-now-offline" />}
      </div>
      {signInAgain && (
        <p className="form-error" role="alert">
          {t('sync.signInAgain')}
        </p>
      )}
      {groups !== undefined &&
        (count === 0 ? (
          <p className="sync-centre__empty" role="status">
            {t('sync.empty')}
          </p>
        ) : (
          <div className="sync-centre__groups" aria-label={t('sync.waiting')} role="region">
            {groups.map((group) => (
              <OutboxGroupCard
                key={group.applicationLocalId ?? 'other'}
                group={group}
                onRetry={(e) => void retry(e)}
                onDiscardGroup={setDiscarding}
              />
            ))}
          </div>
        ))}
      <StorageUsage refresh={count} />
      {discarding && (
        <DiscardGroupDialog group={discarding} onConfirm={() => void discard(discarding)} onCancel={() => setDiscarding(null)} />
      )}
    </section>
  );
}
