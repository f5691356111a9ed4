import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime } from '../../components/format-time';
import { NeedsConnection } from '../../components/needs-connection';
import { notifyError } from '../../components/notify';
import { useOnline } from '../../components/use-online';
import { getDb } from '../../db/db';
import { useLastSyncAt, useOutbox } from '../../db/outbox.hooks';
import { discardEntry, retryEntry } from '../../db/outbox.repository';
import type { OutboxEntry } from '../../db/records';
import { useT } from '../../i18n/use-t';
import { syncNow } from '../../sync/page-sync';
import { useEntryTitle } from './outbox-entry-item';
import { OutboxGroupCard } from './outbox-group-card';
import { StorageUsage } from './storage-usage';

/** /sync: what waits to reach the server, per application, with Retry, Discard and Sync now. */
export function SyncCentreScreen() {
  const { t } = useT();
  const online = useOnline();
  const groups = useOutbox();
  const lastSyncAt = useLastSyncAt();
  const entryTitle = useEntryTitle();
  const [syncing, setSyncing] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
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
    await retryEntry(getDb(), entry.seq!);
    void syncNow();
  };

  const discard = async (entry: OutboxEntry) => {
    setDiscarding(null);
    try {
      await discardEntry(getDb(), entry.seq!);
    } catch {
      notifyError('Something went wrong!');
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
              <OutboxGroupCard key={group.applicationLocalId ?? 'other'} group={group} onRetry={(e) => void retry(e)} onDiscard={setDiscarding} />
            ))}
          </div>
        ))}
      <StorageUsage refresh={count} />
      {discarding && (
        <ConfirmDialog
          title={t('sync.discardTitle')}
          message={t('sync.discardBody', { label: entryTitle(discarding) })}
          detail={discarding.request.kind === 'upload' ? t('sync.discardUploadBody') : undefined}
          confirmLabel={t('sync.discard')}
          onConfirm={() => void discard(discarding)}
          onCancel={() => setDiscarding(null)}
        />
      )}
    </section>
  );
}
