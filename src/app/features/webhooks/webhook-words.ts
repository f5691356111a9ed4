import type { WebhookDeliveryView, WebhookEventView } from '../../api/webhooks.api';
import { formatDateTime } from '../../components/format-time';
import type { FeatureTranslator } from '../../i18n/feature-text';
import type { WebhooksKey } from './webhooks.text';

type T = FeatureTranslator<WebhooksKey>['t'];

export const when = (iso: string): string => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(ms);
};

/** An event is named by the first 8 characters of its id, as the receiver logs it. */
export const eventCode = (id: string): string => id.slice(0, 8);

/** The event's state in words. */
export function stateText(t: T, event: WebhookEventView): string {
  if (event.state === 'delivered') return t('webhooks.state.delivered', { at: event.delivered_at ? when(event.delivered_at) : '' });
  if (event.state === 'failed') return t('webhooks.state.failed');
  return event.next_attempt_at ? t('webhooks.state.pendingNext', { at: when(event.next_attempt_at) }) : t('webhooks.state.pending');
}

/** What one attempt got, in words: the receiver's answer, or why there was none (the server's error). */
export function outcomeText(t: T, delivery: WebhookDeliveryView): string {
  const code = delivery.status_code;
  if (code !== null) {
    if (code >= 200 && code < 300) return t('webhooks.outcome.ok', { code });
    if (code >= 300 && code < 400) return t('webhooks.outcome.redirect', { code });
    return t('webhooks.outcome.refused', { code });
  }
  const error = delivery.error ?? '';
  if (error.startsWith('connection refused')) return t('webhooks.outcome.connection');
  if (error.startsWith('timed out')) return t('webhooks.outcome.timeout');
  if (error.startsWith('address not allowed')) return t('webhooks.outcome.address');
  if (error.startsWith('host not found')) return t('webhooks.outcome.notFound');
  return t('webhooks.outcome.network');
}
