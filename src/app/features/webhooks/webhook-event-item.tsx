import { useRef, useState } from 'react';
import { MSG } from '../../../domain';
import { redeliverWebhookEvent, type WebhookEventView } from '../../api/webhooks.api';
import { extractErrorMessage } from '../../api/error-message';
import { NeedsConnection } from '../../components/needs-connection';
import { useOnline } from '../../components/use-online';
import { useFeatureT } from '../../i18n/feature-text';
import { eventCode, outcomeText, stateText, when } from './webhook-words';
import { webhooksText } from './webhooks.text';

type Props = { event: WebhookEventView; canRedeliver: boolean; onRedelivered: (message: string) => void };

/** One event: its type, state in words, every attempt, and "Redeliver". */
export function WebhookEventItem({ event, canRedeliver, onRedelivered }: Props) {
  const { t, tm } = useFeatureT(webhooksText);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per redelivery: a tap retried after a lost answer is the same request.
  const key = useRef<string | null>(null);
  const code = eventCode(event.id);
  const titleId = `webhook-event-${event.id}`;
  const offlineId = `webhook-offline-${event.id}`;

  const redeliver = async () => {
    setBusy(true);
    setError(null);
    key.current ??= crypto.randomUUID();
    try {
      const answer = await redeliverWebhookEvent(event.id, key.current);
      if (answer.success) {
        key.current = null;
        onRedelivered(answer.message ?? '');
      } else setError(answer.message || MSG.somethingWentWrong);
    } catch (caught) {
      setError(extractErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="partner-item webhook-event" aria-labelledby={titleId}>
      <h2 id={titleId} className="device-item__name">
        {t('webhooks.event', { type: t(`webhooks.type.${event.type}` as const), code })}
      </h2>
      <p className="webhook-event__state" data-state={event.state}>
        {stateText(t, event)}
      </p>
      <dl className="webhook-event__facts">
        <dt>{t('webhooks.created')}</dt>
        <dd>{when(event.created_at)}</dd>
        <dt>{t('webhooks.application')}</dt>
        <dd className="webhook-event__id">{event.application_id}</dd>
      </dl>
      <h3 className="webhook-event__attempts-title">{t('webhooks.attempts')}</h3>
      {event.deliveries.length === 0 ? (
        <p className="muted">{t('webhooks.noAttempts')}</p>
      ) : (
        <ol className="webhook-event__attempts">
          {event.deliveries.map((d) => (
            <li key={d.attempt}>
              {t('webhooks.attempt', { n: d.attempt, at: when(d.attempted_at), ms: d.duration_ms, outcome: outcomeText(t, d) })}
            </li>
          ))}
        </ol>
      )}
      {canRedeliver && (
        <div className="device-item__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy || !online}
            aria-label={t('webhooks.redeliverLabel', { code })}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => void redeliver()}
          >
            {busy ? t('webhooks.redelivering') : t('webhooks.redeliver')}
          </button>
          {!online && <NeedsConnection id={offlineId} />}
          {error && (
            <p role="alert" className="form-error">
              {tm(error)}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
