import { formatBytes, formatDateTime } from '../../components/format-time';
import type { OutboxEntry } from '../../db/records';
import { textOfMessage, useFeatureT } from '../../i18n/feature-text';
import { outboxLabelsText } from '../../i18n/outbox-labels.text';
import { syncCentreText } from './sync-centre.text';

export type EntryActions = { onRetry: (entry: OutboxEntry) => void };

/** The name an entry goes by in the sync centre: 'Upload: PAN', or its label. */
export function useEntryTitle(): (entry: OutboxEntry) => string {
  const { t, lang } = useFeatureT(syncCentreText);
  const label = (entry: OutboxEntry) => textOfMessage(outboxLabelsText, entry.label, lang);
  return (entry) => (entry.request.kind === 'upload' ? t('sync.upload', { label: label(entry) }) : label(entry));
}

/** One waiting item: its state, next try and last error (or the server's message), and Retry (Discard is per application). */
export function OutboxEntryItem({ entry, onRetry }: { entry: OutboxEntry } & EntryActions) {
  const { t, tm } = useFeatureT(syncCentreText);
  const title = useEntryTitle()(entry);
  const titleId = `outbox-entry-${entry.seq}`;
  return (
    <li
      className={`outbox-entry outbox-entry--${entry.state}`}
      data-testid="outbox-entry"
      data-state={entry.state}
      aria-labelledby={titleId}
    >
      <div className="outbox-entry__head">
        <span id={titleId} className="outbox-entry__title">
          {title}
        </span>
        <span className="outbox-entry__state">{t(`sync.state.${entry.state}`)}</span>
      </div>
      {entry.sealed && (
        // Its kind and size only: the content is sealed for the server, and this phone cannot read it back.
        <p className="outbox-entry__detail" data-testid="outbox-entry-sealed">
          {t('sync.sealed', { size: formatBytes(entry.sealed.size) })}
        </p>
      )}
      {entry.state === 'retrying' && (
        <p className="outbox-entry__detail">{t('sync.nextTry', { time: formatDateTime(entry.nextAttemptAt) })}</p>
      )}
      {entry.lastError && (
        <p className={entry.state === 'needs_attention' ? 'outbox-entry__error' : 'outbox-entry__detail'}>
          {entry.state === 'needs_attention'
            ? t('sync.serverSaid', { message: tm(entry.lastError) })
            : t('sync.lastError', { message: tm(entry.lastError) })}
        </p>
      )}
      {entry.state !== 'pending' && (
        <div className="outbox-entry__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('sync.retryNamed', { label: title })}
            onClick={() => onRetry(entry)}
          >
            {t('sync.retry')}
          </button>
        </div>
      )}
    </li>
  );
}
